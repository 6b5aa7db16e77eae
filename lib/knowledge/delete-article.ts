import { eq } from "drizzle-orm";
import { kbArticles } from "../../db/schema";
import type { Context } from "../auth/context";
import { STATUS } from "../lifecycle";
import { findArticle } from "./queries";
import { articleView } from "./view";

/** Deletes an article; Article/Restore brings it back within 90 days. */
export async function deleteArticle({ ctx, input }: { ctx: Context; input: { article_id: string } }) {
  const current = await findArticle(ctx, input.article_id, { deleted: "refuse" });
  const now = ctx.now();
  const [row] = await ctx.db
    .update(kbArticles)
    .set({ status: STATUS.DELETED, deletedAt: now, updatedAt: now })
    .where(eq(kbArticles.id, current.id))
    .returning();
  return articleView(row);
}
