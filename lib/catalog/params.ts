import { formatWireDate } from "../dates";
import { formatAmount, formatDecimal } from "../money";
import type { ComponentRead, CouponRead, ProductGroupRead, ProductRead } from "./read";

/**
 * What the catalog's edit forms start from: a record as its Update's parameters would leave it as
 * it is, in the API's parameter vocabulary ("25.00", Y/N, M/D/YYYY, "" for nothing), since a form's
 * fields are an endpoint's parameters (lib/wire/parse.ts reads them).
 */

const yn = (b: boolean): "Y" | "N" => (b ? "Y" : "N");
const text = (v: string | number | null) => (v === null ? "" : String(v));
const money = (cents: number | null, currency: string) => (cents === null ? "" : formatAmount(cents, currency));

export const productParams = (p: ProductRead) => ({
  product_id: p.id,
  product_group_id: p.productGroupId,
  name: p.name,
  description: p.description,
  expiration_interval: String(p.expirationInterval),
  interval_unit: p.intervalUnit,
  setup_fee: money(p.setupFeeCents, p.currency),
  recurring_price: money(p.recurringPriceCents, p.currency),
  trial: yn(p.trial),
  trial_interval: text(p.trialIntervalDays),
  trial_price: money(p.trialPriceCents, p.currency),
  auto_pay_discount: yn(p.autoPayDiscount),
  auto_pay_discount_amount: money(p.autoPayDiscountCents, p.currency),
  prompt_for_variables: yn(p.promptForVariables),
  tax_exempt: yn(p.taxExempt),
  custom_field_1: text(p.customField1),
  custom_field_2: text(p.customField2),
});

export const componentParams = (c: ComponentRead) => ({
  component_id: c.id,
  product_group_id: c.productGroupId,
  component_type: c.type,
  name: c.name,
  description: c.description,
  starting_quantity: text(c.startingQuantity),
  maximum_units: text(c.maximumUnits),
  unit_price: money(c.unitPriceCents, c.currency),
  setup_fee: money(c.setupFeeCents, c.currency),
  taxable: yn(c.taxable),
  custom_field_1: text(c.customField1),
  custom_field_2: text(c.customField2),
});

/** A coupon's discount_value as the API writes it: a percent from hundredths (1250 -> "12.50"), an amount in the currency ("5.00"). */
export const discountValue = (c: CouponRead) =>
  c.discount.type === "percent" ? formatDecimal(c.discount.hundredths, 2) : formatAmount(c.discount.cents, c.currency);

export const couponParams = (c: CouponRead) => ({
  coupon_id: c.id,
  coupon_code: c.code,
  name: c.name,
  discount_type: c.discount.type,
  discount_value: discountValue(c),
  duration: c.duration,
  duration_cycles: text(c.durationCycles),
  expiration_date: c.expirationDate ? formatWireDate(c.expirationDate) : "",
  max_redemptions: text(c.maxRedemptions),
  stackable: yn(c.stackable),
  product_ids: c.productIds.join(","),
});

/** A product group's base fields and its variables as the group editor holds them (options as comma-separated text, flags Y/N). */
export const productGroupParams = (g: ProductGroupRead) => ({
  product_group_id: g.id,
  base: { name: g.name, description: g.description, action_url: text(g.actionUrl) },
  variables: g.variables.map((v) => ({ ...v, prompt: yn(v.prompt), swapable: yn(v.swapable), options: v.options.join(", ") })),
});
