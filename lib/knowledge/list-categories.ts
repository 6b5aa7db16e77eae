import { asc, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { containsFilter, defineList, equalsFilter, idFilter, liveUnlessById } from "../lists";
import { inBrand } from "../../db/scope";
import { kbCategories as t } from "../../db/schema";
import type { Context } from "../auth/context";
import { liveArticleCounts } from "./queries";
import type { ListCategoriesInput } from "./schemas";
import { categoryView } from "./view";

const TYPE_FILTER = { PARENT: "PRIMARY", SUB: "SUB" } as const;

/** Live categories (or one by id, even deleted), by name; `q` searches the name. */
export const categoryList = defineList({
  table: t,
  filters: {
    id: idFilter(t.id),
    categoryType: equalsFilter(t.categoryType, z.enum(["PRIMARY", "SUB"])),
    parentId: idFilter(t.parentId),
    name: containsFilter(t.name),
  },
  scope: liveUnlessById(t.deletedAt),
  search: [t.name],
  sortable: { name: t.name, created_at: t.createdAt },
  defaultSort: { key: "name", dir: "asc" },
  read: (_ctx, rows) => rows.map(categoryView),
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
  const parentIds = parents.map((r) => r.category_id);
  const subs = parentIds.length
    ? await ctx.db
        .select()
        .from(t)
        .where(inBrand(ctx, t, inArray(t.parentId, parentIds), isNull(t.deletedAt)))
        .orderBy(asc(t.name), asc(t.id))
    : [];
  const counts = await liveArticleCounts(ctx, [...parentIds, ...subs.map((c) => c.id)]);
  const items = parents.map((parent) => ({
    ...parent,
    article_count: counts.get(parent.category_id) ?? 0,
    sub_categories: subs.filter((s) => s.parentId === parent.category_id).map((s) => ({ ...categoryView(s), article_count: counts.get(s.id) ?? 0 })),
  }));
  return { items, total: items.length };
}
