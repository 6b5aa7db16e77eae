import { and, asc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { kbArticles, kbCategories } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { notFound } from "../errors";
import { isUuid } from "../ids";
import { containsPattern } from "../knowledge/queries";
import { sanitizeArticleHtml } from "../knowledge/sanitize";

/**
 * The portal's help centre: the brand's knowledge base as customers see it. Only what is visible
 * (visibility 1) and not deleted shows, and an article only when its category, and that category's
 * parent, are visible too: hiding a category hides everything in it.
 */

const VISIBLE = 1;
const parent = alias(kbCategories, "parent");

/** The article's category is live and visible, and so is its parent when it has one. */
const reachable = (ctx: Context): SQL =>
  and(
    eq(kbCategories.brandId, ctx.brand.id),
    eq(kbCategories.visibility, VISIBLE),
    isNull(kbCategories.deletedAt),
    or(isNull(kbCategories.parentId), and(eq(parent.visibility, VISIBLE), isNull(parent.deletedAt))),
  )!;

const liveArticle = (ctx: Context, ...more: (SQL | undefined)[]) =>
  inBrand(ctx, kbArticles, eq(kbArticles.visibility, VISIBLE), isNull(kbArticles.deletedAt), ...more);

/** Some tag contains the text, in any case (Article/List's `tags`: part of a tag). */
const tagContains = (text: string): SQL => sql`exists (select 1 from unnest(${kbArticles.tags}) as t(tag) where t.tag ilike ${containsPattern(text)})`;

export interface HelpArticleSummary {
  id: string;
  title: string;
  summary: string | null;
  tags: string[];
}

export interface HelpCategory {
  id: string;
  /** "Billing › Invoices" for a sub category. */
  name: string;
  articles: HelpArticleSummary[];
}

/** Visible categories with their visible articles (empty categories left out); `tag` keeps articles with a tag containing it. */
export async function helpIndex(ctx: Context, opts: { tag?: string } = {}): Promise<{ categories: HelpCategory[]; total: number }> {
  const tag = opts.tag?.trim().replace(/^#+/, "").slice(0, 100);
  const rows = await ctx.db
    .select({
      id: kbArticles.id,
      title: kbArticles.title,
      summary: kbArticles.summary,
      tags: kbArticles.tags,
      categoryId: kbCategories.id,
      categoryName: kbCategories.name,
      parentName: parent.name,
    })
    .from(kbArticles)
    .innerJoin(kbCategories, eq(kbCategories.id, kbArticles.categoryId))
    .leftJoin(parent, eq(parent.id, kbCategories.parentId))
    .where(and(liveArticle(ctx, tag ? tagContains(tag) : undefined), reachable(ctx)))
    // A primary category, then its sub categories: by the primary's name, the primary itself first.
    .orderBy(
      asc(sql`coalesce(${parent.name}, ${kbCategories.name})`),
      asc(sql`coalesce(${kbCategories.parentId}, ${kbCategories.id})`),
      asc(sql`${kbCategories.parentId} is not null`),
      asc(kbCategories.name),
      asc(kbArticles.title),
      asc(kbArticles.id),
    )
    .limit(500);
  const byCategory = new Map<string, HelpCategory>();
  for (const r of rows) {
    let c = byCategory.get(r.categoryId);
    if (!c) byCategory.set(r.categoryId, (c = { id: r.categoryId, name: r.parentName ? `${r.parentName} › ${r.categoryName}` : r.categoryName, articles: [] }));
    c.articles.push({ id: r.id, title: r.title, summary: r.summary, tags: r.tags });
  }
  return { categories: [...byCategory.values()], total: rows.length };
}

/**
 * One visible article, its HTML sanitised again on the way out. Reading it counts a view, as a
 * retrieval by article_id does (spec: view_count rises by one on each).
 */
export async function helpArticle(ctx: Context, id: string) {
  if (!isUuid(id)) throw notFound("Article", "article_id");
  const [row] = await ctx.db
    .select({ article: kbArticles, categoryName: kbCategories.name, parentName: parent.name })
    .from(kbArticles)
    .innerJoin(kbCategories, eq(kbCategories.id, kbArticles.categoryId))
    .leftJoin(parent, eq(parent.id, kbCategories.parentId))
    .where(and(liveArticle(ctx, eq(kbArticles.id, id)), reachable(ctx)))
    .limit(1);
  if (!row) throw notFound("Article", "article_id");
  await ctx.db
    .update(kbArticles)
    .set({ viewCount: sql`${kbArticles.viewCount} + 1` })
    .where(inBrand(ctx, kbArticles, eq(kbArticles.id, id)));
  const a = row.article;
  return {
    id: a.id,
    title: a.title,
    summary: a.summary,
    tags: a.tags,
    html: sanitizeArticleHtml(a.contents),
    category: row.parentName ? `${row.parentName} › ${row.categoryName}` : row.categoryName,
    updatedAt: a.updatedAt,
  };
}
