import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { coupons, subscriptionComponents, subscriptionCoupons } from "../../db/schema";
import type { Context } from "../auth/context";
import { findAccount, lockAccount } from "../accounts/queries";
import { DomainError, invalidState, notFound } from "../errors";
import { newId } from "../ids";
import { STATUS } from "../lifecycle";
import type { Component, Coupon } from "../catalog/read";
import { assertChargeable, findPayMethod } from "../pay-methods/queries";
import { loadSubscription, type AttachedRow, type CouponRow, type SubscriptionDetails } from "./details";
import { couponCyclesUsed } from "./periods";

/** A customer account of this brand that may take a new subscription (locked: an Account/Delete under way ends it first). */
export async function activeAccount(ctx: Context, id: string) {
  const account = await lockAccount(ctx, id);
  if (account.status !== STATUS.ACTIVE) throw invalidState("This customer account is suspended or deleted", "customer_account_id");
  return account;
}

/**
 * The subscription named by subscription_id, which must belong to customer_account_id (the spec's
 * "validity check"): another account's subscription is answered as not found.
 */
export async function subscriptionOf(ctx: Context, subscriptionId: string, customerAccountId: string | undefined) {
  const d = await loadSubscription(ctx, subscriptionId, { forUpdate: true });
  if (customerAccountId !== undefined && d.sub.customerAccountId !== customerAccountId) {
    await findAccount(ctx, customerAccountId); // another brand's or unknown account: 404 on customer_account_id
    throw notFound("Subscription", "subscription_id");
  }
  return d;
}

export function assertNotDeleted(d: SubscriptionDetails) {
  if (d.sub.status === STATUS.DELETED) throw invalidState("This subscription is deleted", "subscription_id");
}

/** A pay method of the account that can be charged (verified, not deleted): Errors 2. */
export async function chargeablePayMethod(ctx: Context, payMethodId: string, customerAccountId: string) {
  const p = await findPayMethod(ctx, payMethodId, customerAccountId);
  assertChargeable(p);
  return p;
}

/** Replaces a subscription's components, keeping the metered usage of those that stay. */
/** Replaces a subscription's components; answers them as they now stand (its details' `attached`, oldest first). */
export async function setComponents(ctx: Context, subscriptionId: string, wanted: { component: Component; units: number }[]): Promise<AttachedRow[]> {
  const existing = await ctx.db.select().from(subscriptionComponents).where(eq(subscriptionComponents.subscriptionId, subscriptionId));
  const keep = new Set(wanted.map((w) => w.component.id));
  const gone = existing.filter((e) => !keep.has(e.componentId)).map((e) => e.id);
  if (gone.length) await ctx.db.delete(subscriptionComponents).where(inArray(subscriptionComponents.id, gone));
  const attached: AttachedRow[] = [];
  for (const w of wanted) {
    const had = existing.find((e) => e.componentId === w.component.id);
    if (had) {
      if (had.units !== w.units) await ctx.db.update(subscriptionComponents).set({ units: w.units }).where(eq(subscriptionComponents.id, had.id));
      attached.push({ ...had, units: w.units, component: w.component });
    } else {
      const [row] = await ctx.db
        .insert(subscriptionComponents)
        .values({
          id: newId(),
          brandId: ctx.brand.id,
          subscriptionId,
          componentId: w.component.id,
          units: w.units,
          createdAt: ctx.now(),
        })
        .returning();
      attached.push({ ...row, component: w.component });
    }
  }
  return attached.sort(oldestRowFirst);
}

/**
 * Replaces a subscription's coupons. A coupon newly put on counts one redemption, refused when that
 * would pass its max_redemptions (checked and counted in one statement, so races cannot pass it).
 */
export async function setCoupons(ctx: Context, subscriptionId: string, wanted: Coupon[]): Promise<CouponRow[]> {
  const existing = await ctx.db.select().from(subscriptionCoupons).where(eq(subscriptionCoupons.subscriptionId, subscriptionId));
  const keep = new Set(wanted.map((c) => c.id));
  const gone = existing.filter((e) => !keep.has(e.couponId)).map((e) => e.id);
  if (gone.length) await ctx.db.delete(subscriptionCoupons).where(inArray(subscriptionCoupons.id, gone));
  const on: CouponRow[] = [];
  for (const c of wanted) {
    const had = existing.find((e) => e.couponId === c.id);
    if (had) {
      on.push({ ...had, coupon: c });
      continue;
    }
    const [counted] = await ctx.db
      .update(coupons)
      .set({ redemptionCount: sql`${coupons.redemptionCount} + 1` })
      .where(and(eq(coupons.id, c.id), or(isNull(coupons.maxRedemptions), lt(coupons.redemptionCount, coupons.maxRedemptions))))
      .returning();
    if (!counted) throw new DomainError("INVALID_STATE", `Coupon ${c.couponCode} has no redemptions left`, { parameter: "coupon_code" });
    // Put on again after a removal, it resumes from the cycles its earlier invoices used (a once coupon stays used).
    const cyclesApplied = await couponCyclesUsed(ctx, subscriptionId, c.couponCode);
    const [row] = await ctx.db
      .insert(subscriptionCoupons)
      .values({ id: newId(), brandId: ctx.brand.id, subscriptionId, couponId: c.id, cyclesApplied, createdAt: ctx.now() })
      .returning();
    on.push({ ...row, coupon: counted });
  }
  return on.sort(oldestRowFirst);
}

/** The order of a subscription's details (oldestFirst, db/scope.ts): by creation, then id. */
const oldestRowFirst = (a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
