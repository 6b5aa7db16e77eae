import type {
  CreateComponentInput,
  CreateCouponInput,
  CreateProductGroupInput,
  ProductFieldsInput,
  UpdateCouponInput,
  UpdateProductGroupInput,
} from "./schemas";
import {
  assertNoViolation,
  componentViolation,
  couponViolation,
  dependentValue,
  merged,
  productViolation,
  type ComponentRuleFields,
  type CouponRuleFields,
  type ProductRuleFields,
} from "./rules";
import { VARIABLE_SLOTS, variableColumn } from "./variables";
import { DomainError } from "../errors";
import { amountRule, minorUnits, parseDecimal } from "../money";
import type { Component, Coupon, Product } from "./read";

/**
 * Input -> column values, one function per resource shared by Create (nothing stored) and
 * Update (merged with the stored record: absent keeps, empty clears). Cross-field rules are
 * checked on the merged values, so Update can never produce a record Create would refuse.
 */

/** Only the fields that were sent (undefined = absent = keep). */
const sent = <T extends Record<string, unknown>>(values: T) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

export function productGroupValues(input: CreateProductGroupInput | UpdateProductGroupInput) {
  return sent({
    name: input.name,
    description: input.description,
    actionUrl: input.action_url,
    ...Object.fromEntries(VARIABLE_SLOTS.map((s) => [variableColumn(s), input[s]])),
  });
}

/** The rule-relevant values a product would end up with (the flags do not clear what depends on them). */
export function productRuleFields(input: ProductFieldsInput, stored: Product | null): ProductRuleFields {
  return {
    recurringPriceCents: input.recurring_price,
    trial: input.trial,
    trialInterval: merged(input.trial_interval, stored?.trialInterval ?? null),
    trialPriceCents: merged(input.trial_price, stored?.trialPriceCents ?? null),
    autoPayDiscount: input.auto_pay_discount,
    autoPayDiscountAmountCents: merged(input.auto_pay_discount_amount, stored?.autoPayDiscountAmountCents ?? null),
  };
}

export function productValues(input: ProductFieldsInput, stored: Product | null) {
  const rules = productRuleFields(input, stored);
  assertNoViolation(productViolation(rules));
  return {
    ...rules,
    // A trial without a price is free (spec: '0.00' is a free trial), so billing never sees a missing one.
    trialPriceCents: rules.trial === "Y" ? (rules.trialPriceCents ?? 0) : rules.trialPriceCents,
    name: input.name,
    description: input.description,
    expirationInterval: input.expiration_interval,
    // Create stores the default (day); Update keeps the stored unit when it is absent.
    ...sent({ intervalUnit: input.interval_unit ?? (stored ? undefined : ("day" as const)) }),
    setupFeeCents: input.setup_fee,
    promptForVariables: input.prompt_for_variables,
    taxExempt: input.tax_exempt,
    ...sent({ customField1: input.custom_field_1, customField2: input.custom_field_2 }),
  };
}

export const componentRuleFields = (input: CreateComponentInput, stored: Component | null): ComponentRuleFields => ({
  componentType: input.component_type,
  startingQuantity: merged(input.starting_quantity, stored?.startingQuantity ?? null),
  maximumUnits: merged(input.maximum_units, stored?.maximumUnits ?? null),
});

/** component_type and product_group_id are the stored ones on Update (the verb refuses a change). */
export function componentValues(input: CreateComponentInput, stored: Component | null) {
  const rules = componentRuleFields(input, stored);
  assertNoViolation(componentViolation(rules));
  return {
    ...rules,
    productGroupId: input.product_group_id,
    name: input.name,
    description: input.description,
    unitPriceCents: input.unit_price,
    taxable: input.taxable,
    ...sent({ setupFeeCents: input.setup_fee, customField1: input.custom_field_1, customField2: input.custom_field_2 }),
  };
}

/**
 * discount_value in its type's unit: hundredths of a percent (two decimals whatever the currency),
 * or minor units of the brand's currency; more decimals than that unit has is refused, never rounded.
 */
function discountUnits(text: string, type: CouponRuleFields["discountType"], currency: string): number {
  const units = type === "percent" ? parseDecimal(text, 2) : parseDecimal(text, minorUnits(currency));
  if (units !== null) return units;
  const rule = type === "percent" ? "must be a percent from 0.01 to 100 with at most two decimals" : amountRule(currency);
  throw new DomainError("INVALID_PARAMETER", `discount_value ${rule}`, { parameter: "discount_value" });
}

/** Create sends every rule field; Update falls back to the stored coupon for what it leaves out. */
export function couponRuleFields(input: CreateCouponInput | UpdateCouponInput, stored: Coupon | null, currency: string): CouponRuleFields {
  const duration = input.duration ?? stored!.duration;
  const discountType = input.discount_type ?? stored!.discountType;
  return {
    discountType,
    discountValue: input.discount_value === undefined ? stored!.discountValue : discountUnits(input.discount_value, discountType, currency),
    duration,
    durationCycles: dependentValue(input.duration_cycles, stored?.durationCycles ?? null, duration === "cycles"),
  };
}

export function couponValues(input: CreateCouponInput | UpdateCouponInput, stored: Coupon | null, currency: string) {
  const rules = couponRuleFields(input, stored, currency);
  assertNoViolation(couponViolation(rules));
  return {
    ...rules,
    ...sent({
      couponCode: input.coupon_code,
      name: input.name,
      stackable: input.stackable,
      expirationDate: input.expiration_date,
      maxRedemptions: input.max_redemptions,
      // Cleared (sent empty) restrictions mean any product.
      productIds: input.product_ids === null ? [] : input.product_ids,
      status: "status" in input ? input.status : undefined,
    }),
  };
}
