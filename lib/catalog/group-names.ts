import { inArray } from "drizzle-orm";
import { productGroups, products } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { isUuid } from "../ids";

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
