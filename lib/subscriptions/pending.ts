import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import {
  coupons,
  invoices,
  outboxEvents,
  payMethods,
  payments,
  subscriptionComponents,
  subscriptionCoupons,
  subscriptionPeriods,
  subscriptions,
} from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { STATUS, SUBSCRIPTION_PENDING } from "../lifecycle";
import { dropHeldEvents, holdEventsFor, releaseHeldEvents } from "../outbox/emit";
import { resolveAttempt } from "../payments/attempts";
import { stillPending } from "../payments/settle-pending";
import { invoiceHorizon } from "../pricing/periods";
import { nextDocumentNumber } from "../document-numbers";
import { loadSubscription, type SubscriptionDetails } from "./details";
import { emitSubscriptionEvent, postActionUrl, requestInvoiceGeneration } from "./events";
import { type StepContext } from "../run-verb";

/**
 * Makes a pending subscription active once its initial charge went through: the events held for it
 * (Invoice/Create, Payment/Create) are released, then Subscription/Create and the rest follow.
 * Answers null when it is no longer pending (settled by the janitor or the request meanwhile).
 */
export async function activatePending(ctx: Context, subscriptionId: string): Promise<SubscriptionDetails | null> {
  const [activated] = await ctx.db
    .update(subscriptions)
    .set({ status: STATUS.ACTIVE, updatedAt: ctx.now() })
    .where(inBrand(ctx, subscriptions, eq(subscriptions.id, subscriptionId), eq(subscriptions.status, SUBSCRIPTION_PENDING)))
    .returning({ id: subscriptions.id });
  if (!activated) return null;
  await numberIssuedInvoices(ctx, subscriptionId);
  await releaseHeldEvents(ctx, subscriptionId);
  const d = await loadSubscription(ctx, subscriptionId);
  await emitSubscriptionEvent(ctx, "Subscription/Create", d);
  await postActionUrl(ctx, d, "new_subscription");
  // A short trial can put the first renewal inside the 72-hour window right away.
  if (d.sub.renewalDate && d.sub.renewalDate <= invoiceHorizon(ctx.now(), ctx.brand.timezoneId)) await requestInvoiceGeneration(ctx, [subscriptionId]);
  return d;
}

/**
 * Its invoice, unnumbered while the charge was pending, is issued now (lib/document-numbers.ts). Its
 * Invoice/Create event, held since before the number existed, gets the number before it is released,
 * so it says what every other Invoice/Create says.
 */
async function numberIssuedInvoices(ctx: Context, subscriptionId: string) {
  const unnumbered = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(inBrand(ctx, invoices, eq(invoices.subscriptionId, subscriptionId), isNull(invoices.number)))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  for (const { id } of unnumbered) {
    const number = await nextDocumentNumber(ctx.db, ctx.brand.id, "invoice");
    await ctx.db.update(invoices).set({ number }).where(eq(invoices.id, id));
    await ctx.db
      .update(outboxEvents)
      .set({ payload: sql`jsonb_set(${outboxEvents.payload}, '{invoice,number}', to_jsonb(${number}::text))` })
      .where(
        and(
          eq(outboxEvents.brandId, ctx.brand.id),
          eq(outboxEvents.heldFor, subscriptionId),
          eq(outboxEvents.status, "held"),
          eq(outboxEvents.type, "Invoice/Create"),
          sql`${outboxEvents.payload} #>> '{invoice,invoice_id}' = ${id}`,
        ),
      );
  }
}

/**
 * Removes a pending subscription whose initial charge was declined (or never made) and everything
 * made with it: its invoice, the attempt, its components, its coupons' redemptions and the events
 * held for it, so nothing of it is ever seen or delivered. Answers false when it is no longer pending.
 */
export async function discardPending(ctx: Context, subscriptionId: string): Promise<boolean> {
  const [sub] = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(inBrand(ctx, subscriptions, eq(subscriptions.id, subscriptionId), eq(subscriptions.status, SUBSCRIPTION_PENDING)))
    .for("update");
  if (!sub) return false;
  const invoiceIds = (await ctx.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.subscriptionId, subscriptionId))).map((i) => i.id);
  const redeemed = (
    await ctx.db.select({ couponId: subscriptionCoupons.couponId }).from(subscriptionCoupons).where(eq(subscriptionCoupons.subscriptionId, subscriptionId))
  ).map((c) => c.couponId);
  if (redeemed.length) {
    await ctx.db
      .update(coupons)
      .set({ redemptionCount: sql`${coupons.redemptionCount} - 1` })
      .where(inArray(coupons.id, redeemed));
  }
  await ctx.db.delete(subscriptionPeriods).where(eq(subscriptionPeriods.subscriptionId, subscriptionId));
  if (invoiceIds.length) {
    await ctx.db.delete(payments).where(inArray(payments.invoiceId, invoiceIds));
    await ctx.db.delete(invoices).where(inArray(invoices.id, invoiceIds));
  }
  await ctx.db.delete(subscriptionCoupons).where(eq(subscriptionCoupons.subscriptionId, subscriptionId));
  await ctx.db.delete(subscriptionComponents).where(eq(subscriptionComponents.subscriptionId, subscriptionId));
  await ctx.db.delete(subscriptions).where(eq(subscriptions.id, subscriptionId));
  await dropHeldEvents(ctx, subscriptionId);
  return true;
}

/** A request still making its initial charge is left alone this long (as reconcilePendingPayments does). */
const PENDING_GRACE_MS = 60_000;

/**
 * The lost-answer janitor's part for Subscription/Create (run by the billing run): a subscription
 * left pending by a process that died between its steps, or whose gateway answer was lost, is
 * settled by its charge: the gateway is asked by the attempt's key (holding no transaction), then
 * it is made active or discarded. One whose charge was never recorded expires (discarded). Still
 * unknown: it stays pending for the next run.
 */
export async function settlePendingSubscriptions(ctx: StepContext, olderThanMs = PENDING_GRACE_MS) {
  const cutoff = new Date(ctx.now().getTime() - olderThanMs);
  const pending = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(inBrand(ctx, subscriptions, eq(subscriptions.status, SUBSCRIPTION_PENDING), lt(subscriptions.createdAt, cutoff)));
  const outcome = { activated: 0, discarded: 0, unknown: 0 };
  for (const { id } of pending) {
    const settled = await settlePending(ctx, id);
    outcome[settled]++;
  }
  return outcome;
}

/**
 * Before Subscription/Create charges anew: the same subscription (account, product, pay method)
 * left pending by an earlier request whose answer was lost is settled first. Answers it once it is
 * active (the retry's answer); still unknown: GATEWAY_UNAVAILABLE, nothing new is charged.
 */
export async function settleRetriedCreate(ctx: StepContext, same: { customerAccountId: string; productId: string; payMethodId: string }) {
  const pending = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      inBrand(
        ctx,
        subscriptions,
        eq(subscriptions.status, SUBSCRIPTION_PENDING),
        eq(subscriptions.customerAccountId, same.customerAccountId),
        eq(subscriptions.productId, same.productId),
        eq(subscriptions.payMethodId, same.payMethodId),
      ),
    );
  let settled = 0;
  for (const { id } of pending) {
    const outcome = await settlePending(ctx, id);
    if (outcome === "unknown") throw stillPending(id);
    settled++;
    if (outcome === "activated") return { answer: await loadSubscription(ctx, id), settled };
  }
  return { answer: null, settled };
}

async function settlePending(ctx: StepContext, subscriptionId: string): Promise<"activated" | "discarded" | "unknown"> {
  const [charge] = await ctx.db
    .select({ payment: payments, payMethod: payMethods })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(payMethods, eq(payMethods.id, payments.payMethodId))
    .where(and(eq(invoices.subscriptionId, subscriptionId), eq(payments.brandId, ctx.brand.id)))
    .limit(1);
  let status = charge?.payment.status;
  if (status === "pending") status = (await resolveAttempt(holdEventsFor(ctx, subscriptionId), charge.payment, charge.payMethod)).status;
  if (status === "pending") return "unknown";
  if (status !== "succeeded") {
    await discardPending(ctx, subscriptionId);
    return "discarded";
  }
  if (!(await activatePending(ctx, subscriptionId))) {
    // Settled by another request meanwhile: activated, since its charge went through.
    const [now] = await ctx.db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    if (!now) return "discarded";
  }
  return "activated";
}
