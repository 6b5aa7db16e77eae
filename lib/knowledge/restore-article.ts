import { eq } from "drizzle-orm";
import { findInBrand } from "../scope";
import { kbArticles, kbCategories } from "../../db/schema";
import type { Context } from "../auth/context";
import { invalidState } from "../errors";
import { assertRestoreWindow, STATUS } from "../lifecycle";
import { findArticle } from "./queries";
import { articleView } from "./view";

/** Restores a deleted article within 90 days of its deletion, while its category is live. */
export async function restoreArticle({ ctx, input }: { ctx: Context; input: { article_id: string } }) {
  const current = await findArticle(ctx, input.article_id, { deleted: "require" });
  assertRestoreWindow(current.deletedAt, ctx.now(), "article");
  const category = await findInBrand(ctx, kbCategories, current.categoryId, "Category", "article_id", { forUpdate: true });
  if (category.status === STATUS.DELETED) throw invalidState("The category of this article is deleted; restore it first", "article_id");
  const [row] = await ctx.db
    .update(kbArticles)
    .set({ status: STATUS.ACTIVE, deletedAt: null, updatedAt: ctx.now() })
    .where(eq(kbArticles.id, current.id))
    .returning();
  return articleView(row);
}
