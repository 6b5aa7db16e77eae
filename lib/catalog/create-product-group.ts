import { productGroups } from "../../db/schema";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import type { CreateProductGroupInput } from "./schemas";
import { productGroupValues } from "./values";
import { productGroupView } from "./view";

export async function createProductGroup({ ctx, input }: { ctx: Context; input: CreateProductGroupInput }) {
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(productGroups)
    .values({
      ...productGroupValues(input),
      id: newId(),
      brandId: ctx.brand.id,
      name: input.name,
      description: input.description,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return productGroupView(row);
}
