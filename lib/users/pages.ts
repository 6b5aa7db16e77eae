import type { Context } from "../auth/context";
import { listAccountsPage } from "../accounts/list-accounts";
import { STATUS } from "../lifecycle";

/** Whether the brand has an active customer account (a user needs one). */
export async function anyActiveAccount(ctx: Context) {
  return (await listAccountsPage(ctx, { filters: { status: STATUS.ACTIVE }, pageSize: 1 })).rows.length > 0;
}

/** A customer account's name by id, for a detail page's link (null when not the brand's). */
export async function accountName(ctx: Context, id: string | null) {
  if (!id) return null;
  const a = (await listAccountsPage(ctx, { filters: { customerAccountId: id } })).rows[0];
  return a ? `${a.firstName} ${a.lastName}` : null;
}
