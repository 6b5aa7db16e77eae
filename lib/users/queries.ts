import { eq, ne } from "drizzle-orm";
import { customerAccounts, customerUsers } from "../../db/schema";
import { inBrand } from "../../db/scope";
import { findInBrand } from "../scope";
import { duplicateEmail, sameText } from "../accounts/queries";
import type { Context } from "../auth/context";
import { STATUS } from "../lifecycle";
import type { UserRow } from "./read";

export const findUser = (ctx: Context, id: string, parameter = "user_id", opts: { forUpdate?: boolean } = {}) =>
  findInBrand(ctx, customerUsers, id, "User", parameter, opts);

const USER_EMAIL_TAKEN = "email_address is already used by another user of this customer account";
export const userEmailTaken = () => duplicateEmail(USER_EMAIL_TAKEN);

/** Errors 6: a user's email_address is unique on its customer account. */
export async function assertUserEmailFree(ctx: Context, accountId: string, email: string, exceptId?: string) {
  const [clash] = await ctx.db
    .select({ id: customerUsers.id })
    .from(customerUsers)
    .where(
      inBrand(
        ctx,
        customerUsers,
        eq(customerUsers.customerAccountId, accountId),
        sameText(customerUsers.emailAddress, email),
        exceptId ? ne(customerUsers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw userEmailTaken();
}

/** Users matching a sign-in name, with whether they and their account may sign in. */
export async function usersSigningInAs(ctx: Context, by: { email?: string | null; username?: string | null }) {
  if (!by.email && !by.username) return [];
  const rows = await ctx.db
    .select({ user: customerUsers, accountStatus: customerAccounts.status })
    .from(customerUsers)
    .innerJoin(customerAccounts, eq(customerAccounts.id, customerUsers.customerAccountId))
    .where(
      inBrand(
        ctx,
        customerUsers,
        by.email ? sameText(customerUsers.emailAddress, by.email) : undefined,
        by.username ? sameText(customerUsers.username, by.username) : undefined,
      ),
    )
    .orderBy(customerUsers.createdAt, customerUsers.id)
    .limit(50);
  return rows.map((r) => ({ user: r.user, active: mayUseAccount(r.user, r.accountStatus) }));
}

/** Only an active user of an active account signs in or verifies. */
export const mayUseAccount = (user: UserRow, accountStatus: number) => user.status === STATUS.ACTIVE && accountStatus === STATUS.ACTIVE;

export async function accountStatusOf(ctx: Context, user: UserRow) {
  const [row] = await ctx.db
    .select({ status: customerAccounts.status })
    .from(customerAccounts)
    .where(inBrand(ctx, customerAccounts, eq(customerAccounts.id, user.customerAccountId)));
  return row.status;
}
