import { eq } from "drizzle-orm";
import { findInBrand } from "../scope";
import { kbCategories } from "../../db/schema";
import type { Context } from "../auth/context";
import { invalidState } from "../errors";
import { STATUS } from "../lifecycle";
import { findCategory } from "./queries";
import { categoryView } from "./view";

/** Restores a deleted category (no time limit); a sub category only while its parent is live. */
export async function restoreCategory({ ctx, input }: { ctx: Context; input: { category_id: string } }) {
  const current = await findCategory(ctx, input.category_id, "category_id", { deleted: "require" });
  if (current.parentId) {
    const parent = await findInBrand(ctx, kbCategories, current.parentId, "Category", "category_id", { forUpdate: true });
    if (parent.status === STATUS.DELETED) throw invalidState("The parent category of this sub category is deleted; restore it first", "category_id");
  }
  const [row] = await ctx.db
    .update(kbCategories)
    .set({ status: STATUS.ACTIVE, deletedAt: null, updatedAt: ctx.now() })
    .where(eq(kbCategories.id, current.id))
    .returning();
  return categoryView(row);
}
