import { asc, inArray, ne } from "drizzle-orm";
import { productGroups, products } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { isUuid } from "../ids";
import { STATUS } from "../lifecycle";

/** Names of the brand's groups (or products) by id, deleted ones too, so a list page can link a row to its group in one query. */
async function namesOf(ctx: Context, table: typeof productGroups | typeof products, ids: (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id) && isUuid(id!)))];
  if (!wanted.length) return new Map<string, string>();
  const rows = await ctx.db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inBrand(ctx, table, inArray(table.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export const productGroupNames = (ctx: Context, ids: (string | null | undefined)[]) => namesOf(ctx, productGroups, ids);
export const productNames = (ctx: Context, ids: (string | null | undefined)[]) => namesOf(ctx, products, ids);

/** The groups a new product, component or dunning rule can join (not deleted), by name, for a form's picker or a list's filter. */
export async function productGroupChoices(ctx: Context) {
  const rows = await ctx.db
    .select({ id: productGroups.id, name: productGroups.name, status: productGroups.status })
    .from(productGroups)
    .where(inBrand(ctx, productGroups, ne(productGroups.status, STATUS.DELETED)))
    .orderBy(asc(productGroups.name), asc(productGroups.id))
    .limit(MAX_CHOICES);
  return rows.map((g) => ({ value: g.id, label: g.status === STATUS.SUSPENDED ? `${g.name} (suspended)` : g.name }));
}

/** Products a coupon can be restricted to (not deleted), by name. */
export async function productChoices(ctx: Context) {
  const rows = await ctx.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inBrand(ctx, products, ne(products.status, STATUS.DELETED)))
    .orderBy(asc(products.name), asc(products.id))
    .limit(MAX_CHOICES);
  return rows.map((p) => ({ value: p.id, label: p.name }));
}

/** A picker lists at most this many; a brand with more types an id (rare for a catalog). */
export const MAX_CHOICES = 500;
