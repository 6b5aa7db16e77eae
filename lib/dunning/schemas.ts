import { z } from "zod";
import { id, integer, money, oneOf, opt, req, multilineText, text, url } from "../wire/params";
import { reportViolation, type Violation } from "../catalog/rules";

export const ENFORCEMENT_ACTIONS = ["SUSPEND", "DELETE", "REMIND", "POST"] as const;
export type EnforcementAction = (typeof ENFORCEMENT_ACTIONS)[number];

/** Spec, Limits: a dunning rule's description has at least 15 characters. */
export const MIN_DESCRIPTION_CHARS = 15;

/** Counted in characters (code points) without surrounding blanks, so padding cannot make up the 15. */
const description = () =>
  multilineText(2000).refine((s) => [...s.trim()].length >= MIN_DESCRIPTION_CHARS, { error: `must be at least ${MIN_DESCRIPTION_CHARS} characters` });

const ruleId = (description: string) => req(id(), description, { refersTo: "DunningRule" });

/** The fields Create and Update share; Update sends the required ones again every time (spec). */
const ruleFields = {
  product_group_id: req(id(), "The product group whose subscriptions' invoices the rule watches (not a deleted group)", { refersTo: "ProductGroup" }),
  name: req(text(255).min(1, { error: "must not be empty" }), "The rule's name", { example: "Suspend after a week" }),
  description: req(description(), `What the rule is for, at least ${MIN_DESCRIPTION_CHARS} characters`, { example: "Suspend subscriptions unpaid for a week" }),
  overdue_days: req(integer({ min: 1, max: 36_500 }), "The rule applies to an invoice overdue by exactly this many whole days", { example: "7" }),
  overdue_amount: req(money(), "The unpaid amount on the invoice for the rule to apply, like 25.00", { example: "25.00" }),
  enforcement_action: req(
    oneOf(ENFORCEMENT_ACTIONS),
    "SUSPEND suspends the subscription, DELETE cancels it, REMIND sends the Invoice/Reminder notification, POST posts invoice_id, customer_account_id, outstanding_balance and overdue_days to post_url",
    { example: "REMIND", values: ENFORCEMENT_ACTIONS },
  ),
  post_url: opt(
    url(),
    "Fully qualified http(s) address the POST action posts to; required when enforcement_action is POST, kept but unused for the other actions",
  ),
};

/** The one cross-field rule, checked on Create's input and on the values an Update ends up with. */
export function postUrlViolation(action: EnforcementAction, postUrl: string | null | undefined): Violation | null {
  if (action === "POST" && !postUrl) return { parameter: "post_url", code: "MISSING_PARAMETER", message: "is required when enforcement_action is POST" };
  return null;
}

export const ListDunningRulesParams = z.object({
  product_group_id: opt(id(), "Only the rules of this product group", { refersTo: "ProductGroup" }),
});

export const CreateDunningRuleParams = z.object(ruleFields).superRefine((p, c) => reportViolation(postUrlViolation(p.enforcement_action, p.post_url), c));

/** All fields again except post_url, which follows Update semantics (absent keeps it, empty clears it). */
export const UpdateDunningRuleParams = z.object({ rule_id: ruleId("The rule to change"), ...ruleFields });

export const DeleteDunningRuleParams = z.object({ rule_id: ruleId("The rule to delete, for good") });

export type ListDunningRulesInput = z.output<typeof ListDunningRulesParams>;
export type CreateDunningRuleInput = z.output<typeof CreateDunningRuleParams>;
export type UpdateDunningRuleInput = z.output<typeof UpdateDunningRuleParams>;
