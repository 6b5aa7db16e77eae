import { formatAmount } from "../money";
import { formatWireDate } from "../dates";
import { VARIABLE_SLOTS } from "./variables";
import type { Context } from "../auth/context";
import { discountValue } from "./params";
import {
  readComponent,
  readCoupon,
  readProduct,
  readProductGroup,
  type Component,
  type ComponentRead,
  type Coupon,
  type CouponRead,
  type Product,
  type GroupVariableRead,
  type ProductGroup,
  type ProductGroupRead,
  type ProductRead,
} from "./read";

const money = (minor: number | null, currency: string) => (minor === null ? null : formatAmount(minor, currency));

/** Status ledger (1 active, 2 suspended, 3 deleted) and timestamps, shared by the catalog views. */
const ledgerView = <S>(r: { status: S; createdAt: Date; updatedAt: Date; deletedAt: Date | null }) => ({
  status: r.status,
  created: r.createdAt,
  updated: r.updatedAt,
  deleted: r.deletedAt,
});

const yn = (b: boolean) => (b ? "Y" : "N");

/** A variable in the spec's key order (jsonb kept its own). */
const variableToWire = (v: GroupVariableRead | undefined) =>
  v
    ? { name: v.name, prompt: yn(v.prompt), type: v.type, options: v.options, description: v.description, swapable: yn(v.swapable), category: v.category }
    : null;

/** The wire: a product group as the API answers it, from its read row: every slot VAR1..VAR10, an empty one null. */
export const productGroupToWire = (g: ProductGroupRead) => ({
  product_group_id: g.id,
  name: g.name,
  description: g.description,
  action_url: g.actionUrl,
  ...Object.fromEntries(VARIABLE_SLOTS.map((s) => [s, variableToWire(g.variables.find((v) => v.slot === s))])),
  ...ledgerView(g),
});

/**
 * The wire: products, components and coupons as the API answers them, from their read rows
 * (./read.ts). Only lib/api calls the toWire functions (and, until they answer read rows, the write
 * verbs through productView, componentView, couponView).
 */
export const productToWire = (p: ProductRead) => ({
  product_id: p.id,
  product_group_id: p.productGroupId,
  name: p.name,
  description: p.description,
  expiration_interval: p.expirationInterval,
  interval_unit: p.intervalUnit,
  setup_fee: formatAmount(p.setupFeeCents, p.currency),
  recurring_price: formatAmount(p.recurringPriceCents, p.currency),
  trial: yn(p.trial),
  trial_interval: p.trialIntervalDays,
  trial_price: money(p.trialPriceCents, p.currency),
  auto_pay_discount: yn(p.autoPayDiscount),
  auto_pay_discount_amount: money(p.autoPayDiscountCents, p.currency),
  prompt_for_variables: yn(p.promptForVariables),
  tax_exempt: yn(p.taxExempt),
  custom_field_1: p.customField1,
  custom_field_2: p.customField2,
  ...ledgerView(p),
});

export const componentToWire = (c: ComponentRead) => ({
  component_id: c.id,
  product_group_id: c.productGroupId,
  component_type: c.type,
  name: c.name,
  description: c.description,
  starting_quantity: c.startingQuantity,
  maximum_units: c.maximumUnits,
  unit_price: formatAmount(c.unitPriceCents, c.currency),
  setup_fee: money(c.setupFeeCents, c.currency),
  taxable: yn(c.taxable),
  custom_field_1: c.customField1,
  custom_field_2: c.customField2,
  ...ledgerView(c),
});

export const couponToWire = (c: CouponRead) => ({
  coupon_id: c.id,
  coupon_code: c.code,
  name: c.name,
  discount_type: c.discount.type,
  discount_value: discountValue(c),
  duration: c.duration,
  duration_cycles: c.durationCycles,
  expiration_date: c.expirationDate ? formatWireDate(c.expirationDate) : null,
  max_redemptions: c.maxRedemptions,
  redemption_count: c.redemptionCount,
  stackable: yn(c.stackable),
  product_ids: c.productIds.join(","),
  status: c.status,
  created: c.createdAt,
  updated: c.updatedAt,
  deleted: c.deletedAt,
});

/** What the write verbs answer today: the wire of the record as it now stands. */
export const productGroupView = (g: ProductGroup) => productGroupToWire(readProductGroup(g));
export const productView = (p: Product, currency: string) => productToWire(readProduct(p, currency));
export const componentView = (c: Component, currency: string) => componentToWire(readComponent(c, currency));
export const couponView = (ctx: Context, c: Coupon) => couponToWire(readCoupon(ctx, c));
