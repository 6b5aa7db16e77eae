import { products } from "../../../db/schema";
import { findInBrand } from "../../scope";
import { defineAction, type CustomerAction } from "../../actions/define-action";
import { DomainError } from "../../errors";
import { createPayMethod } from "../../pay-methods/create-pay-method";
import { deletePayMethod } from "../../pay-methods/delete-pay-method";
import { CreatePayMethodParams, PayMethodRefParams, VerifyPayMethodParams } from "../../pay-methods/schemas";
import { setDefaultPayMethod } from "../../pay-methods/set-default-pay-method";
import { verifyPayMethod } from "../../pay-methods/verify-pay-method";
import { createPayment } from "../../payments/create-payment";
import { CreatePaymentParams } from "../../payments/schemas";
import { changeProduct } from "../../subscriptions/change-product";
import { subscriptionOf } from "../../subscriptions/queries";
import { ChangeProductParams, SubscriptionIdParams, UpdateAutoPayParams, UpdateSubscriptionParams } from "../../subscriptions/schemas";
import { deleteSubscription } from "../../subscriptions/status-changes";
import { estimated } from "../../subscriptions/estimate-change";
import { updateSubscription } from "../../subscriptions/update-subscription";
import { updateAutoPay } from "../../subscriptions/usage-and-auto-pay";
import type { z } from "zod";
import { stepped, type StepContext } from "../../run-verb";

/** Staff may move a subscription anywhere; a customer only between the plans offered beside theirs. */
const changePlanVerb = stepped(async ({ ctx, input }: { ctx: StepContext; input: z.output<typeof ChangeProductParams> }) => {
  const d = await subscriptionOf(ctx, input.subscription_id, input.customer_account_id);
  const product = await findInBrand(ctx, products, input.product_id, "Product", "product_id");
  if (product.productGroupId !== d.sub.productGroupId) {
    throw new DomainError("INVALID_PARAMETER", "product_id must be one of the plans your subscription can change to", { parameter: "product_id" });
  }
  return changeProduct.stepped({ ctx, input });
});

/**
 * Billing in the portal: paying invoices, pay methods and changes to the customer's own
 * subscriptions. Every verb is the API's; the account comes from the session, and what only staff
 * may decide (recording an offline payment, skipping verification) is fixed here.
 */
export const billingActions = {
  /** Pays an invoice now by charging one of the customer's verified pay methods (Payment/Create, never override_billing). */
  payInvoice: defineAction({
    audience: "customer",
    endpoint: "Payment/Create",
    schema: CreatePaymentParams,
    // Payment/Create answers the payment with its invoice beside it (WithExtras): a class a server action cannot send.
    verb: stepped(async ({ ctx, input }: { ctx: StepContext; input: z.output<typeof CreatePaymentParams> }) => {
      const answer = await createPayment.stepped({ ctx, input });
      return { ...answer.record, ...answer.extras };
    }),
    fixed: { apply_to_prepaid_balance: "N", override_billing: "N" },
    accepts: ["invoice_id", "pay_method_id", "amount"],
  }),
  /** Adds a card or bank account: the numbers go to the gateway adapter to tokenize and are never kept (PayMethod/Create). */
  addPayMethod: defineAction({
    audience: "customer",
    endpoint: "PayMethod/Create",
    schema: CreatePayMethodParams,
    verb: createPayMethod,
    // A customer's card is checked at once and a bank account waits for its micro-deposits.
    fixed: { require_verification: "Y" },
    accepts: [
      "pay_method_type",
      "card_number",
      "expiration_month",
      "expiration_year",
      "cvv",
      "holder_name",
      "routing_number",
      "account_number",
      "account_type",
    ],
  }),
  /** Confirms a bank account with its two micro-deposit amounts (PayMethod/Verify). */
  verifyPayMethod: defineAction({
    audience: "customer",
    endpoint: "PayMethod/Verify",
    schema: VerifyPayMethodParams,
    verb: verifyPayMethod,
    accepts: ["pay_method_id", "amount_1", "amount_2"],
  }),
  setDefaultPayMethod: defineAction({
    audience: "customer",
    endpoint: "PayMethod/SetDefault",
    schema: PayMethodRefParams,
    verb: setDefaultPayMethod,
    accepts: ["pay_method_id"],
  }),
  removePayMethod: defineAction({
    audience: "customer",
    endpoint: "PayMethod/Delete",
    schema: PayMethodRefParams,
    verb: deletePayMethod,
    accepts: ["pay_method_id"],
  }),
  /** Moves a subscription to another plan of its own product group (Subscription/ChangeProduct). */
  changePlan: defineAction({
    audience: "customer",
    endpoint: "Subscription/ChangeProduct",
    schema: ChangeProductParams,
    verb: changePlanVerb,
    accepts: ["subscription_id", "product_id"],
  }),
  /** What changePlan would invoice and credit, before it is confirmed. */
  estimateChangePlan: defineAction({
    audience: "customer",
    endpoint: "Subscription/ChangeProduct",
    schema: ChangeProductParams,
    verb: estimated(changePlanVerb),
    accepts: ["subscription_id", "product_id"],
  }),
  /** What updateSubscription (add-ons, units, a coupon) would invoice and credit, before it is confirmed. */
  estimateUpdate: defineAction({
    audience: "customer",
    endpoint: "Subscription/Update",
    schema: UpdateSubscriptionParams,
    verb: estimated(updateSubscription),
    accepts: ["subscription_id", "attached_components", "coupon_code", "auto_pay"],
  }),
  /** Add-ons and coupons (Subscription/Update); auto_pay is sent as it is, the fields not accepted are left alone. */
  updateSubscription: defineAction({
    audience: "customer",
    endpoint: "Subscription/Update",
    schema: UpdateSubscriptionParams,
    verb: updateSubscription,
    accepts: ["subscription_id", "attached_components", "coupon_code", "auto_pay"],
  }),
  /** Automatic payment on or off, and which pay method renewals charge (Subscription/UpdateAutoPay). */
  updateAutoPay: defineAction({
    audience: "customer",
    endpoint: "Subscription/UpdateAutoPay",
    schema: UpdateAutoPayParams,
    verb: updateAutoPay,
    accepts: ["subscription_id", "auto_pay", "pay_method_id"],
  }),
  /** Cancels a subscription at once (Subscription/Delete): it does not renew again. */
  cancelSubscription: defineAction({
    audience: "customer",
    endpoint: "Subscription/Delete",
    schema: SubscriptionIdParams,
    verb: deleteSubscription,
    accepts: ["subscription_id"],
  }),
} satisfies Record<string, CustomerAction>;
