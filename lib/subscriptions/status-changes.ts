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

type Input = { subscription_id: string };

/** Subscription/Suspend: active -> suspended; not billed while suspended. */
export async function suspendSubscription({ ctx, input }: { ctx: Context; input: Input }) {
  const d = await loadSubscription(ctx, input.subscription_id, { forUpdate: true });
  if (d.sub.status !== STATUS.ACTIVE) throw invalidState("Only an active subscription can be suspended", "subscription_id");
  return subscriptionView(ctx, await suspendLocked(ctx, d, "staff"));
}

/** Suspends a locked active subscription (by staff or a dunning rule): its invoice generated ahead is voided. */
export async function suspendLocked(ctx: Context, d: SubscriptionDetails, by: "staff" | "dunning") {
  await ctx.db.update(subscriptions).set({ status: STATUS.SUSPENDED, suspendedBy: by, updatedAt: ctx.now() }).where(eq(subscriptions.id, d.sub.id));
  return announce(ctx, d.sub.id, "Subscription/Suspend", "status_subscription");
}

/** Subscription/Delete: cancels it for good (it cannot be restored). Deleting it again changes nothing (any -> deleted). */
export async function deleteSubscription({ ctx, input }: { ctx: Context; input: Input }) {
  const d = await loadSubscription(ctx, input.subscription_id, { forUpdate: true });
  if (d.sub.status === STATUS.DELETED) return subscriptionView(ctx, d);
  return subscriptionView(ctx, await endLocked(ctx, d.sub.id));
}

/**
 * Ends a locked subscription for good (Subscription/Delete, a DELETE dunning rule, its account or
 * product group deleted): no period starts after this one, so its invoice generated ahead is voided.
 */
export async function endLocked(ctx: Context, subscriptionId: string) {
  const now = ctx.now();
  await ctx.db.update(subscriptions).set({ status: STATUS.DELETED, deletedAt: now, updatedAt: now }).where(eq(subscriptions.id, subscriptionId));
  return announce(ctx, subscriptionId, "Subscription/Delete", "cancel_subscrption");
}

async function announce(ctx: Context, subscriptionId: string, event: "Subscription/Suspend" | "Subscription/Delete", action: ActionEvent) {
  const after = await afterSubscriptionChange(ctx, subscriptionId);
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
export async function restoreSubscription({ ctx, input }: { ctx: Context; input: Input }) {
  const d = await loadSubscription(ctx, input.subscription_id, { forUpdate: true });
  if (d.sub.status === STATUS.DELETED) throw invalidState("A deleted subscription cannot be restored", "subscription_id");
  if (d.sub.status !== STATUS.SUSPENDED) throw invalidState("This subscription is not suspended", "subscription_id");
  await ctx.db
    .update(subscriptions)
    .set({ status: STATUS.ACTIVE, suspendedBy: null, ...resumedColumns(ctx, d.sub.renewalDate), updatedAt: ctx.now() })
    .where(eq(subscriptions.id, d.sub.id));
  const after = await afterSubscriptionChange(ctx, d.sub.id);
  await postActionUrl(ctx, after, "status_subscription");
  return subscriptionView(ctx, after);
}
