import { eq } from "drizzle-orm";
import { subscriptions } from "../../db/schema";
import type { Context } from "../auth/context";
import { invalidState } from "../errors";
import { STATUS } from "../lifecycle";
import { today } from "../billing/periods";
import { loadSubscription } from "./details";
import { emitSubscriptionEvent, postActionUrl } from "./events";
import { afterSubscriptionChange } from "./upcoming-invoice";
import { subscriptionView } from "./view";

type Input = { subscription_id: string };

/** Subscription/Suspend: active -> suspended; not billed while suspended. */
export async function suspendSubscription({ ctx, input }: { ctx: Context; input: Input }) {
  const d = await loadSubscription(ctx, input.subscription_id, { forUpdate: true });
  if (d.sub.status !== STATUS.ACTIVE) throw invalidState("Only an active subscription can be suspended", "subscription_id");
  const [sub] = await ctx.db
    .update(subscriptions)
    .set({ status: STATUS.SUSPENDED, suspendedBy: "staff", updatedAt: ctx.now() })
    .where(eq(subscriptions.id, d.sub.id))
    .returning();
  const after = { ...d, sub };
  await emitSubscriptionEvent(ctx, "Subscription/Suspend", after);
  await postActionUrl(ctx, after, "status_subscription");
  return subscriptionView(ctx, after);
}

/** Subscription/Delete: cancels it for good (it cannot be restored). */
export async function deleteSubscription({ ctx, input }: { ctx: Context; input: Input }) {
  const d = await loadSubscription(ctx, input.subscription_id, { forUpdate: true });
  if (d.sub.status === STATUS.DELETED) throw invalidState("This subscription is already deleted", "subscription_id");
  const now = ctx.now();
  const [sub] = await ctx.db
    .update(subscriptions)
    .set({ status: STATUS.DELETED, deletedAt: now, updatedAt: now })
    .where(eq(subscriptions.id, d.sub.id))
    .returning();
  const after = { ...d, sub };
  await emitSubscriptionEvent(ctx, "Subscription/Delete", after);
  await postActionUrl(ctx, after, "cancel_subscrption");
  return subscriptionView(ctx, after);
}

/**
 * Subscription/Restore: suspended (by staff or by dunning) -> active; a deleted one cannot be
 * restored (Errors 3). A renewal date passed while suspended becomes today: the subscription
 * renews now rather than billing the suspended periods.
 */
export async function restoreSubscription({ ctx, input }: { ctx: Context; input: Input }) {
  const d = await loadSubscription(ctx, input.subscription_id, { forUpdate: true });
  if (d.sub.status === STATUS.DELETED) throw invalidState("A deleted subscription cannot be restored", "subscription_id");
  if (d.sub.status !== STATUS.SUSPENDED) throw invalidState("This subscription is not suspended", "subscription_id");
  const day = today(ctx.now(), ctx.brand.timezoneId);
  const renewalDate = d.sub.renewalDate && d.sub.renewalDate < day ? day : d.sub.renewalDate;
  await ctx.db
    .update(subscriptions)
    .set({ status: STATUS.ACTIVE, suspendedBy: null, renewalDate, updatedAt: ctx.now() })
    .where(eq(subscriptions.id, d.sub.id));
  await afterSubscriptionChange(ctx, d.sub.id);
  const after = await loadSubscription(ctx, d.sub.id);
  await postActionUrl(ctx, after, "status_subscription");
  return subscriptionView(ctx, after);
}
