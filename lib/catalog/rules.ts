import type { z } from "zod";
import { DomainError } from "../errors";
import type { ComponentType } from "../../db/schema/catalog";

/**
 * Cross-field rules of products, components and coupons, written once over the values a record
 * would end up with. Create checks them on its input (zod superRefine, so forms see them too);
 * Update checks them on the input merged with the stored record, inside the verb.
 */
export interface Violation {
  parameter: string;
  code: "MISSING_PARAMETER" | "INVALID_PARAMETER";
  message: string;
}

const missing = (parameter: string, message: string): Violation => ({ parameter, code: "MISSING_PARAMETER", message });
const invalid = (parameter: string, message: string): Violation => ({ parameter, code: "INVALID_PARAMETER", message });

export interface ProductRuleFields {
  recurringPriceCents: number;
  trial: "Y" | "N";
  trialInterval: number | null;
  trialPriceCents: number | null;
  autoPayDiscount: "Y" | "N";
  autoPayDiscountAmountCents: number | null;
}

/**
 * Only what the spec requires: the dependent fields may be set while their flag is N (kept, and
 * used once the flag turns Y); the discount's range matters only while it applies.
 */
export function productViolation(p: ProductRuleFields): Violation | null {
  if (p.trial === "Y" && p.trialInterval === null) return missing("trial_interval", "is required when trial is Y");
  if (p.autoPayDiscount !== "Y") return null;
  const amount = p.autoPayDiscountAmountCents;
  if (amount === null) return missing("auto_pay_discount_amount", "is required when auto_pay_discount is Y");
  if (amount <= 0) return invalid("auto_pay_discount_amount", "must be more than 0.00");
  if (amount > p.recurringPriceCents) return invalid("auto_pay_discount_amount", "must not be more than recurring_price");
  return null;
}

export interface ComponentRuleFields {
  componentType: ComponentType;
  startingQuantity: number | null;
  maximumUnits: number | null;
}

export function componentViolation(c: ComponentRuleFields): Violation | null {
  if (c.componentType === "traditional" && c.startingQuantity !== null) {
    return invalid("starting_quantity", "can only be set for metered or quantitative components");
  }
  if (c.componentType !== "quantitative" && c.maximumUnits !== null) {
    return invalid("maximum_units", "can only be set for quantitative components");
  }
  if (c.maximumUnits !== null && c.maximumUnits < (c.startingQuantity ?? 0)) {
    return invalid("maximum_units", `must be at least starting_quantity (${c.startingQuantity})`);
  }
  return null;
}

export interface CouponRuleFields {
  discountType: "percent" | "amount";
  /** Hundredths of a percent, or cents. */
  discountValue: number;
  duration: "once" | "forever" | "cycles";
  durationCycles: number | null;
}

/** 100% in hundredths of a percent. */
export const FULL_PERCENT = 10_000;

export function couponViolation(c: CouponRuleFields): Violation | null {
  if (c.discountType === "percent" && (c.discountValue < 1 || c.discountValue > FULL_PERCENT)) {
    return invalid("discount_value", "must be a percent from 0.01 to 100 for a percent coupon");
  }
  if (c.discountType === "amount" && c.discountValue < 1) return invalid("discount_value", "must be more than 0.00");
  if (c.duration === "cycles" && c.durationCycles === null) return missing("duration_cycles", "is required when duration is cycles");
  if (c.duration !== "cycles" && c.durationCycles !== null) return invalid("duration_cycles", "can only be set when duration is cycles");
  return null;
}

/** For `.superRefine`: reports a violation as an issue on its parameter (dispatch names it). */
export function reportViolation(v: Violation | null, c: z.RefinementCtx) {
  if (!v) return;
  c.addIssue({
    code: "custom",
    path: [v.parameter],
    message: v.message,
    ...(v.code === "MISSING_PARAMETER" ? { params: { code: v.code } } : {}),
  });
}

/** In a verb: refuses with the same code and message dispatch would give. */
export function assertNoViolation(v: Violation | null) {
  if (v) throw new DomainError(v.code, `${v.parameter} ${v.message}`, { parameter: v.parameter });
}

/**
 * The value a field dependent on a switch ends up with on Update: what was sent; otherwise the
 * stored value while the switch is on, and nothing once it is off (turning trial off clears it).
 */
export const dependentValue = <T>(sent: T | null | undefined, stored: T | null, switchOn: boolean): T | null =>
  sent !== undefined ? sent : switchOn ? stored : null;

/** Update semantics for one field: absent keeps the stored value, sent (or sent empty = null) replaces it. */
export const merged = <T>(sent: T | undefined, stored: T): T => (sent === undefined ? stored : sent);
