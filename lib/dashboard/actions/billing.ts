import { requireAdmin, type Context } from "../../auth/context";
import { staffAction } from "../../auth/staff-action";
import type { Verb } from "../../run-verb";
import {
  ChangeProductParams,
  CreateSubscriptionParams,
  EstimateSubscriptionParams,
  SubscriptionIdParams,
  UpdateSubscriptionParams,
} from "../../subscriptions/schemas";
import { createSubscription, estimateSubscription } from "../../subscriptions/create-subscription";
import { updateSubscription } from "../../subscriptions/update-subscription";
import { changeProduct } from "../../subscriptions/change-product";
import { estimated } from "../../subscriptions/estimate-change";
import { deleteSubscription, restoreSubscription, suspendSubscription } from "../../subscriptions/status-changes";
import { CreateInvoiceParams, InvoiceRefParams, RemindInvoiceParams, UpdateInvoiceParams } from "../../invoices/schemas";
import { createInvoice } from "../../invoices/create-invoice";
import { updateInvoice } from "../../payments/update-invoice";
import { deleteInvoice } from "../../invoices/delete-invoice";
import { remindInvoice } from "../../invoices/remind-invoice";
import { CreatePaymentParams, DeletePaymentParams } from "../../payments/schemas";
import { createPayment } from "../../payments/create-payment";
import { deletePayment } from "../../payments/delete-payment";
import { CreatePayMethodParams, PayMethodRefParams, VerifyPayMethodParams } from "../../pay-methods/schemas";
import { createPayMethod } from "../../pay-methods/create-pay-method";
import { verifyPayMethod } from "../../pay-methods/verify-pay-method";
import { setDefaultPayMethod } from "../../pay-methods/set-default-pay-method";
import { deletePayMethod } from "../../pay-methods/delete-pay-method";
import { CreateGatewayParams, DeleteGatewayParams, SetDefaultGatewayParams, UpdateGatewayParams } from "../../gateways/schemas";
import { createGateway } from "../../gateways/create-gateway";
import { updateGateway } from "../../gateways/update-gateway";
import { setDefaultGateway } from "../../gateways/set-default-gateway";
import { deleteGateway } from "../../gateways/delete-gateway";

/**
 * Gateways hold the brand's payment credentials: in the dashboard only an ADMIN staff user changes
 * them. Checked here, on the server, before the verb runs (the API's answers are unchanged).
 */
const adminOnly =
  <I, R>(verb: Verb<I, R>): Verb<I, R> =>
  (args: { ctx: Context; input: I }) => {
    requireAdmin(args.ctx, "change payment gateways");
    return verb(args);
  };

/** Subscriptions, invoices, payments, pay methods and payment gateways. */
export const billingActions = {
  // Estimate writes nothing: the create form calls it as its fields change.
  subscriptionEstimate: staffAction(EstimateSubscriptionParams, estimateSubscription),
  subscriptionCreate: staffAction(CreateSubscriptionParams, createSubscription),
  subscriptionUpdate: staffAction(UpdateSubscriptionParams, updateSubscription),
  subscriptionChangeProduct: staffAction(ChangeProductParams, changeProduct),
  // Subscription/ChangeProduct made and rolled back: what it will invoice and credit (a read; nothing is kept).
  subscriptionEstimateChangeProduct: staffAction(ChangeProductParams, estimated(changeProduct)),
  subscriptionSuspend: staffAction(SubscriptionIdParams, suspendSubscription),
  subscriptionRestore: staffAction(SubscriptionIdParams, restoreSubscription),
  subscriptionDelete: staffAction(SubscriptionIdParams, deleteSubscription),

  invoiceCreate: staffAction(CreateInvoiceParams, createInvoice),
  invoiceUpdate: staffAction(UpdateInvoiceParams, updateInvoice),
  invoiceDelete: staffAction(InvoiceRefParams, deleteInvoice),
  invoiceRemind: staffAction(RemindInvoiceParams, remindInvoice),

  paymentCreate: staffAction(CreatePaymentParams, createPayment),
  // Payment/Delete reverses the payment: a real-time one is refunded through its gateway.
  paymentRefund: staffAction(DeletePaymentParams, deletePayment),

  payMethodCreate: staffAction(CreatePayMethodParams, createPayMethod),
  payMethodVerify: staffAction(VerifyPayMethodParams, verifyPayMethod),
  payMethodSetDefault: staffAction(PayMethodRefParams, setDefaultPayMethod),
  payMethodDelete: staffAction(PayMethodRefParams, deletePayMethod),

  gatewayCreate: staffAction(CreateGatewayParams, adminOnly(createGateway)),
  gatewayUpdate: staffAction(UpdateGatewayParams, adminOnly(updateGateway)),
  gatewaySetDefault: staffAction(SetDefaultGatewayParams, adminOnly(setDefaultGateway)),
  gatewayDelete: staffAction(DeleteGatewayParams, adminOnly(deleteGateway)),
};
