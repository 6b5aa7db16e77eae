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

/** A page's read rows (lib/<domain>/read.ts), each with its customer's name beside customerAccountId. */
export async function withCustomerName<R extends { customerAccountId: string }>(ctx: Context, rows: R[]): Promise<(R & { customerName: string })[]> {
  const names = await customerNames(
    ctx,
    rows.map((r) => r.customerAccountId),
  );
  return rows.map((r) => ({ ...r, customerName: names.get(r.customerAccountId) ?? "—" }));
}

/**
 * A list's page and one record of it by id, each row with its customer's name: what a dashboard
 * list page and a record's page read (null: the brand has no such record, deleted ones included).
 */
export function withCustomerNameReads<I, R extends { customerAccountId: string }>(
  page: (ctx: Context, input: I) => Promise<{ rows: R[]; total: number }>,
  byId: (id: string) => I,
) {
  return {
    page: async (ctx: Context, input: I) => {
      const { rows, total } = await page(ctx, input);
      return { rows: await withCustomerName(ctx, rows), total };
    },
    one: async (ctx: Context, id: string) => {
      if (!isUuid(id)) return null;
      const { rows } = await page(ctx, byId(id));
      return rows[0] ? (await withCustomerName(ctx, [rows[0]]))[0] : null;
    },
  };
}
