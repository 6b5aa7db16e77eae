import type { dunningRules } from "../../db/schema";
import { formatAmount } from "../money";
import type { CreateDunningRuleInput } from "./schemas";
import { readDunningRule, type DunningRuleRead } from "./read";

export type DunningRule = typeof dunningRules.$inferSelect;

/** The wire: a dunning rule as the API answers it, from its read row. Only lib/api calls it (and the write verbs through dunningRuleView). */
export const dunningRuleToWire = (r: DunningRuleRead) => ({
  rule_id: r.id,
  product_group_id: r.productGroupId,
  name: r.name,
  description: r.description,
  overdue_days: r.overdueDays,
  overdue_amount: formatAmount(r.overdueAmountCents, r.currency),
  enforcement_action: r.action,
  post_url: r.postUrl,
  created: r.createdAt,
  updated: r.updatedAt,
});

/** What the write verbs answer today: the wire of the rule as it now stands. */
export const dunningRuleView = (r: DunningRule, currency: string) => dunningRuleToWire(readDunningRule(r, currency));

/** The columns Create and Update write from the shared fields (post_url is resolved by the caller). */
export const ruleValues = (input: Omit<CreateDunningRuleInput, "post_url">, postUrl: string | null) => ({
  productGroupId: input.product_group_id,
  name: input.name,
  description: input.description,
  overdueDays: input.overdue_days,
  overdueAmountCents: input.overdue_amount,
  enforcementAction: input.enforcement_action,
  postUrl,
});
