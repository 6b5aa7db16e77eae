import { eq } from "drizzle-orm";
import { subscriptions } from "../../db/schema";
import type { Context } from "../auth/context";
import { invalidState } from "../errors";
import { STATUS } from "../lifecycle";
import { today } from "../pricing/periods";
import { loadSubscription, type SubscriptionDetails } from "./details";
import { emitSubscriptionEvent, postActionUrl, type ActionEvent } from "./events";
import { afterSubscriptionChange } from "./upcoming-invoice";
import { subscriptionView } from "./view";
import { type StepContext, stepped } from "../run-verb";

type Input = { subscription_id: string };

/** Subscription/Suspend: active -> suspended; not billed while suspended. */
export const suspendSubscription = stepped(async ({ ctx, input }: { ctx: StepContext; input: Input }) => {
  const d = await loadSubscription(ctx, input.subscription_id, { forUpdate: true });
  if (d.sub.status !== STATUS.ACTIVE) throw invalidState("Only an active subscription can be suspended", "subscription_id");
  return subscriptionView(ctx, await suspendLocked(ctx, d, "staff"));
});

/** Suspends a locked active subscription (by staff or a dunning rule): its invoice generated ahead is voided. */
export async function suspendLocked(ctx: StepContext, d: SubscriptionDetails, by: "staff" | "dunning") {
  await ctx.db.update(subscriptions).set({ status: STATUS.SUSPENDED, suspendedBy: by, updatedAt: ctx.now() }).where(eq(subscriptions.id, d.sub.id));
  return announce(ctx, d, "Subscription/Suspend", "status_subscription");
}

/** Subscription/Delete: cancels it for good (it cannot be restored). Deleting it again changes nothing (any -> deleted). */
export const deleteSubscription = stepped(async ({ ctx, input }: { ctx: StepContext; input: Input }) => {
  const d = await loadSubscription(ctx, input.subscription_id, { forUpdate: true });
  if (d.sub.status === STATUS.DELETED) return subscriptionView(ctx, d);
  return subscriptionView(ctx, await endLocked(ctx, d));
});

/**
 * Ends a locked subscription for good (Subscription/Delete, a DELETE dunning rule, its account or
 * product group deleted): no period starts after this one, so its invoice generated ahead is voided.
 */
export async function endLocked(ctx: StepContext, subscription: string | SubscriptionDetails) {
  const now = ctx.now();
  const id = typeof subscription === "string" ? subscription : subscription.sub.id;
  await ctx.db.update(subscriptions).set({ status: STATUS.DELETED, deletedAt: now, updatedAt: now }).where(eq(subscriptions.id, id));
  return announce(ctx, subscription, "Subscription/Delete", "cancel_subscrption");
}

/** `changed`: the id, or the details as loaded (only the row changed: afterSubscriptionChange reads it back). */
async function announce(ctx: StepContext, changed: string | SubscriptionDetails, event: "Subscription/Suspend" | "Subscription/Delete", action: ActionEvent) {
  const after = await afterSubscriptionChange(ctx, changed);
  await emitSubscriptionEvent(ctx, event, after);
  await postActionUrl(ctx, after, action);
  return after;
}

/** Billing resumes from today: a renewal date that passed while not billed becomes today (nothing is back-billed). */
export function resumedRenewal(ctx: Context, renewalDate: string | null) {
  const day = today(ctx.now(), ctx.brand.timezoneId);
  return renewalDate && renewalDate < day ? day : renewalDate;
}

/**
 * A renewal date moved other than by a renewal (by hand, by a restore, by a change of period): the
 * later renewals count from it, so it becomes the anchor (and a billing day gives way to its day).
 */
export const movedRenewal = (renewalDate: string | null, before: string | null) =>
  renewalDate !== null && renewalDate !== before ? { renewalDate, billingAnchor: renewalDate, billingDay: null } : { renewalDate };

/** resumedRenewal's date with its anchor: the columns a resumed subscription sets. */
export const resumedColumns = (ctx: Context, renewalDate: string | null) => movedRenewal(resumedRenewal(ctx, renewalDate), renewalDate);

/**
 * Subscription/Restore: suspended (by staff or by dunning) -> active; a deleted one cannot be
 * restored (Errors 3). A renewal date passed while suspended becomes today: the subscription
 * renews now rather than billing the suspended periods.
 */
export const restoreSubscription = stepped(async ({ ctx, input }: { ctx: StepContext; input: Input }) => {
  const d = await loadSubscription(ctx, input.subscription_id, { forUpdate: true });
  if (d.sub.status === STATUS.DELETED) throw invalidState("A deleted subscription cannot be restored", "subscription_id");
  if (d.sub.status !== STATUS.SUSPENDED) throw invalidState("This subscription is not suspended", "subscription_id");
  await ctx.db
    .update(subscriptions)
    .set({ status: STATUS.ACTIVE, suspendedBy: null, ...resumedColumns(ctx, d.sub.renewalDate), updatedAt: ctx.now() })
    .where(eq(subscriptions.id, d.sub.id));
  const after = await afterSubscriptionChange(ctx, d);
  await postActionUrl(ctx, after, "status_subscription");
  return subscriptionView(ctx, after);
});
