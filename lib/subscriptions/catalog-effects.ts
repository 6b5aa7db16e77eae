import { and, eq, ne } from "drizzle-orm";
import { subscriptionComponents, subscriptions } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { STATUS } from "../lifecycle";
import { withDetails } from "./details";
import { emitSubscriptionEvent, postActionUrl } from "./events";

/**
 * What deleting catalog records does to subscriptions (spec, States and transitions). Each runs in
 * the deleting verb's transaction, and restoring the record undoes none of it.
 */

/** A deleted product is removed from its subscriptions (they are no longer billed for it). */
export async function detachDeletedProduct(ctx: Context, productId: string) {
  await ctx.db.update(subscriptions).set({ productId: null, updatedAt: ctx.now() }).where(inBrand(ctx, subscriptions, eq(subscriptions.productId, productId)));
}

/** A deleted component is unavailable to existing subscriptions too. */
export async function detachDeletedComponent(ctx: Context, componentId: string) {
  await ctx.db.delete(subscriptionComponents).where(inBrand(ctx, subscriptionComponents, eq(subscriptionComponents.componentId, componentId)));
}

/** A deleted product group ends its subscriptions; restoring the group does not bring them back. */
export async function endSubscriptionsOfDeletedGroup(ctx: Context, groupId: string) {
  const now = ctx.now();
  const ended = await ctx.db
    .update(subscriptions)
    .set({ status: STATUS.DELETED, deletedAt: now, updatedAt: now })
    .where(inBrand(ctx, subscriptions, and(eq(subscriptions.productGroupId, groupId), ne(subscriptions.status, STATUS.DELETED))))
    .returning();
  for (const d of await withDetails(ctx, ended)) {
    await emitSubscriptionEvent(ctx, "Subscription/Delete", d);
    await postActionUrl(ctx, d, "cancel_subscrption");
  }
}
