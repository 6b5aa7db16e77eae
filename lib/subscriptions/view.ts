import { formatWireDate } from "../dates";
import { formatAmount } from "../money";
import type { Context } from "../auth/context";
import type { Line } from "../pricing/pricing";
import type { SubscriptionDetails } from "./details";
import { readSubscription, type SubscriptionRead } from "./read";

/**
 * The wire: a subscription as the API answers it (namespace subscription), from its read row. Only
 * lib/api calls it (and, until they answer read rows, the write verbs through subscriptionView).
 */

const day = (d: string | null) => (d ? formatWireDate(d) : null);
const yn = (b: boolean) => (b ? "Y" : "N");

/** Pricing lines as the API shows them. */
export const lineView = (l: Line, currency: string) => ({
  kind: l.kind,
  name: l.name,
  quantity: l.quantity,
  unit_price: formatAmount(l.quantity ? l.amountCents / l.quantity : l.amountCents, currency),
  amount: formatAmount(l.amountCents, currency),
  component_id: l.componentId ?? null,
  coupon_code: l.couponCode ?? null,
});

/** A subscription with its components, its coupons (each with qualification_status) and its next charge. */
export const subscriptionToWire = (r: SubscriptionRead) => ({
  subscription_id: r.id,
  customer_account_id: r.customerAccountId,
  product_id: r.productId,
  product_group_id: r.productGroupId,
  product_name: r.productName,
  status: r.status,
  auto_pay: yn(r.autoPay),
  pay_method_id: r.payMethodId,
  start_date: day(r.startDate),
  period_start: day(r.periodStart),
  renewal_date: day(r.renewalDate),
  // Beside the spec (issue 32): what the product's expiration_interval counts, and the billing day periods end on.
  interval_unit: r.intervalUnit,
  billing_day: r.billingDay,
  in_trial: yn(r.inTrial),
  next_renewal_amount: r.nextRenewalCents === null ? null : formatAmount(r.nextRenewalCents, r.currency),
  currency: r.currency,
  override_initial_billing: yn(r.overrideInitialBilling),
  payment_gateway: r.paymentGateway,
  payment_transaction_id: r.paymentTransactionId,
  custom_field_1: r.customField1,
  custom_field_2: r.customField2,
  ...r.variables,
  // The spec's names, in the shape of the request parameters (components and coupons give the details).
  attached_components: r.components.map((c) => ({ component_id: c.componentId, units: c.units })),
  coupon_code: r.coupons.map((c) => c.couponCode).join(","),
  components: r.components.map((c) => ({ component_id: c.componentId, name: c.name, component_type: c.type, units: c.units, usage: c.usage })),
  coupons: r.coupons.map((c) => ({
    qualification_status: c.disqualifiedBy ? "disqualified" : "qualified",
    coupon_id: c.couponId,
    coupon_code: c.couponCode,
    name: c.name,
    cycles_applied: c.cyclesApplied,
    disqualification_reason: c.disqualifiedBy,
  })),
  created: r.createdAt,
  updated: r.updatedAt,
  deleted: r.deletedAt,
});

/** What the write verbs answer today: the wire of the subscription as it now stands. */
export const subscriptionView = (ctx: Context, d: SubscriptionDetails) => subscriptionToWire(readSubscription(ctx, d));
