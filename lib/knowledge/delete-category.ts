import { eq } from "drizzle-orm";
import { kbCategories } from "../../db/schema";
import type { Context } from "../auth/context";
import { invalidState } from "../errors";
import { STATUS } from "../lifecycle";
import { findCategory, liveSubCategoryCount } from "./queries";
import { categoryView } from "./view";

/** Refused while live sub categories remain (spec, Errors 8); its articles stay filed under it. */
export async function deleteCategory({ ctx, input }: { ctx: Context; input: { category_id: string } }) {
  const current = await findCategory(ctx, input.category_id, "category_id", { deleted: "refuse" });
  if ((await liveSubCategoryCount(ctx, current.id)) > 0) {
    throw invalidState("This category still has sub categories; delete or move them first", "category_id");
  }
  const now = ctx.now();
  const [row] = await ctx.db
    .update(kbCategories)
    .set({ status: STATUS.DELETED, deletedAt: now, updatedAt: now })
    .where(eq(kbCategories.id, current.id))
    .returning();
  return categoryView(row);
}
