import { selectRows } from "../../db/client";
import { components, coupons, productGroups, products, subscriptionComponents, subscriptionCoupons, subscriptions } from "../../db/schema";
import { anyOf, inBrand, oldestFirst } from "../../db/scope";
import { findInBrand } from "../scope";
import type { Context } from "../auth/context";
import { notFound } from "../errors";
import { SUBSCRIPTION_PENDING } from "../lifecycle";
import { lockAccount } from "../accounts/queries";
import { isComponentBillable, isProductBillable } from "../catalog/availability";
import { qualifyCoupon, type Qualification } from "../catalog/coupon-qualification";
import type { Component, Coupon, Product, ProductGroup } from "../catalog/read";
import { recurringLines, usageLines, type Line } from "../pricing/pricing";
import { assertChargeWithinMax, pricedComponent, pricedCoupon, pricedProduct } from "./terms";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type AttachedRow = typeof subscriptionComponents.$inferSelect & { component: Component };
export type CouponRow = typeof subscriptionCoupons.$inferSelect & { coupon: Coupon };

/** The subscription fields its details and its pricing read; the billing run loads only these. */
export const PRICED_COLUMNS = ["id", "brandId", "customerAccountId", "productId", "productGroupId", "autoPay", "renewalDate", "version"] as const;
export type PricedSubscription = Pick<SubscriptionRow, (typeof PRICED_COLUMNS)[number]>;

export interface SubscriptionDetails<S extends PricedSubscription = SubscriptionRow> {
  sub: S;
  /** Null once the product was deleted (it is removed from its subscriptions). */
  product: Product | null;
  group: ProductGroup;
  attached: AttachedRow[];
  coupons: CouponRow[];
}

function groupBy<T>(items: T[], key: (t: T) => string) {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** Subscriptions with their product, group, components and coupons, in a few queries for any number. */
export async function withDetails<S extends PricedSubscription>(ctx: Context, subs: S[]): Promise<SubscriptionDetails<S>[]> {
  if (subs.length === 0) return [];
  const ids = subs.map((s) => s.id);
  const productIds = [...new Set(subs.map((s) => s.productId).filter((p): p is string => p !== null))];
  const groupIds = [...new Set(subs.map((s) => s.productGroupId))];
  const [productRows, groupRows, attachedRows, couponRows] = await Promise.all([
    productIds.length ? selectRows(ctx.db, products, { where: inBrand(ctx, products, anyOf(products.id, productIds)) }) : [],
    selectRows(ctx.db, productGroups, { where: inBrand(ctx, productGroups, anyOf(productGroups.id, groupIds)) }),
    selectRows(ctx.db, subscriptionComponents, {
      where: inBrand(ctx, subscriptionComponents, anyOf(subscriptionComponents.subscriptionId, ids)),
      orderBy: oldestFirst(subscriptionComponents),
    }),
    selectRows(ctx.db, subscriptionCoupons, {
      where: inBrand(ctx, subscriptionCoupons, anyOf(subscriptionCoupons.subscriptionId, ids)),
      orderBy: oldestFirst(subscriptionCoupons),
    }),
  ]);
  // The catalog rows they point at: few distinct ones however many subscriptions.
  const componentIds = [...new Set(attachedRows.map((a) => a.componentId))];
  const couponIds = [...new Set(couponRows.map((c) => c.couponId))];
  const [componentRows, couponDefs] = await Promise.all([
    componentIds.length ? selectRows(ctx.db, components, { where: inBrand(ctx, components, anyOf(components.id, componentIds)) }) : [],
    couponIds.length ? selectRows(ctx.db, coupons, { where: inBrand(ctx, coupons, anyOf(coupons.id, couponIds)) }) : [],
  ]);
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const groupById = new Map(groupRows.map((g) => [g.id, g]));
  const componentById = new Map(componentRows.map((c) => [c.id, c]));
  const couponById = new Map(couponDefs.map((c) => [c.id, c]));
  // The rows are this call's own, so each gets its catalog row set on it instead of being copied.
  const attachedOf = groupBy(
    attachedRows.map((a): AttachedRow => Object.assign(a, { component: componentById.get(a.componentId)! })),
    (a) => a.subscriptionId,
  );
  const couponsOf = groupBy(
    couponRows.map((c): CouponRow => Object.assign(c, { coupon: couponById.get(c.couponId)! })),
    (c) => c.subscriptionId,
  );
  return subs.map((sub) => ({
    sub,
    product: sub.productId ? (productById.get(sub.productId) ?? null) : null,
    group: groupById.get(sub.productGroupId)!,
    attached: attachedOf.get(sub.id) ?? [],
    coupons: couponsOf.get(sub.id) ?? [],
  }));
}

/**
 * A subscription with its details. forUpdate locks it for a change, after its customer account
 * (the lock order everywhere: account, subscriptions, invoices; see lockAccount).
 */
export async function loadSubscription(ctx: Context, id: string, opts: { forUpdate?: boolean } = {}) {
  if (opts.forUpdate) {
    const { customerAccountId } = await findInBrand(ctx, subscriptions, id, "Subscription", "subscription_id");
    await lockAccount(ctx, customerAccountId);
  }
  const sub = await findInBrand(ctx, subscriptions, id, "Subscription", "subscription_id", opts);
  // Pending while its initial charge is being made: it does not exist yet (Subscription/Create).
  if (sub.status === SUBSCRIPTION_PENDING) throw notFound("Subscription", "subscription_id");
  return (await withDetails(ctx, [sub]))[0];
}

/** Whether a coupon on this subscription discounts its next cycle, and why not. */
export const couponQualification = (ctx: Context, d: SubscriptionDetails<PricedSubscription>, c: CouponRow): Qualification =>
  qualifyCoupon(c.coupon, {
    productId: d.sub.productId ?? "",
    now: ctx.now(),
    cyclesApplied: c.cyclesApplied,
    alreadyRedeemedBySubscription: true,
    timeZone: ctx.brand.timezoneId,
  });

/** The charge of the next regular period, from the subscription as it is now (spec, behaviour 2). */
export function nextPeriodLines(ctx: Context, d: SubscriptionDetails<PricedSubscription>): Line[] {
  if (!d.product || !isProductBillable(d.product, d.group)) return [];
  return recurringLines({
    product: pricedProduct(d.product),
    productName: d.product.name,
    components: d.attached.filter((a) => isComponentBillable(a.component)).map((a) => pricedComponent(a.component, a.units)),
    coupons: d.coupons.filter((c) => couponQualification(ctx, d, c).qualifies).map((c) => pricedCoupon(c.coupon)),
    autoPay: d.sub.autoPay === "Y",
  });
}

/**
 * The renewal's invoice (the next period's charge plus the metered usage on it) must stay an amount
 * an invoice can hold: a change that would take it past the largest total is refused, not billed wrong.
 */
export function assertInvoiceable(ctx: Context, d: SubscriptionDetails, parameter: string) {
  assertChargeWithinMax(nextInvoiceLines(ctx, d), parameter, ctx.brand.currency);
}

/** The lines of the subscription's next renewal invoice as far as the largest amount goes: the regular period's and the metered usage so far. */
export function nextInvoiceLines(ctx: Context, d: SubscriptionDetails) {
  const metered = d.attached.filter((a) => a.component.componentType === "metered");
  const usage = usageLines(metered.map((a) => ({ ...pricedComponent(a.component, a.units), usage: a.usage })));
  return [...nextPeriodLines(ctx, d), ...usage];
}
