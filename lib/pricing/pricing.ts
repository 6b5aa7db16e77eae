/**
 * Pricing as pure functions (no I/O, no clock): what a subscription costs up front and at each
 * renewal, as invoice lines in integer cents. No tax (spec, behaviour 5).
 *
 * How a charge is put together:
 * - Up front: the product's setup fee plus each attached component's setup fee, and the first
 *   period: the trial price when the product has a trial (components are not charged during a
 *   trial), otherwise the recurring charge below.
 * - Each renewal (the recurring charge): the product's recurring price; per traditional component
 *   its unit price; per quantitative component (units - starting_quantity) * unit price, units
 *   capped at maximum_units; then the auto pay discount (when auto pay is Y and the product offers
 *   one) and coupons. Metered usage is billed for the cycle that used it, on the renewal that ends
 *   that cycle: (usage - starting_quantity) * unit price.
 * - Coupons discount recurring charges only (never setup fees or usage), once per billed cycle while
 *   they qualify. Percent coupons are each taken off the charge before coupons; amount coupons
 *   follow. The discount never exceeds the charge, so no invoice is negative.
 * - Changes made before a renewal change the next charge; with a brand's proration, the unused part
 *   of the current period is billed or credited at once (prorationOf).
 */

import type { IntervalUnit } from "./periods";

export type ComponentType = "traditional" | "metered" | "quantitative";

export interface PricedProduct {
  setupFeeCents: number;
  recurringPriceCents: number;
  /** Periods of intervalUnit a period lasts; 0 is a one-time purchase that never renews. */
  expirationInterval: number;
  intervalUnit: IntervalUnit;
  trial: boolean;
  trialIntervalDays: number | null;
  trialPriceCents: number | null;
  autoPayDiscount: boolean;
  autoPayDiscountCents: number | null;
}

export interface PricedComponent {
  id: string;
  name: string;
  type: ComponentType;
  unitPriceCents: number;
  setupFeeCents: number;
  startingQuantity: number;
  maximumUnits: number | null;
  /** Attached units (traditional: 1; quantitative: the units; metered: unused). */
  units: number;
}

export interface PricedCoupon {
  code: string;
  discountType: "percent" | "amount";
  /** Hundredths of a percent (10000 = 100%) for percent; cents for amount. */
  discountValue: number;
}

export type LineKind = "setup_fee" | "trial" | "recurring" | "component" | "usage" | "auto_pay_discount" | "coupon";

export interface Line {
  kind: LineKind;
  name: string;
  /** Negative for discounts. */
  amountCents: number;
  quantity: number;
  componentId?: string;
  couponCode?: string;
}

export const sumLines = (lines: readonly Line[]) => lines.reduce((s, l) => s + l.amountCents, 0);

/** The charges before any discount: bounds every line and the total (a 100% coupon can hide a huge line). */
export const grossOfLines = (lines: readonly Line[]) => lines.reduce((s, l) => s + Math.max(0, l.amountCents), 0);

/** Percent of an amount in hundredths of a percent, rounded half up, in integers only. */
export const percentOf = (cents: number, hundredthsOfPercent: number) => Math.floor((cents * hundredthsOfPercent + 5000) / 10000);

/** Units that cost money: above the free starting quantity, and (quantitative) up to the maximum. */
export function billableUnits(c: Pick<PricedComponent, "startingQuantity" | "maximumUnits">, units: number) {
  const capped = c.maximumUnits === null ? units : Math.min(units, c.maximumUnits);
  return Math.max(0, capped - c.startingQuantity);
}

function componentLines(components: readonly PricedComponent[]): Line[] {
  const lines: Line[] = [];
  for (const c of components) {
    if (c.type === "traditional") {
      lines.push({ kind: "component", name: c.name, amountCents: c.unitPriceCents, quantity: 1, componentId: c.id });
    } else if (c.type === "quantitative") {
      const q = billableUnits(c, c.units);
      if (q > 0) lines.push({ kind: "component", name: c.name, amountCents: q * c.unitPriceCents, quantity: q, componentId: c.id });
    }
  }
  return lines;
}

/** Discount lines for the coupons on a charge; together never more than the charge. */
export function couponLines(chargeCents: number, coupons: readonly PricedCoupon[]): Line[] {
  const ordered = [...coupons.filter((c) => c.discountType === "percent"), ...coupons.filter((c) => c.discountType === "amount")];
  const lines: Line[] = [];
  let left = chargeCents;
  for (const c of ordered) {
    const wanted = c.discountType === "percent" ? percentOf(chargeCents, c.discountValue) : c.discountValue;
    const off = Math.min(wanted, left);
    left -= off;
    lines.push({ kind: "coupon", name: `Coupon ${c.code}`, amountCents: -off, quantity: 1, couponCode: c.code });
  }
  return lines;
}

export interface RecurringInput {
  product: PricedProduct;
  productName: string;
  components: readonly PricedComponent[];
  /** The coupons that qualify for this cycle. */
  coupons: readonly PricedCoupon[];
  autoPay: boolean;
}

/** One regular period's charge: product, components, auto pay discount, coupons. */
export function recurringLines({ product, productName, components, coupons, autoPay }: RecurringInput): Line[] {
  const lines: Line[] = [{ kind: "recurring", name: productName, amountCents: product.recurringPriceCents, quantity: 1 }, ...componentLines(components)];
  const gross = sumLines(lines);
  let net = gross;
  if (autoPay && product.autoPayDiscount && product.autoPayDiscountCents) {
    const off = Math.min(product.autoPayDiscountCents, net);
    net -= off;
    lines.push({ kind: "auto_pay_discount", name: "Auto pay discount", amountCents: -off, quantity: 1 });
  }
  return [...lines, ...couponLines(net, coupons)];
}

/** `cents` × days / ofDays, rounded half away from zero to the cent, in integers only. */
export function prorate(cents: number, days: number, ofDays: number) {
  const twice = Math.abs(cents) * days * 2 + ofDays;
  // Past 2^53 (the largest amount over a long period) the same sum in exact integers.
  const whole = Number.isSafeInteger(twice)
    ? Math.floor(twice / (2 * ofDays))
    : Number((BigInt(Math.abs(cents)) * BigInt(days) * 2n + BigInt(ofDays)) / (2n * BigInt(ofDays)));
  return cents < 0 ? -whole : whole;
}

/**
 * A change mid-period with proration (issue 32): (days left / days in the period) x (new charge -
 * old charge), half away from zero to the cent, once on the difference. Positive is billed at once,
 * negative credited.
 */
export const prorationOf = (oldCents: number, newCents: number, part: PartialPeriod) => prorate(newCents - oldCents, part.days, part.ofDays);

/** A first partial period (billing_day), or what is left of a period on a change: `days` of a full period of `ofDays`. */
export interface PartialPeriod {
  days: number;
  ofDays: number;
}

/**
 * One regular period's charge for part of a period: the price, components and auto pay discount
 * each prorated (days / days in the full period, half away from zero), then the coupons on what is left.
 */
export function proratedLines(input: RecurringInput, part: PartialPeriod): Line[] {
  const full = recurringLines({ ...input, coupons: [] });
  const lines = full.map((l) => ({
    ...l,
    name: `${l.name} (${part.days} of ${part.ofDays} days)`,
    amountCents: prorate(l.amountCents, part.days, part.ofDays),
    quantity: 1,
  }));
  return [...lines, ...couponLines(sumLines(lines), input.coupons)];
}

/** The up-front charge of a new subscription: setup fees and the first period (trial, regular, or a billing day's partial one). */
export function initialLines(input: RecurringInput, part?: PartialPeriod | null): Line[] {
  const { product, productName, components } = input;
  const setup: Line[] = [];
  if (product.setupFeeCents > 0) setup.push({ kind: "setup_fee", name: `${productName} setup fee`, amountCents: product.setupFeeCents, quantity: 1 });
  for (const c of components) {
    if (c.setupFeeCents > 0) setup.push({ kind: "setup_fee", name: `${c.name} setup fee`, amountCents: c.setupFeeCents, quantity: 1, componentId: c.id });
  }
  if (inTrial(product)) {
    return [...setup, { kind: "trial", name: `${productName} trial`, amountCents: product.trialPriceCents ?? 0, quantity: 1 }];
  }
  return [...setup, ...(part ? proratedLines(input, part) : recurringLines(input))];
}

export const inTrial = (p: PricedProduct) => p.trial && (p.trialIntervalDays ?? 0) > 0;

/** The metered usage of the cycle that just ended, billed on the renewal that ends it. */
export function usageLines(components: readonly (PricedComponent & { usage: number })[]): Line[] {
  const lines: Line[] = [];
  for (const c of components) {
    if (c.type !== "metered") continue;
    const q = billableUnits({ startingQuantity: c.startingQuantity, maximumUnits: null }, c.usage);
    if (q > 0) lines.push({ kind: "usage", name: `${c.name} usage`, amountCents: q * c.unitPriceCents, quantity: q, componentId: c.id });
  }
  return lines;
}
