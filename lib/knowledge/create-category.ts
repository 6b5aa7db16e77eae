import { kbCategories } from "../../db/schema";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import { STATUS } from "../lifecycle";
import { resolveParent } from "./parent-category";
import type { CreateCategoryInput } from "./schemas";
import { categoryView } from "./view";

export async function createCategory({ ctx, input }: { ctx: Context; input: CreateCategoryInput }) {
  const parent = await resolveParent(ctx, input.category_type, input.parent_category_id ?? null);
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(kbCategories)
    .values({
      id: newId(),
      brandId: ctx.brand.id,
      name: input.name,
      categoryType: input.category_type,
      parentId: parent?.id ?? null,
      visibility: input.visibility,
      status: STATUS.ACTIVE,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return categoryView(row);
}
