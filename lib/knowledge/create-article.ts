import { kbArticles } from "../../db/schema";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import { STATUS } from "../lifecycle";
import { findCategory } from "./queries";
import type { CreateArticleInput } from "./schemas";
import { articleView } from "./view";

/** Files an article under a live category of the brand; contents arrive already sanitised. */
export async function createArticle({ ctx, input }: { ctx: Context; input: CreateArticleInput }) {
  const category = await findCategory(ctx, input.category_id, "category_id", { deleted: "refuse" });
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(kbArticles)
    .values({
      id: newId(),
      brandId: ctx.brand.id,
      categoryId: category.id,
      title: input.title,
      summary: input.summary ?? null,
      contents: input.contents,
      tags: input.tags,
      visibility: input.visibility,
      status: STATUS.ACTIVE,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return articleView(row);
}
