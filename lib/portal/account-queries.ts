import { accountList } from "../accounts/list-accounts";
import { smsSender } from "../adapters/sms";
import type { Context } from "../auth/context";
import { DomainError, notFound } from "../errors";
import { MAX_USERS_LISTED, userList } from "../users/list-users";
import type { UserRead } from "../users/read";
import { secondFactorMethod } from "./sign-in";

/**
 * The portal's account page: the signed-in user's own profile and, for an ADMIN user of the
 * account, the account's other users (deleted ones are gone from the list). Users are read through
 * the user list with the customer scope (lib/users/read.ts), cut to what the page shows.
 */

export type AccountUser = Pick<
  UserRead,
  "id" | "firstName" | "lastName" | "emailAddress" | "username" | "accessLevel" | "phoneNumberCountryCode" | "phoneNumber" | "status"
>;

const userOf = (u: UserRead): AccountUser => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  emailAddress: u.emailAddress,
  username: u.username,
  accessLevel: u.accessLevel,
  phoneNumberCountryCode: u.phoneNumberCountryCode,
  phoneNumber: u.phoneNumber,
  status: u.status,
});

export async function accountSettings(ctx: Context) {
  if (ctx.actor.kind !== "customer") throw new DomainError("FORBIDDEN", "The portal reads for a signed-in customer only");
  const actor = ctx.actor;
  const [account] = (await accountList.window(ctx, { limit: 1, countTotal: false })).rows;
  const [me] = (await userList.window(ctx, { filters: { id: actor.userId }, limit: 1, countTotal: false })).rows;
  if (!account || !me) throw notFound("Customer account");
  const isAdmin = me.accessLevel === "ADMIN";
  const users = isAdmin ? (await userList.window(ctx, { filters: { live: true }, limit: MAX_USERS_LISTED, countTotal: false })).rows.map(userOf) : [];
  return {
    me: userOf(me),
    isAdmin,
    /** Two-step verification: off, or on with the code sent by email or SMS (see secondFactorMethod). */
    twoStep: { on: me.verified, method: secondFactorMethod(me), smsAvailable: smsSender() !== null },
    /** What a new user starts with (the account's). */
    defaults: { locale: account.locale, timezoneId: account.timezoneId },
    users,
  };
}
export type AccountSettings = Awaited<ReturnType<typeof accountSettings>>;
