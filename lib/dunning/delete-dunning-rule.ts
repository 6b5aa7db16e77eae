import { eq } from "drizzle-orm";
import { dunningRules } from "../../db/schema";
import { findInBrand } from "../scope";
import type { Context } from "../auth/context";
import { dunningRuleView } from "./view";

/** A hard delete (the spec has no DunningRule/Restore); the record of actions it took goes with it. */
export async function deleteDunningRule({ ctx, input }: { ctx: Context; input: { rule_id: string } }) {
  const rule = await findInBrand(ctx, dunningRules, input.rule_id, "Dunning rule", "rule_id", { forUpdate: true });
  await ctx.db.delete(dunningRules).where(eq(dunningRules.id, rule.id));
  return dunningRuleView(rule, ctx.brand.currency);
}
