import { eq } from "drizzle-orm";
import { kbArticles } from "../../db/schema";
import type { Context } from "../auth/context";
import { findArticle, findCategory } from "./queries";
import type { UpdateArticleInput } from "./schemas";
import { articleView } from "./view";

/** Changes a live article; summary absent is kept, sent empty is cleared. view_count is untouched. */
export async function updateArticle({ ctx, input }: { ctx: Context; input: UpdateArticleInput }) {
  const current = await findArticle(ctx, input.article_id, { deleted: "refuse" });
  const category = await findCategory(ctx, input.category_id, "category_id", { deleted: "refuse" });
  const [row] = await ctx.db
    .update(kbArticles)
    .set({
      categoryId: category.id,
      title: input.title,
      ...(input.summary === undefined ? {} : { summary: input.summary }),
      contents: input.contents,
      tags: input.tags,
      visibility: input.visibility,
      updatedAt: ctx.now(),
    })
    .where(eq(kbArticles.id, current.id))
    .returning();
  return articleView(row);
}
