import { products } from "../../db/schema";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import { findLiveGroup } from "./queries";
import type { CreateProductInput } from "./schemas";
import { productValues } from "./values";
import { productView } from "./view";

/** A product joins a group that is not deleted (a suspended group may still get products). */
export async function createProduct({ ctx, input }: { ctx: Context; input: CreateProductInput }) {
  const group = await findLiveGroup(ctx, input.product_group_id);
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(products)
    .values({ ...productValues(input, null), id: newId(), brandId: ctx.brand.id, productGroupId: group.id, createdAt: now, updatedAt: now })
    .returning();
  return productView(row, ctx.brand.currency);
}
