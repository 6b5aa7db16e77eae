import { customerAccounts } from "../../db/schema";
import { anyOf, inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { isUuid } from "../ids";

/** "First Last" of each of these customer accounts of the brand, in one query (for a page's rows). */
export async function customerNames(ctx: Context, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id && isUuid(id))))];
  if (wanted.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: customerAccounts.id, firstName: customerAccounts.firstName, lastName: customerAccounts.lastName })
    .from(customerAccounts)
    .where(inBrand(ctx, customerAccounts, anyOf(customerAccounts.id, wanted)));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`]));
}

/** A page's rows, each with its customer's name beside customer_account_id. */
export async function withCustomerNames<R extends { customer_account_id: string }>(ctx: Context, rows: R[]): Promise<(R & { customer_name: string })[]> {
  const names = await customerNames(
    ctx,
    rows.map((r) => r.customer_account_id),
  );
  return rows.map((r) => ({ ...r, customer_name: names.get(r.customer_account_id) ?? "—" }));
}
