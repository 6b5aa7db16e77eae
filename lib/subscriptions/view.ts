import { formatWireDate } from "../dates";
import { formatAmount } from "../money";
import type { Context } from "../auth/context";
import type { InvoiceLine } from "../../db/schema";
import type { Line } from "../pricing/pricing";
import type { SubscriptionDetails } from "./details";
import type { NextInvoice } from "./estimate-change";
import { readSubscription, type ChangeEstimateRead, type EstimateRead, type NewSubscriptionEstimate, type SubscriptionRead } from "./read";

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

/**
 * The wire: Subscription/Estimate's answer (namespace estimate), from its read row: of a new
 * subscription the spec's fields, of a change (subscription_id) the dry run's figures. Only lib/api calls it.
 */
export const estimateToWire = (e: EstimateRead) => (e.kind === "new" ? newEstimateToWire(e) : changeEstimateToWire(e));

function newEstimateToWire(e: NewSubscriptionEstimate) {
  const money = (cents: number) => formatAmount(cents, e.currency);
  const renewal = e.nextRenewal;
  const wire = {
    customer_account_id: e.customerAccountId,
    product_id: e.productId,
    upfront_total: money(e.upfrontCents),
    upfront_lines: e.upfrontLines.map((l) => lineView(l, e.currency)),
    initial_invoice_marked_paid: yn(e.initialInvoiceMarkedPaid),
    trial: yn(e.trial),
    next_renewal_date: renewal ? formatWireDate(renewal.date) : null,
    next_renewal_total: renewal ? money(renewal.totalCents) : null,
    next_renewal_lines: (renewal?.lines ?? []).map((l) => lineView(l, e.currency)),
    next_renewal_total_with_auto_pay: renewal ? money(renewal.withAutoPayCents) : null,
    pay_method_status: e.payMethodStatus,
    // Before tax (spec, behaviour 5).
    tax: money(0),
    currency: e.currency,
  };
  // auto_pay first when it was given (absent: the spec's answer, without it).
  return e.autoPay === null ? wire : { auto_pay: yn(e.autoPay), ...wire };
}

function changeEstimateToWire(e: ChangeEstimateRead) {
  const money = (cents: number) => formatAmount(cents, e.currency);
  const after = nextInvoiceToWire(e.after, e.currency);
  return {
    subscription_id: e.subscriptionId,
    customer_account_id: e.customerAccountId,
    product_id: e.productId,
    auto_pay: yn(e.autoPay),
    upfront_total: money(e.chargedNowCents),
    next_renewal_date: after?.renewal_date ?? null,
    next_renewal_total: after?.total ?? null,
    charged_now: money(e.chargedNowCents),
    prorated_credit: money(e.proratedCreditCents),
    proration_days_left: String(e.prorationDaysLeft),
    proration_period_days: String(e.prorationPeriodDays),
    prorated_from_prepaid: money(e.proratedFromPrepaidCents),
    prepaid_credit: money(e.prepaidCreditCents),
    prepaid_taken_back: money(e.prepaidTakenBackCents),
    adjustment_invoiced: money(e.adjustmentInvoicedCents),
    adjustment_withdrawn: money(e.adjustmentWithdrawnCents),
    repriced_credit: money(e.repricedCreditCents),
    currency: e.currency,
    before: nextInvoiceToWire(e.before, e.currency),
    after,
    tax: money(0),
  };
}

/** An estimate's invoice line: kind, name, quantity, unit price and amount. */
const estimateLineView = (l: InvoiceLine, currency: string) => ({
  kind: l.kind,
  name: l.itemName,
  quantity: l.quantity,
  unit_price: formatAmount(l.itemPrice, currency),
  amount: formatAmount(l.itemPrice * l.quantity, currency),
});

const nextInvoiceToWire = (n: NextInvoice | null, currency: string) =>
  n && {
    renewal_date: formatWireDate(n.renewalDate),
    generated: yn(n.generated),
    final: yn(n.final),
    total: formatAmount(n.total, currency),
    paid: formatAmount(n.paid, currency),
    balance: formatAmount(n.balance, currency),
    issued_total: formatAmount(n.issued, currency),
    adjustments_total: formatAmount(n.adjustments, currency),
    credited: formatAmount(n.credited, currency),
    lines: n.lines.map((l) => estimateLineView(l, currency)),
    usage_lines: n.usageLines.map((l) => estimateLineView(l, currency)),
  };
