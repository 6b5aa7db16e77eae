import { defineEndpoint } from "../endpoint";
import {
  ChangeProductParams,
  CreateSubscriptionParams,
  EstimateSubscriptionParams,
  ListSubscriptionsParams,
  ReportUsageParams,
  SubscriptionIdParams,
  UpdateAutoPayParams,
  UpdateSubscriptionParams,
} from "../../subscriptions/schemas";
import { listSubscriptions, MAX_SUBSCRIPTIONS } from "../../subscriptions/list-subscriptions";
import { createSubscription, estimateSubscription } from "../../subscriptions/create-subscription";
import { updateSubscription } from "../../subscriptions/update-subscription";
import { changeProduct } from "../../subscriptions/change-product";
import { deleteSubscription, restoreSubscription, suspendSubscription } from "../../subscriptions/status-changes";
import { reportUsage, updateAutoPay } from "../../subscriptions/usage-and-auto-pay";
import { estimateToWire, subscriptionToWire } from "../../subscriptions/view";

const s = { resource: "Subscription", returns: "subscription" } as const;

export const subscriptionEndpoints = [
  defineEndpoint({
    ...s,
    action: "List",
    method: "GET",
    summary: `Lists subscriptions (at most ${MAX_SUBSCRIPTIONS}) with their components and coupons; coupons that no longer qualify carry qualification_status disqualified.`,
    params: ListSubscriptionsParams,
    list: "subscriptions",
    handler: listSubscriptions,
    wire: subscriptionToWire,
  }),
  defineEndpoint({
    ...s,
    action: "Estimate",
    method: "GET",
    summary:
      "Estimates a new subscription: the up-front charge, the first renewal date and amount, and the lines behind each (no tax). " +
      "With pay_method_id, pay_method_status tells whether Create could charge it: verified, unverified or deleted. " +
      "With auto_pay (Y or N) every figure is priced with that assumption (answered as auto_pay); absent, upfront_total assumes auto pay and next_renewal_total does not (next_renewal_total_with_auto_pay always assumes it). " +
      "With subscription_id, estimates a change of that subscription instead (ChangeProduct to product_id when it differs, remove_components, remove_coupons; then attached_components and coupon_code as Update sets them), made and rolled back, nothing changed: " +
      "charged_now (the proration invoiced at once with the brand's proration prorate), prorated_credit (the proration credited to the prepaid balance), proration_days_left and proration_period_days (the fraction of the period prorated), " +
      "prorated_from_prepaid (what the prepaid balance would pay of charged_now), prepaid_credit and prepaid_taken_back (the prepaid balance's move by a repriced renewal invoice), " +
      "adjustment_invoiced and adjustment_withdrawn (what the change bills beside a paid, final renewal invoice: an invoice adding to it, new or larger, or an unpaid one smaller or withdrawn), repriced_credit (its credit notes on them), " +
      "before and after (the next renewal without and with the change: renewal_date, generated, final, total = issued_total + adjustments_total - credited + usage, paid, balance, lines as the period is priced, usage_lines), upfront_total (= charged_now), next_renewal_date and next_renewal_total (after's); auto_pay absent is the subscription's.",
    params: EstimateSubscriptionParams,
    returns: "estimate",
    // A change is estimated by making it, locks and all, in a savepoint rolled back (lib/subscriptions/estimate-change.ts).
    writes: true,
    refusals: [
      "409 INVALID_STATE for a suspended or deleted product, group or component, or a coupon that does not qualify",
      "400 INVALID_PARAMETER for remove_components or remove_coupons without subscription_id, or billing_day, override_initial_billing or pay_method_id with it",
      "404 NOT_FOUND for a subscription_id that is not the customer account's",
    ],
    handler: estimateSubscription,
    wire: estimateToWire,
  }),
  defineEndpoint({
    ...s,
    action: "Create",
    method: "POST",
    summary: "Subscribes a customer to a product, charging the initial cost in real time unless override_initial_billing is Y.",
    params: CreateSubscriptionParams,
    refusals: [
      "409 INVALID_STATE for an unverified pay method, a suspended or deleted product, group or component, or a coupon that does not qualify",
      "400 INVALID_PARAMETER for components of another group, traditional units other than 1, several coupons not all stackable, a VARn value outside its options",
      "402 PAYMENT_DECLINED when the initial charge is declined (nothing is created)",
    ],
    handler: createSubscription,
  }),
  defineEndpoint({
    ...s,
    action: "Update",
    method: "POST",
    summary: "Changes a subscription at once; the next charge follows the changed data. Usage goes through ReportUsage.",
    params: UpdateSubscriptionParams,
    refusals: ["409 INVALID_STATE for a deleted subscription, or payment_transaction_id on a subscription not created with override_initial_billing Y"],
    handler: updateSubscription,
  }),
  defineEndpoint({
    ...s,
    action: "ChangeProduct",
    method: "POST",
    summary: "Moves the subscription to another product; across product groups only without components (or with remove_components Y).",
    params: ChangeProductParams,
    refusals: ["409 INVALID_STATE when the new product is in another group and components remain without remove_components Y"],
    handler: changeProduct,
  }),
  defineEndpoint({
    ...s,
    action: "Suspend",
    method: "PATCH",
    summary: "Suspends an active subscription (it is not billed while suspended).",
    params: SubscriptionIdParams,
    handler: suspendSubscription,
  }),
  defineEndpoint({
    ...s,
    action: "Delete",
    method: "DELETE",
    summary:
      "Cancels a subscription for good (deleted subscriptions cannot be restored); its invoice generated ahead of a renewal is voided. Deleting it again changes nothing.",
    params: SubscriptionIdParams,
    handler: deleteSubscription,
  }),
  defineEndpoint({
    ...s,
    action: "ReportUsage",
    method: "PATCH",
    summary: "Reports usage of an attached metered or quantitative component: additive adds units, cumulative sets the total.",
    params: ReportUsageParams,
    handler: reportUsage,
  }),
  defineEndpoint({
    ...s,
    action: "Restore",
    method: "PATCH",
    summary: "Restores a suspended subscription (also one suspended by dunning); a deleted one cannot be restored.",
    params: SubscriptionIdParams,
    refusals: ["409 INVALID_STATE for a deleted subscription"],
    handler: restoreSubscription,
  }),
  defineEndpoint({
    ...s,
    action: "UpdateAutoPay",
    method: "PATCH",
    summary: "Turns auto pay on or off; with Y renewals charge pay_method_id, or else the customer's default pay method.",
    params: UpdateAutoPayParams,
    handler: updateAutoPay,
  }),
];
