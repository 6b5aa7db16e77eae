import { asc } from "drizzle-orm";
import { kbCategories, type kbArticles } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { DomainError, notFound } from "../errors";
import type { Status } from "../lifecycle";
import { articleList } from "./list-articles";
import { categoryList } from "./list-categories";
import { countArticleView, liveArticleCounts } from "./queries";
import { sanitizeArticleHtml } from "./sanitize";
import type { Visibility } from "./schemas";

export type CategoryRow = typeof kbCategories.$inferSelect;
export type ArticleRow = typeof kbArticles.$inferSelect;

/**
 * Knowledge-base categories and articles as every reader gets them (the dashboard, the portal's help
 * centre, the API's List through toWire in ./view.ts, which only lib/api calls): instants as Dates,
 * the status as the ledger names it, tags as a list.
 */
export interface CategoryRead {
  id: string;
  name: string;
  type: CategoryRow["categoryType"];
  parentId: string | null;
  visibility: Visibility;
  status: Status;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export interface ArticleRead {
  id: string;
  categoryId: string;
  title: string;
  summary: string | null;
  /** HTML, sanitised when it was written (lib/knowledge/sanitize.ts). */
  contents: string;
  tags: string[];
  visibility: Visibility;
  viewCount: number;
  status: Status;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export const readCategory = (c: CategoryRow): CategoryRead => ({
  id: c.id,
  name: c.name,
  type: c.categoryType,
  parentId: c.parentId,
  visibility: c.visibility as Visibility,
  status: c.status as Status,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  deletedAt: c.deletedAt,
});

export const readArticle = (a: ArticleRow): ArticleRead => ({
  id: a.id,
  categoryId: a.categoryId,
  title: a.title,
  summary: a.summary,
  contents: a.contents,
  tags: a.tags,
  visibility: a.visibility as Visibility,
  viewCount: a.viewCount,
  status: a.status as Status,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
  deletedAt: a.deletedAt,
});

/** A category with its live article count (Category/List show_sub_categories, the dashboard's tree). */
export interface CountedCategoryRead extends CategoryRead {
  articleCount: number;
}
/** A PRIMARY category with its live sub categories, by name (Category/List show_sub_categories). */
export interface CategoryWithSubsRead extends CountedCategoryRead {
  subCategories: CountedCategoryRead[];
}
/** The dashboard's tree: a category, its live article count and its sub categories (deleted ones too). */
export interface CategoryNode extends CountedCategoryRead {
  children: CategoryNode[];
}

/** More categories than a knowledge base sensibly has; the tree shows them all on one page. */
export const CATEGORIES_SHOWN = 500;

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
  const nodes = rows.map((r): CategoryNode => Object.assign(readCategory(r), { articleCount: counts.get(r.id) ?? 0, children: [] as CategoryNode[] }));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: CategoryNode[] = [];
  for (const n of nodes) {
    const parent = n.parentId ? byId.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

/** A customer's help centre: how many articles (and categories) it shows at most. */
export const HELP_SHOWN = 500;

export interface HelpCategory {
  id: string;
  /** "Billing › Invoices" for a sub category. */
  name: string;
  articles: ArticleRead[];
}

/** The help centre reads for a signed-in customer only: the lists' customer scope is what keeps hidden articles out. */
function forCustomer(ctx: Context) {
  if (ctx.actor.kind !== "customer") throw new DomainError("FORBIDDEN", "The help centre reads for a signed-in customer only");
}

/** A category's name as customers read it: "Billing › Invoices" for a sub category. */
const pathOf = (c: CategoryRead, parent: CategoryRead | undefined) => (parent ? `${parent.name} › ${c.name}` : c.name);

/**
 * The portal's help centre: the knowledge base as a customer sees it, through the category and
 * article lists with the customer scope (lib/knowledge/list-*.ts: only what is visible and live, and
 * an article only when its category, and that category's parent, are too). Categories with their
 * articles by title, a PRIMARY one before its sub categories (empty ones left out); `tag` keeps the
 * articles with a tag containing it.
 */
export async function helpCentre(ctx: Context, opts: { tag?: string } = {}): Promise<{ categories: HelpCategory[]; total: number }> {
  forCustomer(ctx);
  const tag = opts.tag?.trim().replace(/^#+/, "").slice(0, 100);
  const { rows: categories } = await categoryList.window(ctx, { sort: { key: "name", dir: "asc" }, limit: HELP_SHOWN });
  const { rows: articles } = await articleList.window(ctx, { filters: { tags: tag || null }, sort: { key: "title", dir: "asc" }, limit: HELP_SHOWN });
  // The database's order of names (its collation), as a rank.
  const rank = new Map(categories.map((c, i) => [c.id, i]));
  const byId = new Map(categories.map((c) => [c.id, c]));
  const primaryOf = (c: CategoryRead) => (c.parentId && byId.get(c.parentId)) || c;
  const order = (c: CategoryRead) => [rank.get(primaryOf(c).id)!, c.parentId ? 1 : 0, rank.get(c.id)!];
  const shown = new Map<string, { at: number[]; category: HelpCategory }>();
  for (const a of articles) {
    const c = byId.get(a.categoryId);
    if (!c) continue;
    let entry = shown.get(c.id);
    if (!entry) {
      const name = pathOf(c, c.parentId ? byId.get(c.parentId) : undefined);
      shown.set(c.id, (entry = { at: order(c), category: { id: c.id, name, articles: [] } }));
    }
    entry.category.articles.push(a);
  }
  const sorted = [...shown.values()].sort((x, y) => x.at[0] - y.at[0] || x.at[1] - y.at[1] || x.at[2] - y.at[2]).map((e) => e.category);
  return { categories: sorted, total: sorted.reduce((n, c) => n + c.articles.length, 0) };
}

/**
 * One article of the help centre (the article list with the customer scope: a hidden or deleted one,
 * or one in a hidden category, is NOT_FOUND), its HTML sanitised again on the way out, and its
 * category's name. Reading it counts a view, as a retrieval by article_id does (spec: view_count
 * rises by one on each).
 */
export async function helpArticle(ctx: Context, id: string) {
  forCustomer(ctx);
  const [article] = (await articleList.window(ctx, { filters: { id } })).rows;
  if (!article) throw notFound("Article", "article_id");
  await countArticleView(ctx, article.id);
  const [category] = (await categoryList.window(ctx, { filters: { id: article.categoryId } })).rows;
  const [parent] = category?.parentId ? (await categoryList.window(ctx, { filters: { id: category.parentId } })).rows : [];
  return { article, category: category ? pathOf(category, parent) : "", html: sanitizeArticleHtml(article.contents) };
}
