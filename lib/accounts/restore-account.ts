import { and, gte, isNull, ne, or } from "drizzle-orm";
import { customerUsers } from "../../db/schema";
import type { Context } from "../auth/context";
import { assertRestoreWindow, assertStatus, RESTORE_WINDOW_DAYS, STATUS } from "../lifecycle";
import { findAccount } from "./queries";
import type { AccountIdInput } from "./schemas";
import { setAccountStatus } from "./status";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Account/Restore: suspended, or deleted within 90 days -> active, with its users (but not users deleted longer ago). */
export async function restoreAccount({ ctx, input }: { ctx: Context; input: AccountIdInput }) {
  const account = await findAccount(ctx, input.customer_account_id, "customer_account_id", { forUpdate: true });
  assertStatus(account.status, [STATUS.SUSPENDED, STATUS.DELETED], "Only a suspended or deleted customer account can be restored");
  const now = ctx.now();
  assertRestoreWindow(account.deletedAt, now, "customer account");
  const windowStart = new Date(now.getTime() - RESTORE_WINDOW_DAYS * DAY_MS);
  const restorable = and(ne(customerUsers.status, STATUS.ACTIVE), or(isNull(customerUsers.deletedAt), gte(customerUsers.deletedAt, windowStart)));
  return setAccountStatus(ctx, account, STATUS.ACTIVE, restorable);
}
