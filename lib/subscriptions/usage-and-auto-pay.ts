import { eq } from "drizzle-orm";
import type { z } from "zod";
import { subscriptionComponents, subscriptions } from "../../db/schema";
import { DomainError, invalidState, notFound } from "../errors";
import { MAX_COMPONENT_UNITS, type ReportUsageParams, type UpdateAutoPayParams } from "./schemas";
import { assertNotDeleted, chargeablePayMethod, subscriptionOf } from "./queries";
import { assertInvoiceable } from "./details";
import { afterSubscriptionChange } from "./upcoming-invoice";
import { prorateChange } from "./proration";
import { subscriptionView } from "./view";
import { type StepContext, stepped } from "../run-verb";

/**
 * Subscription/ReportUsage, for an attached metered or quantitative component: additive adds the
 * units, cumulative sets the total. Metered usage is billed on the renewal that ends the cycle;
 * quantitative units change the next charge (within maximum_units).
 */
export const reportUsage = stepped(async ({ ctx, input }: { ctx: StepContext; input: z.output<typeof ReportUsageParams> }) => {
  const d = await subscriptionOf(ctx, input.subscription_id, input.customer_account_id);
  assertNotDeleted(d);
  const a = d.attached.find((x) => x.componentId === input.component_id);
  if (!a) throw notFound("Component on this subscription", "component_id");
  const type = a.component.componentType;
  if (type === "traditional") throw invalidState("Usage is reported only for metered and quantitative components", "component_id");
  const current = type === "metered" ? a.usage : a.units;
  const next = input.expression_type === "additive" ? current + input.units : input.units;
  // The most a component counts (as attached_components' units): reports that add up past it are refused, not overflowed.
  if (next > MAX_COMPONENT_UNITS) {
    throw new DomainError("INVALID_PARAMETER", `units would bring the component to ${next}, more than the ${MAX_COMPONENT_UNITS} a component can count`, {
      parameter: "units",
    });
  }
  if (type === "quantitative" && a.component.maximumUnits !== null && next > a.component.maximumUnits) {
    throw new DomainError("INVALID_PARAMETER", `units would bring the component to ${next}, above its maximum_units ${a.component.maximumUnits}`, {
      parameter: "units",
    });
  }
  const counted = type === "metered" ? { usage: next } : { units: next };
  await ctx.db.update(subscriptionComponents).set(counted).where(eq(subscriptionComponents.id, a.id));
  // Only that component's count changed: the subscription as loaded, with it.
  const after = { ...d, attached: d.attached.map((x) => (x === a ? { ...x, ...counted } : x)) };
  assertInvoiceable(ctx, after, "units");
  // Units price the next invoice (it moves with them) and, with the brand's proration, the rest of this period; metered usage waits for the renewal.
  if (type !== "quantitative") return subscriptionView(ctx, after);
  const changed = await afterSubscriptionChange(ctx, after);
  await prorateChange(ctx, d, changed);
  return subscriptionView(ctx, changed);
});

/** Subscription/UpdateAutoPay: with Y, renewals charge pay_method_id, or else the customer's default. */
export const updateAutoPay = stepped(async ({ ctx, input }: { ctx: StepContext; input: z.output<typeof UpdateAutoPayParams> }) => {
  const d = await subscriptionOf(ctx, input.subscription_id, input.customer_account_id);
  assertNotDeleted(d);
  const changes: Partial<typeof subscriptions.$inferInsert> = { autoPay: input.auto_pay, updatedAt: ctx.now() };
  if (input.pay_method_id) changes.payMethodId = (await chargeablePayMethod(ctx, input.pay_method_id, d.sub.customerAccountId)).id;
  else if (input.pay_method_id === null) changes.payMethodId = null;
  await ctx.db.update(subscriptions).set(changes).where(eq(subscriptions.id, d.sub.id));
  return subscriptionView(ctx, await afterSubscriptionChange(ctx, d));
});
