import { asc, eq, ne } from "drizzle-orm";
import { selectRows } from "../../db/client";
import { customerAccounts, customerUsers } from "../../db/schema";
import { inAccount } from "../../db/scope";
import { smsSender } from "../adapters/sms";
import type { Context } from "../auth/context";
import { DomainError, notFound } from "../errors";
import { STATUS } from "../lifecycle";
import { secondFactorMethod } from "./sign-in";

/**
 * The portal's account page: the signed-in user's own profile and, for an ADMIN user of the
 * account, the account's other users (deleted ones are gone from the list).
 */

export interface AccountUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  accessLevel: "ADMIN" | "USER";
  phoneCountryCode: string | null;
  phoneNumber: string | null;
  suspended: boolean;
}

const userOf = (u: typeof customerUsers.$inferSelect): AccountUser => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.emailAddress,
  username: u.username,
  accessLevel: u.accessLevel,
  phoneCountryCode: u.phoneNumberCountryCode,
  phoneNumber: u.phoneNumber,
  suspended: u.status === STATUS.SUSPENDED,
});

export async function accountSettings(ctx: Context) {
  if (ctx.actor.kind !== "customer") throw new DomainError("FORBIDDEN", "The portal reads for a signed-in customer only");
  const actor = ctx.actor;
  const [account] = await selectRows(ctx.db, customerAccounts, { where: inAccount(ctx, customerAccounts), limit: 1 });
  const [me] = await selectRows(ctx.db, customerUsers, { where: inAccount(ctx, customerUsers, eq(customerUsers.id, actor.userId)), limit: 1 });
  if (!account || !me) throw notFound("Customer account");
  const isAdmin = me.accessLevel === "ADMIN";
  const users = isAdmin
    ? (
        await selectRows(ctx.db, customerUsers, {
          where: inAccount(ctx, customerUsers, ne(customerUsers.status, STATUS.DELETED)),
          orderBy: [asc(customerUsers.createdAt), asc(customerUsers.id)],
          limit: 300,
        })
      ).map(userOf)
    : [];
  return {
    me: userOf(me),
    isAdmin,
    /** Two-step verification: off, or on with the code sent by email or SMS (see secondFactorMethod). */
    twoStep: { on: me.verified === "Y", method: secondFactorMethod(me), smsAvailable: smsSender() !== null },
    /** What a new user starts with (the account's). */
    defaults: { locale: account.locale, timezoneId: account.timezoneId },
    users,
  };
}
export type AccountSettings = Awaited<ReturnType<typeof accountSettings>>;
