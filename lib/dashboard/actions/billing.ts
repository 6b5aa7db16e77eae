import { endpointAction } from "../../actions/endpoint-action";
import { defineAction } from "../../actions/define-action";
import { requireAdmin } from "../../auth/context";
import { wrapVerb, type AnyVerb } from "../../run-verb";
import { ChangeProductParams } from "../../subscriptions/schemas";
import { changeProduct } from "../../subscriptions/change-product";
import { estimated } from "../../subscriptions/estimate-change";
import { CreateGatewayParams, DeleteGatewayParams, SetDefaultGatewayParams, UpdateGatewayParams } from "../../gateways/schemas";
import { createGateway } from "../../gateways/create-gateway";
import { updateGateway } from "../../gateways/update-gateway";
import { setDefaultGateway } from "../../gateways/set-default-gateway";
import { deleteGateway } from "../../gateways/delete-gateway";
import { CreateTaxRateParams, DeleteTaxRateParams, UpdateTaxRateParams } from "../../tax/schemas";
import { createTaxRate, deleteTaxRate, updateTaxRate } from "../../tax/rates";

/**
 * Gateways hold the brand's payment credentials, tax rates decide what every invoice charges: in the
 * dashboard only an ADMIN staff user changes them. Checked here, on the server, before the verb runs
 * (the API's answers are unchanged).
 */
const adminOnly = <I, R>(verb: AnyVerb<I, R>, what = "change payment gateways") =>
  wrapVerb<I, R, I, R>(verb, (args, run) => {
    requireAdmin(args.ctx, what);
    return run(args);
  });

/** Subscriptions, invoices, payments, pay methods and payment gateways. */
export const billingActions = {
  // Estimate writes nothing: the create form calls it as its fields change.
  subscriptionEstimate: endpointAction("Subscription/Estimate"),
  subscriptionCreate: endpointAction("Subscription/Create"),
  subscriptionUpdate: endpointAction("Subscription/Update"),
  subscriptionChangeProduct: endpointAction("Subscription/ChangeProduct"),
  // Subscription/ChangeProduct made and rolled back: what it will invoice and credit (a read; nothing is kept).
  subscriptionEstimateChangeProduct: defineAction({ audience: "staff", schema: ChangeProductParams, verb: estimated(changeProduct) }),
  subscriptionSuspend: endpointAction("Subscription/Suspend"),
  subscriptionRestore: endpointAction("Subscription/Restore"),
  subscriptionDelete: endpointAction("Subscription/Delete"),

  invoiceCreate: endpointAction("Invoice/Create"),
  invoiceUpdate: endpointAction("Invoice/Update"),
  invoiceDelete: endpointAction("Invoice/Delete"),
  invoiceRemind: endpointAction("Invoice/Reminder"),

  paymentCreate: endpointAction("Payment/Create"),
  // Payment/Delete reverses the payment: a real-time one is refunded through its gateway.
  paymentRefund: endpointAction("Payment/Delete"),

  payMethodCreate: endpointAction("PayMethod/Create"),
  payMethodVerify: endpointAction("PayMethod/Verify"),
  payMethodSetDefault: endpointAction("PayMethod/SetDefault"),
  payMethodDelete: endpointAction("PayMethod/Delete"),

  gatewayCreate: defineAction({ audience: "staff", schema: CreateGatewayParams, verb: adminOnly(createGateway) }),
  gatewayUpdate: defineAction({ audience: "staff", schema: UpdateGatewayParams, verb: adminOnly(updateGateway) }),
  gatewaySetDefault: defineAction({ audience: "staff", schema: SetDefaultGatewayParams, verb: adminOnly(setDefaultGateway) }),
  gatewayDelete: defineAction({ audience: "staff", schema: DeleteGatewayParams, verb: adminOnly(deleteGateway) }),

  taxRateCreate: defineAction({ audience: "staff", schema: CreateTaxRateParams, verb: adminOnly(createTaxRate, "change tax rates") }),
  taxRateUpdate: defineAction({ audience: "staff", schema: UpdateTaxRateParams, verb: adminOnly(updateTaxRate, "change tax rates") }),
  taxRateDelete: defineAction({ audience: "staff", schema: DeleteTaxRateParams, verb: adminOnly(deleteTaxRate, "change tax rates") }),
};
