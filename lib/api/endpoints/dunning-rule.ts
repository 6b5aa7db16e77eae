import { defineEndpoint } from "../endpoint";
import { dunningRuleToWire } from "../../dunning/view";
import { CreateDunningRuleParams, DeleteDunningRuleParams, ListDunningRulesParams, UpdateDunningRuleParams } from "../../dunning/schemas";
import { listDunningRules, MAX_DUNNING_RULES_LISTED } from "../../dunning/list-dunning-rules";
import { createDunningRule } from "../../dunning/create-dunning-rule";
import { updateDunningRule } from "../../dunning/update-dunning-rule";
import { deleteDunningRule } from "../../dunning/delete-dunning-rule";

const GROUP_REFUSALS = ["404 NOT_FOUND when product_group_id is not a group of this brand", "409 INVALID_STATE when the product group is deleted"];
const POST_URL_REFUSAL = "400 MISSING_PARAMETER naming post_url when enforcement_action is POST and the rule would have no post_url";

export const dunningRuleEndpoints = [
  defineEndpoint({
    resource: "DunningRule",
    action: "List",
    method: "GET",
    summary: `Lists the brand's dunning rules, oldest first (at most ${MAX_DUNNING_RULES_LISTED}; total says how many matched), optionally of one product group.`,
    params: ListDunningRulesParams,
    returns: "dunning_rule",
    list: "dunning_rules",
    handler: listDunningRules,
    wire: dunningRuleToWire,
  }),
  defineEndpoint({
    resource: "DunningRule",
    action: "Create",
    method: "POST",
    summary:
      "Creates a rule that acts on a subscription invoice of the group overdue by exactly overdue_days with overdue_amount unpaid. " +
      "post_url is required for POST and may be given for other actions, where it is kept but not used.",
    params: CreateDunningRuleParams,
    returns: "dunning_rule",
    refusals: [...GROUP_REFUSALS, POST_URL_REFUSAL],
    handler: createDunningRule,
  }),
  defineEndpoint({
    resource: "DunningRule",
    action: "Update",
    method: "PATCH",
    summary:
      "Changes a rule: every field but post_url is sent again and replaces the stored one (the rule may move to another group); " +
      "post_url absent is kept, sent empty is cleared.",
    params: UpdateDunningRuleParams,
    returns: "dunning_rule",
    refusals: [...GROUP_REFUSALS, POST_URL_REFUSAL],
    handler: updateDunningRule,
  }),
  defineEndpoint({
    resource: "DunningRule",
    action: "Delete",
    method: "DELETE",
    summary: "Deletes a rule for good (there is no restore); answers the rule as it was.",
    params: DeleteDunningRuleParams,
    returns: "dunning_rule",
    handler: deleteDunningRule,
  }),
];
