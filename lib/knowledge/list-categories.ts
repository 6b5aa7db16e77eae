import { asc, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { containsFilter, defineList, equalsFilter, idFilter, liveUnlessById } from "../lists";
import { inBrand } from "../../db/scope";
import { kbCategories as t } from "../../db/schema";
import type { Context } from "../auth/context";
import { liveArticleCounts } from "./queries";
import { VISIBILITY, type ListCategoriesInput } from "./schemas";
import { readCategory, type CategoryWithSubsRead } from "./read";

const TYPE_FILTER = { PARENT: "PRIMARY", SUB: "SUB" } as const;

const parent = alias(t, "kb_parent_category");

/** A category's columns, of the table or an alias of it. */
type CategoryColumns = Record<"visibility" | "deletedAt" | "parentId" | "brandId", PgColumn>;

/** A category customers may see (the portal's help centre): visible and live, and so is its parent when it has one. */
export const shownToCustomers = (c: CategoryColumns): SQL =>
  sql`(${c.visibility} = ${VISIBILITY.VISIBLE} and ${c.deletedAt} is null and (${c.parentId} is null or exists (
    select 1 from ${t} ${parent}
    where ${parent.id} = ${c.parentId} and ${parent.brandId} = ${c.brandId} and ${parent.visibility} = ${VISIBILITY.VISIBLE} and ${parent.deletedAt} is null)))`;

const staffScope = liveUnlessById(t.deletedAt);

/** Live categories (or one by id, even deleted), by name; `q` searches the name. A customer reads only those the help centre shows. */
export const categoryList = defineList({
  table: t,
  portal: "brand",
  filters: {
    id: idFilter(t.id),
    categoryType: equalsFilter(t.categoryType, z.enum(["PRIMARY", "SUB"])),
    parentId: idFilter(t.parentId),
    name: containsFilter(t.name),
  },
  scope: (f, ctx) => (ctx.actor.kind === "customer" ? shownToCustomers(t) : staffScope(f)),
  search: [t.name],
  sortable: { name: t.name, created_at: t.createdAt },
  defaultSort: { key: "name", dir: "asc" },
  read: (_ctx, rows) => rows.map(readCategory),
});
export const listCategoriesPage = categoryList.page;

/** Live categories (or one by id, even deleted); with show_sub_categories=Y each PRIMARY one carries its sub categories and article counts. */
export async function listCategories({ ctx, input }: { ctx: Context; input: ListCategoriesInput }) {
  const filters = {
    id: input.category_id,
    categoryType: input.category_type ? TYPE_FILTER[input.category_type] : undefined,
    parentId: input.parent_category_id,
    name: input.name,
  };
  if (input.show_sub_categories !== "Y") {
    const { rows, total } = await categoryList.window(ctx, { filters });
    return { items: rows, total };
  }
  // Each listed category with its live sub categories (by name) and the article counts of both.
  const { rows: parents } = await categoryList.window(ctx, { filters });
  const parentIds = parents.map((r) => r.id);
  const subs = parentIds.length
    ? await ctx.db
        .select()
        .from(t)
        .where(inBrand(ctx, t, inArray(t.parentId, parentIds), isNull(t.deletedAt)))
        .orderBy(asc(t.name), asc(t.id))
    : [];
  const counts = await liveArticleCounts(ctx, [...parentIds, ...subs.map((c) => c.id)]);
  const items = parents.map((p): CategoryWithSubsRead => ({
    // Shared parts spread last: a leading spread is slow per row (eslint.config.mjs).
    articleCount: counts.get(p.id) ?? 0,
    subCategories: subs.filter((s) => s.parentId === p.id).map((s) => Object.assign(readCategory(s), { articleCount: counts.get(s.id) ?? 0 })),
    ...p,
  }));
  return { items, total: items.length };
}
