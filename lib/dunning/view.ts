import type { dunningRules } from "../../db/schema";
import { formatAmount } from "../money";
import type { CreateDunningRuleInput } from "./schemas";

export type DunningRule = typeof dunningRules.$inferSelect;

export const dunningRuleView = (r: DunningRule, currency: string) => ({
  rule_id: r.id,
  product_group_id: r.productGroupId,
  name: r.name,
  description: r.description,
  overdue_days: r.overdueDays,
  overdue_amount: formatAmount(r.overdueAmountCents, currency),
  enforcement_action: r.enforcementAction,
  post_url: r.postUrl,
  created: r.createdAt,
  updated: r.updatedAt,
});

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
