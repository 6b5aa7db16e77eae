import { formatAmount } from "../money";
import type { DunningRuleRead } from "./read";

/** A dunning rule as DunningRule/Update's parameters would leave it as it is: the edit form's starting values ("25.00", "" for nothing). */
export const dunningRuleParams = (r: DunningRuleRead) => ({
  rule_id: r.id,
  product_group_id: r.productGroupId,
  name: r.name,
  description: r.description,
  overdue_days: String(r.overdueDays),
  overdue_amount: formatAmount(r.overdueAmountCents, r.currency),
  enforcement_action: r.action,
  post_url: r.postUrl ?? "",
});
