import { and, asc, eq, inArray, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import { customerAccounts, subscriptionComponents, subscriptions } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { STATUS } from "../lifecycle";
import type { IntervalUnit } from "../pricing/periods";
import { endLocked, resumedColumns } from "./status-changes";
import { afterSubscriptionChange } from "./upcoming-invoice";
import { type StepContext } from "../run-verb";

/**
 * What catalog changes and an account's deletion do to subscriptions (spec, States and transitions),
 * beside the verbs that make them: each locks the subscriptions it touches (in id order, so two never
 * deadlock) and brings their invoices generated ahead along (upcoming-invoice.ts).
 */
async function lockSubscriptions(ctx: Context, where: SQL | undefined) {
  const owners = await ctx.db
    .selectDistinct({ id: subscriptions.customerAccountId })
    .from(subscriptions)
    .where(inBrand(ctx, subscriptions, where));
  if (owners.length) {
    // Their accounts first, as everywhere (lockAccount), in id order.
    await ctx.db
      .select({ id: customerAccounts.id })
      .from(customerAccounts)
      .where(
        inArray(
          customerAccounts.id,
          owners.map((o) => o.id),
        ),
      )
      .orderBy(asc(customerAccounts.id))
      .for("no key update");
  }
  return ctx.db
    .select()
    .from(subscriptions)
    .where(inBrand(ctx, subscriptions, where))
    .orderBy(asc(subscriptions.id))
    .for("update");
}

/** A deleted product is removed from its subscriptions: they are no longer billed for it. */
export async function detachDeletedProduct(ctx: StepContext, productId: string) {
  for (const s of await lockSubscriptions(ctx, eq(subscriptions.productId, productId))) {
    await ctx.db.update(subscriptions).set({ productId: null, updatedAt: ctx.now() }).where(eq(subscriptions.id, s.id));
    await afterSubscriptionChange(ctx, s.id);
  }
}

/** A deleted component is unavailable to existing subscriptions too, and off the invoices generated ahead for them. */
export async function detachDeletedComponent(ctx: StepContext, componentId: string) {
  const attached = await ctx.db
    .select({ subscriptionId: subscriptionComponents.subscriptionId })
    .from(subscriptionComponents)
    .where(inBrand(ctx, subscriptionComponents, eq(subscriptionComponents.componentId, componentId)));
  if (!attached.length) return;
  const subs = await lockSubscriptions(
    ctx,
    inArray(
      subscriptions.id,
      attached.map((a) => a.subscriptionId),
    ),
  );
  await ctx.db.delete(subscriptionComponents).where(inBrand(ctx, subscriptionComponents, eq(subscriptionComponents.componentId, componentId)));
  for (const s of subs) await afterSubscriptionChange(ctx, s.id);
}

/** A deleted product group ends its subscriptions; restoring the group does not bring them back. */
export async function endSubscriptionsOfDeletedGroup(ctx: StepContext, groupId: string) {
  for (const s of await lockSubscriptions(ctx, and(eq(subscriptions.productGroupId, groupId), ne(subscriptions.status, STATUS.DELETED)))) {
    await endLocked(ctx, s.id);
  }
}

/** A deleted customer account ends its subscriptions (answers their ids). */
export async function endSubscriptionsOfDeletedAccount(ctx: StepContext, customerAccountId: string) {
  const subs = await lockSubscriptions(ctx, and(eq(subscriptions.customerAccountId, customerAccountId), ne(subscriptions.status, STATUS.DELETED)));
  for (const s of subs) await endLocked(ctx, s.id);
  return subs.map((s) => s.id);
}

/**
 * A product group suspended or restored: while suspended its subscriptions are not billed (their
 * invoices generated ahead are voided); restored, they resume from today, as Subscription/Restore
 * does: renewal dates that passed meanwhile become today, and no suspended period is billed.
 */
export async function groupBillingChanged(ctx: StepContext, groupId: string, resumed: boolean) {
  for (const s of await lockSubscriptions(ctx, and(eq(subscriptions.productGroupId, groupId), eq(subscriptions.status, STATUS.ACTIVE)))) {
    if (resumed)
      await ctx.db
        .update(subscriptions)
        .set({ ...resumedColumns(ctx, s.renewalDate), updatedAt: ctx.now() })
        .where(eq(subscriptions.id, s.id));
    await afterSubscriptionChange(ctx, s.id);
  }
}

/**
 * A product's period changed (Product/Update of interval_unit or expiration_interval): each of its
 * subscriptions counts its later renewals from its coming renewal date, so the next period has the
 * new length (not a remainder of the old anchor's). A month or year plan keeps its day of month (a
 * subscription anchored on the 31st renewing February 28 goes on ending on the 31st); from days or
 * weeks the renewal date's day becomes it.
 */
export async function reanchorSubscriptions(ctx: Context, productId: string, fromUnit: IntervalUnit) {
  const locked = await lockSubscriptions(ctx, and(eq(subscriptions.productId, productId), isNotNull(subscriptions.renewalDate)));
  if (!locked.length) return;
  const calendar = fromUnit === "month" || fromUnit === "year";
  await ctx.db
    .update(subscriptions)
    .set({
      billingAnchor: sql`${subscriptions.renewalDate}`,
      billingDay: calendar
        ? sql`coalesce(${subscriptions.billingDay}, extract(day from coalesce(${subscriptions.billingAnchor}, ${subscriptions.renewalDate}))::smallint)`
        : null,
    })
    .where(
      inArray(
        subscriptions.id,
        locked.map((s) => s.id),
      ),
    );
}
