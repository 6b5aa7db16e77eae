import { count, eq, inArray, isNull, sql } from "drizzle-orm";
import { inBrand } from "../../db/scope";
import { findInBrand } from "../scope";
import { kbArticles, kbCategories } from "../../db/schema";
import type { Context } from "../auth/context";
import { invalidState } from "../errors";
import { STATUS } from "../lifecycle";
import type { ArticleRow, CategoryRow } from "./read";

type DeletedRule = { deleted: "refuse" | "require" };

function assertDeleted(row: { status: number }, what: string, parameter: string, { deleted }: DeletedRule) {
  const isDeleted = row.status === STATUS.DELETED;
  if (deleted === "refuse" && isDeleted) throw invalidState(`This ${what} is deleted; restore it first`, parameter);
  if (deleted === "require" && !isDeleted) throw invalidState(`This ${what} is not deleted`, parameter);
}

/** A category of the brand, locked for the change (so a concurrent delete and a new child or article serialise). */
export async function findCategory(ctx: Context, id: string, parameter: string, rule: DeletedRule): Promise<CategoryRow> {
  const row = await findInBrand(ctx, kbCategories, id, "Category", parameter, { forUpdate: true });
  assertDeleted(row, "category", parameter, rule);
  return row;
}

export async function findArticle(ctx: Context, id: string, rule: DeletedRule): Promise<ArticleRow> {
  const row = await findInBrand(ctx, kbArticles, id, "Article", "article_id", { forUpdate: true });
  assertDeleted(row, "article", "article_id", rule);
  return row;
}

/** Live sub categories of a category. */
export async function liveSubCategoryCount(ctx: Context, categoryId: string) {
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(kbCategories)
    .where(inBrand(ctx, kbCategories, eq(kbCategories.parentId, categoryId), isNull(kbCategories.deletedAt)));
  return n;
}

/** Live articles per category, for the given categories. */
export async function liveArticleCounts(ctx: Context, categoryIds: string[]) {
  if (!categoryIds.length) return new Map<string, number>();
  const rows = await ctx.db
    .select({ categoryId: kbArticles.categoryId, n: count() })
    .from(kbArticles)
    .where(inBrand(ctx, kbArticles, inArray(kbArticles.categoryId, categoryIds), isNull(kbArticles.deletedAt)))
    .groupBy(kbArticles.categoryId);
  return new Map(rows.map((r) => [r.categoryId, r.n]));
}

/** One more view of an article (spec: each retrieval by article_id adds one to view_count). */
export async function countArticleView(ctx: Context, id: string) {
  await ctx.db
    .update(kbArticles)
    .set({ viewCount: sql`${kbArticles.viewCount} + 1` })
    .where(inBrand(ctx, kbArticles, eq(kbArticles.id, id)));
}

/** `%text%` for ILIKE, with the pattern characters in the text taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
