import { formatWireDate } from "../dates";
import { formatCents } from "../money";
import { VARIABLE_SLOTS } from "../catalog/variables";
import type { Context } from "../auth/context";
import { sumLines, type Line } from "../pricing/pricing";
import { couponQualification, nextPeriodLines, type SubscriptionDetails } from "./details";

const day = (d: string | null) => (d ? formatWireDate(d) : null);

/** Pricing lines as the API shows them. */
export const lineView = (l: Line) => ({
  kind: l.kind,
  name: l.name,
  quantity: l.quantity,
  unit_price: formatCents(l.quantity ? l.amountCents / l.quantity : l.amountCents),
  amount: formatCents(l.amountCents),
  component_id: l.componentId ?? null,
  coupon_code: l.couponCode ?? null,
});

/** A subscription with its components, its coupons (each with qualification_status) and its next charge. */
export function subscriptionView(ctx: Context, d: SubscriptionDetails) {
  const s = d.sub;
  const next = s.renewalDate && s.status === 1 ? nextPeriodLines(ctx, d) : [];
  return {
    subscription_id: s.id,
    customer_account_id: s.customerAccountId,
    product_id: s.productId,
    product_group_id: s.productGroupId,
    product_name: d.product?.name ?? null,
    status: s.status,
    auto_pay: s.autoPay,
    pay_method_id: s.payMethodId,
    start_date: day(s.startDate),
    period_start: day(s.periodStart),
    renewal_date: day(s.renewalDate),
    in_trial: s.inTrial,
    next_renewal_amount: s.renewalDate && s.status === 1 ? formatCents(sumLines(next)) : null,
    override_initial_billing: s.overrideInitialBilling,
    payment_gateway: s.paymentGateway,
    payment_transaction_id: s.paymentTransactionId,
    custom_field_1: s.customField1,
    custom_field_2: s.customField2,
    ...Object.fromEntries(VARIABLE_SLOTS.map((slot) => [slot, s.variables[slot] ?? null])),
    // The spec's names, in the shape of the request parameters (components and coupons give the details).
    attached_components: d.attached.map((a) => ({ component_id: a.componentId, units: a.units })),
    coupon_code: d.coupons.map((c) => c.coupon.couponCode).join(","),
    components: d.attached.map((a) => ({
      component_id: a.componentId,
      name: a.component.name,
      component_type: a.component.componentType,
      units: a.units,
      usage: a.usage,
    })),
    coupons: d.coupons.map((c) => {
      const q = couponQualification(ctx, d, c);
      return {
        qualification_status: q.qualifies ? "qualified" : "disqualified",
        coupon_id: c.couponId,
        coupon_code: c.coupon.couponCode,
        name: c.coupon.name,
        cycles_applied: c.cyclesApplied,
        disqualification_reason: q.qualifies ? null : q.reason,
      };
    }),
    created: s.createdAt,
    updated: s.updatedAt,
    deleted: s.deletedAt,
  };
}
