import { components } from "../../db/schema";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import { findLiveGroup } from "./queries";
import type { CreateComponentInput } from "./schemas";
import { componentValues } from "./values";
import { componentView } from "./view";

export async function createComponent({ ctx, input }: { ctx: Context; input: CreateComponentInput }) {
  await findLiveGroup(ctx, input.product_group_id);
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(components)
    .values({ ...componentValues(input, null), id: newId(), brandId: ctx.brand.id, createdAt: now, updatedAt: now })
    .returning();
  return componentView(row, ctx.brand.currency);
}
