import { eq, type SQL } from "drizzle-orm";
import { customerAccounts, customerUsers } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { STATUS, type Status } from "../lifecycle";
import type { AccountRow } from "./columns";
import { accountView } from "./view";

/** Moves an account and the chosen users of it to `status` (deleted_at set on delete, cleared otherwise). */
export async function setAccountStatus(ctx: Context, account: AccountRow, status: Status, usersToMove: SQL | undefined) {
  const now = ctx.now();
  const deletedAt = status === STATUS.DELETED ? now : null;
  await ctx.db
    .update(customerUsers)
    .set({ status, deletedAt, updatedAt: now })
    .where(inBrand(ctx, customerUsers, eq(customerUsers.customerAccountId, account.id), usersToMove));
  const [row] = await ctx.db.update(customerAccounts).set({ status, deletedAt, updatedAt: now }).where(eq(customerAccounts.id, account.id)).returning();
  return accountView(row, ctx.brand.currency);
}
