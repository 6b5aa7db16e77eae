import { asc, eq, ilike, inArray, isNull } from "drizzle-orm";
import { filters, impossibleIds, inBrand } from "../../db/scope";
import { kbCategories } from "../../db/schema";
import type { Context } from "../auth/context";
import { containsPattern, liveArticleCounts } from "./queries";
import type { ListCategoriesInput } from "./schemas";
import { categoryView } from "./view";

const TYPE_FILTER = { PARENT: "PRIMARY", SUB: "SUB" } as const;

/** Live categories (or one by id, even deleted); with show_sub_categories=Y each PRIMARY one carries its sub categories and article counts. */
export async function listCategories({ ctx, input }: { ctx: Context; input: ListCategoriesInput }) {
  if (impossibleIds(input.category_id, input.parent_category_id)) return { items: [], total: 0 };
  const rows = await ctx.db
    .select()
    .from(kbCategories)
    .where(
      inBrand(
        ctx,
        kbCategories,
        input.category_id ? eq(kbCategories.id, input.category_id) : isNull(kbCategories.deletedAt),
        input.category_type ? eq(kbCategories.categoryType, TYPE_FILTER[input.category_type]) : undefined,
        ...filters([[kbCategories.parentId, input.parent_category_id]]),
        input.name ? ilike(kbCategories.name, containsPattern(input.name)) : undefined,
      ),
    )
    .orderBy(asc(kbCategories.name), asc(kbCategories.id));
  if (input.show_sub_categories !== "Y") return { items: rows.map(categoryView), total: rows.length };

  const parentIds = rows.map((r) => r.id);
  const subs = parentIds.length
    ? await ctx.db
        .select()
        .from(kbCategories)
        .where(inBrand(ctx, kbCategories, inArray(kbCategories.parentId, parentIds), isNull(kbCategories.deletedAt)))
        .orderBy(asc(kbCategories.name), asc(kbCategories.id))
    : [];
  const counts = await liveArticleCounts(ctx, [...rows, ...subs].map((c) => c.id));
  const withCount = (c: (typeof rows)[number]) => ({ ...categoryView(c), article_count: counts.get(c.id) ?? 0 });
  const items = rows.map((parent) => ({
    ...withCount(parent),
    sub_categories: subs.filter((s) => s.parentId === parent.id).map(withCount),
  }));
  return { items, total: items.length };
}
