import type { components, coupons, productGroups, products } from "../../db/schema";
import { formatAmount, formatDecimal } from "../money";
import { formatWireDate } from "../dates";
import { VARIABLE_SLOTS, type GroupVariable, type VariableSlot } from "./variables";
import { isCouponExpired } from "./coupon-qualification";

export type ProductGroup = typeof productGroups.$inferSelect;
export type Product = typeof products.$inferSelect;
export type Component = typeof components.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;

const money = (minor: number | null, currency: string) => (minor === null ? null : formatAmount(minor, currency));

/** Status ledger (1 active, 2 suspended, 3 deleted) and timestamps, shared by the catalog views. */
const ledgerView = (r: { status: number; createdAt: Date; updatedAt: Date; deletedAt: Date | null }) => ({
  status: r.status,
  created: r.createdAt,
  updated: r.updatedAt,
  deleted: r.deletedAt,
});

/** VAR1..VAR10 <-> the var1..var10 columns. */
export const variableColumn = (slot: VariableSlot) => slot.toLowerCase() as Lowercase<VariableSlot>;

/** jsonb keeps its own key order; show the variable's keys in the spec's order. */
const variableView = (v: GroupVariable | null) =>
  v && { name: v.name, prompt: v.prompt, type: v.type, options: v.options, description: v.description, swapable: v.swapable, category: v.category };

export const productGroupView = (g: ProductGroup) => ({
  product_group_id: g.id,
  name: g.name,
  description: g.description,
  action_url: g.actionUrl,
  ...Object.fromEntries(VARIABLE_SLOTS.map((s) => [s, variableView(g[variableColumn(s)])])),
  ...ledgerView(g),
});

export const productView = (p: Product, currency: string) => ({
  product_id: p.id,
  product_group_id: p.productGroupId,
  name: p.name,
  description: p.description,
  expiration_interval: p.expirationInterval,
  interval_unit: p.intervalUnit,
  setup_fee: money(p.setupFeeCents, currency),
  recurring_price: money(p.recurringPriceCents, currency),
  trial: p.trial,
  trial_interval: p.trialInterval,
  trial_price: money(p.trialPriceCents, currency),
  auto_pay_discount: p.autoPayDiscount,
  auto_pay_discount_amount: money(p.autoPayDiscountAmountCents, currency),
  prompt_for_variables: p.promptForVariables,
  tax_exempt: p.taxExempt,
  custom_field_1: p.customField1,
  custom_field_2: p.customField2,
  ...ledgerView(p),
});

export const componentView = (c: Component, currency: string) => ({
  component_id: c.id,
  product_group_id: c.productGroupId,
  component_type: c.componentType,
  name: c.name,
  description: c.description,
  starting_quantity: c.startingQuantity,
  maximum_units: c.maximumUnits,
  unit_price: money(c.unitPriceCents, currency),
  setup_fee: money(c.setupFeeCents, currency),
  taxable: c.taxable,
  custom_field_1: c.customField1,
  custom_field_2: c.customField2,
  ...ledgerView(c),
});

/**
 * A coupon's status as shown: the stored one (active, inactive, deleted), except that an active
 * coupon past its expiration_date shows as expired.
 */
export const couponStatus = (c: Coupon, now: Date, timeZone: string) => (c.status === "active" && isCouponExpired(c, now, timeZone) ? "expired" : c.status);

export const couponView = (c: Coupon, now: Date, timeZone: string, currency: string) => ({
  coupon_id: c.id,
  coupon_code: c.couponCode,
  name: c.name,
  discount_type: c.discountType,
  // A percent is kept in hundredths of a percent (1250 -> "12.50"), an amount in minor units of the currency.
  discount_value: c.discountType === "percent" ? formatDecimal(c.discountValue, 2) : formatAmount(c.discountValue, currency),
  duration: c.duration,
  duration_cycles: c.durationCycles,
  expiration_date: c.expirationDate ? formatWireDate(c.expirationDate) : null,
  max_redemptions: c.maxRedemptions,
  redemption_count: c.redemptionCount,
  stackable: c.stackable,
  product_ids: c.productIds.join(","),
  status: couponStatus(c, now, timeZone),
  created: c.createdAt,
  updated: c.updatedAt,
  deleted: c.deletedAt,
});
