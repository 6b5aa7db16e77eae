import { dunningRules } from "../../db/schema";
import type { Context } from "../auth/context";
import { findLiveGroup } from "../catalog/queries";
import { newId } from "../ids";
import type { CreateDunningRuleInput } from "./schemas";
import { dunningRuleView, ruleValues } from "./view";

export async function createDunningRule({ ctx, input }: { ctx: Context; input: CreateDunningRuleInput }) {
  await findLiveGroup(ctx, input.product_group_id);
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(dunningRules)
    .values({ ...ruleValues(input, input.post_url ?? null), id: newId(), brandId: ctx.brand.id, createdAt: now, updatedAt: now })
    .returning();
  return dunningRuleView(row, ctx.brand.currency);
}
