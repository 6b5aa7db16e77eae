import { eq } from "drizzle-orm";
import { dunningRules } from "../../db/schema";
import { findInBrand } from "../scope";
import type { Context } from "../auth/context";
import { findLiveGroup } from "../catalog/queries";
import { assertNoViolation, merged } from "../catalog/rules";
import { postUrlViolation, type UpdateDunningRuleInput } from "./schemas";
import { dunningRuleView, ruleValues } from "./view";

/**
 * The required fields are sent every time and replace the stored ones; the rule may move to another
 * live group of the brand. post_url absent keeps the stored one, empty clears it; either way a POST
 * rule must end up with one.
 */
export async function updateDunningRule({ ctx, input }: { ctx: Context; input: UpdateDunningRuleInput }) {
  const rule = await findInBrand(ctx, dunningRules, input.rule_id, "Dunning rule", "rule_id", { forUpdate: true });
  await findLiveGroup(ctx, input.product_group_id);
  const postUrl = merged(input.post_url, rule.postUrl);
  assertNoViolation(postUrlViolation(input.enforcement_action, postUrl));
  const [row] = await ctx.db
    .update(dunningRules)
    .set({ ...ruleValues(input, postUrl), updatedAt: ctx.now() })
    .where(eq(dunningRules.id, rule.id))
    .returning();
  return dunningRuleView(row, ctx.brand.currency);
}
