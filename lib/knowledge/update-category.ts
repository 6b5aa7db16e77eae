import { eq } from "drizzle-orm";
import { kbCategories } from "../../db/schema";
import type { Context } from "../auth/context";
import { invalidState } from "../errors";
import { resolveParent } from "./parent-category";
import { findCategory, liveSubCategoryCount } from "./queries";
import type { UpdateCategoryInput } from "./schemas";
import { categoryView } from "./view";

/**
 * Changes a live category. parent_category_id absent keeps the stored parent of a SUB category;
 * a PRIMARY category never has one (a SUB turned PRIMARY loses its parent).
 */
export async function updateCategory({ ctx, input }: { ctx: Context; input: UpdateCategoryInput }) {
  const current = await findCategory(ctx, input.category_id, "category_id", { deleted: "refuse" });
  const requested = input.parent_category_id === undefined ? (input.category_type === "SUB" ? current.parentId : null) : input.parent_category_id;
  const parent = await resolveParent(ctx, input.category_type, requested, current.id);
  // Two levels only: a category with sub categories stays PRIMARY.
  if (current.categoryType === "PRIMARY" && input.category_type === "SUB" && (await liveSubCategoryCount(ctx, current.id)) > 0) {
    throw invalidState("This category has sub categories, so it cannot become a sub category itself", "category_type");
  }
  const [row] = await ctx.db
    .update(kbCategories)
    .set({ name: input.name, categoryType: input.category_type, parentId: parent?.id ?? null, visibility: input.visibility, updatedAt: ctx.now() })
    .where(eq(kbCategories.id, current.id))
    .returning();
  return categoryView(row);
}
