import { eq } from "drizzle-orm";
import { subscriptions } from "../../db/schema";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";
import type { z } from "zod";
import type { ChangeProductParams } from "./schemas";
import { sellableProduct } from "./terms";
import { assertNotDeleted, setComponents, setCoupons, subscriptionOf } from "./queries";
import { assertInvoiceable } from "./details";
import { postActionUrl } from "./events";
import { afterSubscriptionChange } from "./upcoming-invoice";
import { prorateChange } from "./proration";
import { resumedRenewal } from "./status-changes";
import { periodEnd, today } from "../pricing/periods";
import type { Product } from "../catalog/read";
import type { SubscriptionRow } from "./details";
import { isProductBillable } from "../catalog/availability";
import { subscriptionView } from "./view";
import { type StepContext, stepped } from "../run-verb";

/**
 * Subscription/ChangeProduct: from now on the subscription is for another product (the next charge
 * follows it; the current period is prorated only when the brand prorates: ./proration.ts). A product of another group is refused while
 * components remain, unless remove_components is Y (Errors 1).
 */
export const changeProduct = stepped(async ({ ctx, input }: { ctx: StepContext; input: z.output<typeof ChangeProductParams> }) => {
  const d = await subscriptionOf(ctx, input.subscription_id, input.customer_account_id);
  assertNotDeleted(d);
  const { product, group } = await sellableProduct(ctx, input.product_id);
  const removeComponents = input.remove_components === "Y";
  if (group.id !== d.sub.productGroupId && d.attached.length > 0 && !removeComponents) {
    throw new DomainError("INVALID_STATE", "The new product is in another product group: remove the components first, or send remove_components Y", {
      parameter: "remove_components",
    });
  }
  const attached = removeComponents ? await setComponents(ctx, d.sub.id, []) : d.attached;
  const coupons = input.remove_coupons === "Y" ? await setCoupons(ctx, d.sub.id, []) : d.coupons;
  // Not billed until now (its product deleted, its group suspended): billing resumes from today, as
  // Subscription/Restore does, and the periods it was not billed for are not back-billed.
  const wasBilled = d.product !== null && isProductBillable(d.product, d.group);
  const dates = wasBilled ? newPeriod(ctx, d.sub, d.product!, product) : reanchored(resumedRenewal(ctx, d.sub.renewalDate));
  const [sub] = await ctx.db
    .update(subscriptions)
    .set({ productId: product.id, productGroupId: group.id, ...dates, updatedAt: ctx.now() })
    .where(eq(subscriptions.id, d.sub.id))
    .returning();
  // The new product's prices with the components kept (refused in the same transaction: nothing is committed).
  const changed = { sub, product, group, attached, coupons };
  assertInvoiceable(ctx, changed, "product_id");
  const after = await afterSubscriptionChange(ctx, changed);
  await postActionUrl(ctx, after, "swap_subscription");
  await prorateChange(ctx, d, after);
  return subscriptionView(ctx, after);
});

/**
 * A plan of another unit or length starts a new period on the day of the change: the subscription
 * renews today (the run bills the new plan's period from today in full; with the brand's proration
 * the old period's unused part is credited) and counts its later renewals from today. A period that started today takes the new
 * length at once instead. Same unit and length, a trial, a one-time purchase or a one-time plan:
 * the dates stay.
 */
function newPeriod(ctx: Context, s: SubscriptionRow, from: Product, to: Product) {
  const same = from.intervalUnit === to.intervalUnit && from.expirationInterval === to.expirationInterval;
  if (same || s.inTrial === "Y" || s.renewalDate === null || to.expirationInterval === 0) return { renewalDate: s.renewalDate };
  const day = today(ctx.now(), ctx.brand.timezoneId);
  if (s.periodStart < day) return { renewalDate: day, billingAnchor: day, billingDay: null };
  return { renewalDate: periodEnd(day, to.intervalUnit, to.expirationInterval, 1), billingAnchor: day, billingDay: null };
}

/** Not billed until now (its product deleted, its group suspended): its later renewals count from the (resumed) renewal date, whatever the old period was. */
const reanchored = (renewalDate: string | null) => (renewalDate === null ? { renewalDate } : { renewalDate, billingAnchor: renewalDate, billingDay: null });
