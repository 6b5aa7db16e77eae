import { asc, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import { defineList, idFilter, sqlFilter } from "../lists";
import { inBrand } from "../../db/scope";
import { kbArticles, kbCategories } from "../../db/schema";
import type { Context } from "../auth/context";
import { liveArticleCounts } from "./queries";
import { categoryView, listedArticleView } from "./view";

/** More categories than a knowledge base sensibly has; the tree shows them all on one page. */
export const CATEGORIES_SHOWN = 500;

/**
 * The dashboard's articles table: like Article/List, but staff can also list the deleted ones
 * (`deleted` Y) to restore them; `q` searches title, summary and tags' text is left to the API.
 */
export const articlePageList = defineList({
  table: kbArticles,
  filters: {
    id: idFilter(kbArticles.id),
    categoryId: idFilter(kbArticles.categoryId),
    deleted: sqlFilter(z.literal("Y"), () => isNotNull(kbArticles.deletedAt)),
  },
  scope: (f) => (f.deleted || f.id ? undefined : isNull(kbArticles.deletedAt)),
  search: [kbArticles.title, kbArticles.summary],
  sortable: { created_at: kbArticles.createdAt, title: kbArticles.title, view_count: kbArticles.viewCount },
  defaultSort: { key: "title", dir: "asc" },
  read: (_ctx, rows) => rows.map(listedArticleView),
});

export type CategoryNode = ReturnType<typeof categoryView> & { article_count: number; children: CategoryNode[] };

/**
 * Every category of the brand, deleted ones too (so they can be restored), as a tree: PRIMARY
 * categories by name, each with its SUB categories, and each with its live article count.
 */
export async function categoryTree(ctx: Context): Promise<CategoryNode[]> {
  const rows = await ctx.db
    .select()
    .from(kbCategories)
    .where(inBrand(ctx, kbCategories))
    .orderBy(asc(kbCategories.name), asc(kbCategories.id))
    .limit(CATEGORIES_SHOWN);
  const counts = await liveArticleCounts(
    ctx,
    rows.map((r) => r.id),
  );
  const nodes = rows.map((r): CategoryNode => ({ ...categoryView(r), article_count: counts.get(r.id) ?? 0, children: [] }));
  const byId = new Map(nodes.map((n) => [n.category_id, n]));
  const roots: CategoryNode[] = [];
  for (const n of nodes) {
    const parent = n.parent_category_id ? byId.get(n.parent_category_id) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}
