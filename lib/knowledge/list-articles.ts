import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { defineList, deletedFilter, idFilter, liveUnlessById, sqlFilter } from "../lists";
import { filters, inBrand } from "../../db/scope";
import { impossibleIds } from "../scope";
import { kbArticles as t, kbCategories } from "../../db/schema";
import type { Context } from "../auth/context";
import { containsPattern } from "./queries";
import { shownToCustomers } from "./list-categories";
import { readArticle } from "./read";
import { VISIBILITY, type ListArticlesInput } from "./schemas";

/** Some tag contains the text, in any case (a scan of the tags: the spec warns it is slower). */
const tagContains = (text: string): SQL => sql`exists (select 1 from unnest(${t.tags}) as t(tag) where t.tag ilike ${containsPattern(text)})`;

const category = alias(kbCategories, "kb_article_category");

/**
 * What a customer (the portal's help centre) may read: a visible, live article whose category, and
 * that category's parent, are visible and live too (hiding a category hides everything in it), also
 * when asked for by id.
 */
const customerScope = () =>
  and(
    eq(t.visibility, VISIBILITY.VISIBLE),
    isNull(t.deletedAt),
    sql`exists (select 1 from ${kbCategories} ${category} where ${category.id} = ${t.categoryId} and ${category.brandId} = ${t.brandId} and ${shownToCustomers(category)})`,
  );
const staffScope = liveUnlessById(t.deletedAt);

/**
 * Live articles (hidden ones too: visibility does not change listing; a staff page's `deleted` Y:
 * the deleted ones, to restore); `q` searches title and summary. A customer reads only what the
 * help centre shows.
 */
export const articleList = defineList({
  table: t,
  portal: "brand",
  filters: { id: idFilter(t.id), categoryId: idFilter(t.categoryId), tags: sqlFilter(z.string(), tagContains), deleted: deletedFilter(t.deletedAt) },
  scope: (f, ctx) => (ctx.actor.kind === "customer" ? customerScope() : staffScope(f)),
  search: [t.title, t.summary],
  sortable: { created_at: t.createdAt, title: t.title, view_count: t.viewCount },
  defaultSort: { key: "created_at", dir: "asc" },
  read: (_ctx, rows) => rows.map(readArticle),
});
export const listArticlesPage = articleList.page;

/**
 * Live articles filtered by category and part of a tag. By article_id the article is found even
 * when deleted, and each such retrieval adds one to its view_count (the answer includes this view):
 * a write, so not the list query.
 */
export async function listArticles({ ctx, input }: { ctx: Context; input: ListArticlesInput }) {
  if (!input.article_id) {
    const { rows, total } = await articleList.window(ctx, { filters: { categoryId: input.category_id, tags: input.tags } });
    return { items: rows, total };
  }
  if (impossibleIds(input.article_id, input.category_id)) return { items: [], total: 0 };
  const where = inBrand(ctx, t, eq(t.id, input.article_id), ...filters([[t.categoryId, input.category_id]]), input.tags ? tagContains(input.tags) : undefined);
  const rows = await ctx.db
    .update(t)
    .set({ viewCount: sql`${t.viewCount} + 1` })
    .where(where)
    .returning();
  return { items: rows.map(readArticle), total: rows.length };
}
