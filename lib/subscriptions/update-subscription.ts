import { eq } from "drizzle-orm";
import { subscriptions } from "../../db/schema";
import { DomainError } from "../errors";
import { today } from "../pricing/periods";
import type { UpdateSubscriptionInput } from "./schemas";
import { checkComponents, checkCoupons, checkVariables, mergeVariables } from "./terms";
import { assertNotDeleted, chargeablePayMethod, setComponents, setCoupons, subscriptionOf } from "./queries";
import { assertInvoiceable } from "./details";
import { couponCyclesUsed } from "./periods";
import { afterSubscriptionChange } from "./upcoming-invoice";
import { prorateChange } from "./proration";
import { subscriptionView } from "./view";
import { movedRenewal } from "./status-changes";
import { type StepContext, stepped } from "../run-verb";

/**
 * Subscription/Update: supplied parameters are set, empty ones cleared; payment_transaction_id and
 * renewal_date are neither changed nor checked when absent (spec). Usage is not changed here.
 */
export const updateSubscription = stepped(async ({ ctx, input }: { ctx: StepContext; input: UpdateSubscriptionInput }) => {
  const d = await subscriptionOf(ctx, input.subscription_id, input.customer_account_id);
  assertNotDeleted(d);
  const s = d.sub;
  const changes: Partial<typeof subscriptions.$inferInsert> = { autoPay: input.auto_pay };

  if (input.payment_transaction_id !== undefined) {
    if (s.overrideInitialBilling !== "Y") {
      throw new DomainError("INVALID_STATE", "payment_transaction_id can only be changed on subscriptions created with override_initial_billing Y", {
        parameter: "payment_transaction_id",
      });
    }
    changes.paymentTransactionId = input.payment_transaction_id;
  }
  if (input.renewal_date !== undefined) {
    if (!s.renewalDate) throw new DomainError("INVALID_STATE", "A one-time purchase has no renewal date", { parameter: "renewal_date" });
    if (input.renewal_date < today(ctx.now(), ctx.brand.timezoneId)) {
      throw new DomainError("INVALID_PARAMETER", "renewal_date must be today or later", { parameter: "renewal_date" });
    }
    // The period starting on that date has started already (it renewed today): renewing it again
    // would count its coupons' cycles twice on the same invoice.
    if (input.renewal_date <= s.periodStart) {
      throw new DomainError("INVALID_PARAMETER", "renewal_date must be after the start of the current period (it renewed today)", {
        parameter: "renewal_date",
      });
    }
    Object.assign(changes, movedRenewal(input.renewal_date, s.renewalDate));
  }
  if (input.pay_method_id !== undefined) {
    changes.payMethodId = input.pay_method_id === null ? null : (await chargeablePayMethod(ctx, input.pay_method_id, s.customerAccountId)).id;
  }
  for (const [param, column] of [
    ["custom_field_1", "customField1"],
    ["custom_field_2", "customField2"],
  ] as const) {
    if (input[param] !== undefined) changes[column] = input[param];
  }
  const vars = checkVariables(d.group, input);
  if (Object.keys(vars).length) changes.variables = mergeVariables(s.variables, vars);

  let { attached, coupons } = d;
  if (input.attached_components !== undefined) {
    const kept = new Set(d.attached.map((a) => a.componentId));
    attached = await setComponents(ctx, s.id, await checkComponents(ctx, d.group, input.attached_components ?? [], kept));
  }
  if (input.coupon_code !== undefined) {
    const on = new Set(d.coupons.map((c) => c.couponId));
    coupons = await setCoupons(ctx, s.id, await checkCoupons(ctx, input.coupon_code, s.productId ?? "", on, (code) => couponCyclesUsed(ctx, s.id, code)));
  }
  // A moved renewal date takes its generated invoice with it (afterSubscriptionChange).
  const [sub] = await ctx.db
    .update(subscriptions)
    .set({ ...changes, updatedAt: ctx.now() })
    .where(eq(subscriptions.id, s.id))
    .returning();
  // The subscription as it now stands, from what was loaded and written (never read again).
  const changed = { ...d, sub, attached, coupons };
  // Refused after the writes, in the same transaction: nothing is committed.
  if (input.attached_components !== undefined) assertInvoiceable(ctx, changed, "attached_components");
  const after = await afterSubscriptionChange(ctx, changed);
  // Components and coupons are prorated with the brand's proration (the other fields are not prices).
  if (input.attached_components !== undefined || input.coupon_code !== undefined) await prorateChange(ctx, d, after);
  return subscriptionView(ctx, after);
});
