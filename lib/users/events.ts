import type { AccountRow } from "../accounts/columns";
import type { NotificationPayload } from "../notifications/placeholders";
import { customerPayload } from "../accounts/customer";
import type { UserRow } from "./read";

type UserFields = NonNullable<NotificationPayload["user"]>;

/** The user namespace of a notification event, with any credential it carries. */
export const userFields = (u: UserRow, credentials: UserFields = {}): UserFields => ({
  user_id: u.id,
  username: u.username,
  first_name: u.firstName,
  last_name: u.lastName,
  email_address: u.emailAddress,
  ...credentials,
});

/**
 * The payload of an event addressed to one user (User/PasswdReset, User/2FARequest, User/Create):
 * it goes to the user's own address only. The account's cc_email_address gets no copy: these emails
 * carry, or answer for, one person's credentials.
 */
export const userEventPayload = (account: AccountRow, user: UserRow, credentials?: UserFields): NotificationPayload => ({
  to_email: user.emailAddress,
  customer: customerPayload(account).customer,
  user: userFields(user, credentials),
});

/** An instant as the brand's customers read it, e.g. "11/22/2026, 1:00 PM EST". */
export const localTime = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(at);
