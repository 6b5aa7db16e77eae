import type { Context } from "../auth/context";
import { listAccountsPage } from "../accounts/list-accounts";
import { STATUS } from "../lifecycle";

/** How many accounts a form's account picker offers (by last name); the rest are reached from their page. */
export const ACCOUNT_CHOICES = 100;

/** Active customer accounts as choices for a form's account picker (users, notes, tickets). */
export async function accountChoices(ctx: Context) {
  const { rows } = await listAccountsPage(ctx, { filters: { status: STATUS.ACTIVE }, sort: { key: "last_name", dir: "asc" }, pageSize: ACCOUNT_CHOICES });
  return rows.map((a) => ({
    value: a.customer_account_id,
    label: `${a.first_name} ${a.last_name}${a.company_name ? ` (${a.company_name})` : ""} · ${a.email_address}`,
  }));
}

/** A customer account's name by id, for a detail page's link (null when not the brand's). */
export async function accountName(ctx: Context, id: string | null) {
  if (!id) return null;
  const a = (await listAccountsPage(ctx, { filters: { customerAccountId: id } })).rows[0];
  return a ? `${a.first_name} ${a.last_name}` : null;
}
