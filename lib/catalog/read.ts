import type { ComponentType, components, CouponStatus, coupons, productGroups, products } from "../../db/schema";
import type { PricedProduct } from "../pricing/pricing";
import type { Context } from "../auth/context";
import type { Status } from "../lifecycle";
import { isCouponExpired, type CouponDuration } from "./coupon-qualification";

/**
 * The catalog as every reader gets it (the dashboard, the subscription forms' choices, the API's
 * List through toWire in ./view.ts, which only lib/api calls): cents as integers, flags as
 * booleans, instants as Dates, calendar days as ISO dates (YYYY-MM-DD), statuses as the ledger
 * (db/schema/status.ts) and the coupons' schema name them.
 */

export type ProductGroup = typeof productGroups.$inferSelect;
export type Product = typeof products.$inferSelect;
export type Component = typeof components.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;

/** What every catalog record carries: the brand's currency (its amounts' minor units) and its ledger. */
interface Ledger<S> {
  id: string;
  /** ISO 4217 code of the brand's currency, of which the record's cents are minor units. */
  currency: string;
  status: S;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** A product's price and periods (what pricing needs, lib/pricing) with the rest people read. */
export interface ProductRead extends Ledger<Status>, PricedProduct {
  productGroupId: string;
  name: string;
  description: string;
  promptForVariables: boolean;
  taxExempt: boolean;
  customField1: string | null;
  customField2: string | null;
}

export interface ComponentRead extends Ledger<Status> {
  productGroupId: string;
  type: ComponentType;
  name: string;
  description: string;
  startingQuantity: number | null;
  maximumUnits: number | null;
  /** Per unit (metered, quantitative) or per period (traditional). */
  unitPriceCents: number;
  setupFeeCents: number | null;
  taxable: boolean;
  customField1: string | null;
  customField2: string | null;
}

/** A coupon's status as shown: the stored one, except that an active coupon past its last day is expired. */
export type CouponShownStatus = CouponStatus | "expired";

export interface CouponRead extends Ledger<CouponShownStatus> {
  code: string;
  name: string;
  /** A percent off (in hundredths of a percent: 1250 is 12.5%) or an amount off (in cents). */
  discount: { type: "percent"; hundredths: number } | { type: "amount"; cents: number };
  duration: CouponDuration;
  durationCycles: number | null;
  /** The last day it qualifies (inclusive), an ISO date; null: no end. */
  expirationDate: string | null;
  maxRedemptions: number | null;
  redemptionCount: number;
  stackable: boolean;
  /** Empty: any product of the brand. */
  productIds: string[];
}

const ledger = <S>(r: { id: string; createdAt: Date; updatedAt: Date; deletedAt: Date | null }, status: S, currency: string): Ledger<S> => ({
  id: r.id,
  currency,
  status,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  deletedAt: r.deletedAt,
});

/** A product row as the pure pricing's input (lib/pricing/pricing.ts). */
export const pricedProduct = (p: Product): PricedProduct => ({
  setupFeeCents: p.setupFeeCents,
  recurringPriceCents: p.recurringPriceCents,
  expirationInterval: p.expirationInterval,
  intervalUnit: p.intervalUnit,
  trial: p.trial === "Y",
  trialIntervalDays: p.trialInterval,
  trialPriceCents: p.trialPriceCents,
  autoPayDiscount: p.autoPayDiscount === "Y",
  autoPayDiscountCents: p.autoPayDiscountAmountCents,
});

// The shared parts are spread last: on Node 20 an object literal that starts with a spread takes the
// slow path for every property after it (4-7 µs a row here, most of Product/List's time; bench/api).
export const readProduct = (p: Product, currency: string): ProductRead => ({
  productGroupId: p.productGroupId,
  name: p.name,
  description: p.description,
  promptForVariables: p.promptForVariables === "Y",
  taxExempt: p.taxExempt === "Y",
  customField1: p.customField1,
  customField2: p.customField2,
  ...ledger(p, p.status, currency),
  ...pricedProduct(p),
});

export const readComponent = (c: Component, currency: string): ComponentRead => ({
  productGroupId: c.productGroupId,
  type: c.componentType,
  name: c.name,
  description: c.description,
  startingQuantity: c.startingQuantity,
  maximumUnits: c.maximumUnits,
  unitPriceCents: c.unitPriceCents,
  setupFeeCents: c.setupFeeCents,
  taxable: c.taxable === "Y",
  customField1: c.customField1,
  customField2: c.customField2,
  ...ledger(c, c.status, currency),
});

/** A coupon read on the brand's clock (whether it has expired is a matter of the brand's calendar day). */
export function readCoupon(ctx: Context, c: Coupon): CouponRead {
  const expired = c.status === "active" && isCouponExpired(c, ctx.now(), ctx.brand.timezoneId);
  return {
    code: c.couponCode,
    name: c.name,
    discount: c.discountType === "percent" ? { type: "percent", hundredths: c.discountValue } : { type: "amount", cents: c.discountValue },
    duration: c.duration,
    durationCycles: c.durationCycles,
    expirationDate: c.expirationDate,
    maxRedemptions: c.maxRedemptions,
    redemptionCount: c.redemptionCount,
    stackable: c.stackable === "Y",
    productIds: c.productIds,
    ...ledger(c, expired ? ("expired" as const) : c.status, ctx.brand.currency),
  };
}
