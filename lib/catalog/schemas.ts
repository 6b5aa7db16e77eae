import { z } from "zod";
import { amountsCurrency, date, flag, id, integer, json, keep, money, oneOf, opt, req, multilineText, text, url } from "../wire/params";
import { COMPONENT_TYPES, INTERVAL_UNITS, type IntervalUnit } from "../../db/schema/catalog";
import { GroupVariableSchema, VARIABLE_SLOTS, VARIABLE_TYPES, type VariableSlot } from "./variables";
import { componentViolation, couponViolation, productViolation, reportViolation } from "./rules";
import { componentRuleFields, couponRuleFields, productRuleFields } from "./values";

const name = () => text(255).min(1, { error: "must not be empty" });
const description = () => multilineText(2000).min(1, { error: "must not be empty" });
const customField = (n: 1 | 2) => opt(text(255), `Free-form field ${n} of your own; List can filter on it`);

/* ---------- ProductGroup ---------- */

const VARIABLE_EXAMPLE = '{"name":"Size","prompt":"Y","type":"Options","options":["S","M","L"],"description":"Shirt size","swapable":"Y","category":"Apparel"}';

const variableParam = (slot: VariableSlot) =>
  opt(
    json(GroupVariableSchema),
    `Subscription variable ${slot} as JSON text: {"name", "prompt" (Y/N), "type" (for example ${VARIABLE_TYPES.join(", ")}; any other name takes any text), ` +
      `"options" (list; required for Options), "description", "swapable" (Y/N), "category"}. Unknown keys are refused`,
    { example: VARIABLE_EXAMPLE },
  );

const variableParams = Object.fromEntries(VARIABLE_SLOTS.map((s) => [s, variableParam(s)])) as Record<VariableSlot, ReturnType<typeof variableParam>>;

const productGroupId = (description: string) => req(id(), description, { refersTo: "ProductGroup" });
const actionUrl = () => opt(url(), "Fully qualified http(s) address the subscription events of this group's products are posted to");

export const ListProductGroupsParams = z.object({
  product_group_id: opt(id(), "Only this group, also when deleted (omit for all groups that are not deleted)", { refersTo: "ProductGroup" }),
});

export const CreateProductGroupParams = z.object({
  name: req(name(), "The group's name", { example: "Streaming plans" }),
  description: req(description(), "What the group's products are", { example: "Monthly and yearly streaming plans" }),
  action_url: actionUrl(),
  ...variableParams,
});

/** name and description can change but not be cleared; the rest follow Update semantics. */
export const UpdateProductGroupParams = z.object({
  product_group_id: productGroupId("The group to change"),
  name: keep(name(), "The group's name"),
  description: keep(description(), "What the group's products are"),
  action_url: actionUrl(),
  ...variableParams,
});

export const SuspendProductGroupParams = z.object({
  product_group_id: productGroupId("The group to suspend: no new subscriptions, and none of its subscriptions are billed"),
});
export const DeleteProductGroupParams = z.object({ product_group_id: productGroupId("The group to delete") });
export const RestoreProductGroupParams = z.object({ product_group_id: productGroupId("The suspended or deleted group to make active again") });

/* ---------- Product ---------- */

const productId = (description: string) => req(id(), description, { refersTo: "Product" });

/** The fields Create and Update share; Update sends the required ones again every time (spec). */
const productFields = {
  name: req(name(), "The product's name", { example: "Gold monthly" }),
  description: req(description(), "What the customer gets", { example: "All channels, billed monthly" }),
  expiration_interval: req(
    integer({ min: 0, max: 36_500 }),
    "Periods of interval_unit (days unless told) a subscription runs before it renews; 0 is a one-time purchase that never renews",
    { example: "30" },
  ),
  setup_fee: req(money(), "One-time fee charged at the start (added to the components' setup fees)", { example: "0.00" }),
  recurring_price: req(money(), "Price charged every expiration_interval", { example: "19.99" }),
  trial: req(flag(), "Whether subscriptions start with a trial", { example: "N" }),
  trial_interval: opt(integer({ min: 1, max: 3650 }), "Trial length in days; required when trial is Y (kept, unused, while trial is N)"),
  trial_price: opt(money(), "Price of the trial; 0.00 (the default when trial is Y) is a free trial"),
  auto_pay_discount: req(flag(), "Whether subscriptions with auto pay get a discount", { example: "N" }),
  auto_pay_discount_amount: opt(
    money(),
    "Discount per cycle for auto pay; required when auto_pay_discount is Y, then more than 0.00 and at most recurring_price (kept, unused, while N)",
  ),
  prompt_for_variables: req(flag(), "Whether the group's variables with prompt Y are asked for when subscribing", { example: "N" }),
  tax_exempt: req(flag(), "Whether the product is tax exempt (disregarded when the customer account is)", { example: "N" }),
  custom_field_1: customField(1),
  custom_field_2: customField(2),
};

export type ProductFieldsInput = z.output<z.ZodObject<typeof productFields>> & { interval_unit?: IntervalUnit };

export const ListProductsParams = z.object({
  product_id: opt(id(), "Only this product, also when deleted", { refersTo: "Product" }),
  product_group_id: opt(id(), "Only products of this group", { refersTo: "ProductGroup" }),
  custom_field_1: opt(text(255), "Only products with this custom_field_1"),
  custom_field_2: opt(text(255), "Only products with this custom_field_2"),
});

const INTERVAL_UNIT_DESCRIPTION =
  "What expiration_interval counts: day (the spec's meaning), week, month or year. Month and year periods end on the subscription's anchor day, clamped to the month's last day";

export const CreateProductParams = z
  .object({
    product_group_id: productGroupId("The group the product belongs to, for good (it cannot change)"),
    ...productFields,
    interval_unit: keep(oneOf(INTERVAL_UNITS), `${INTERVAL_UNIT_DESCRIPTION} (default day)`, { example: "month" }),
  })
  .superRefine((p, c) => reportViolation(productViolation(productRuleFields(p, null)), c));

/** product_group_id is not a parameter here: it cannot change (spec). */
export const UpdateProductParams = z.object({
  product_id: productId("The product to change"),
  ...productFields,
  interval_unit: keep(oneOf(INTERVAL_UNITS), `${INTERVAL_UNIT_DESCRIPTION} (absent keeps the stored one)`),
});

export const SuspendProductParams = z.object({ product_id: productId("The product to suspend: no new subscriptions; existing ones keep being billed") });
export const DeleteProductParams = z.object({
  product_id: productId("The product to delete: removed from existing subscriptions and unavailable for new ones; restorable for 90 days"),
});
export const RestoreProductParams = z.object({ product_id: productId("The suspended product, or one deleted at most 90 days ago, to make active again") });

/* ---------- Component ---------- */

const componentId = (description: string) => req(id(), description, { refersTo: "Component" });

const componentFields = {
  component_type: req(oneOf(COMPONENT_TYPES), "traditional (a set recurring price), metered (usage reported each cycle) or quantitative (a number of units)", {
    example: "traditional",
  }),
  product_group_id: productGroupId("The group whose products the component can be added to"),
  name: req(name(), "The component's name", { example: "Extra screen" }),
  description: req(description(), "What the component adds", { example: "One more simultaneous stream" }),
  starting_quantity: opt(integer({ min: 0 }), "Units included at no cost; metered and quantitative components only"),
  maximum_units: opt(integer({ min: 1 }), "Most units a subscription may have; quantitative components only, at least starting_quantity"),
  unit_price: req(money(), "Price per unit (metered, quantitative) or per cycle (traditional)", { example: "4.99" }),
  setup_fee: opt(money(), "One-time fee, added to the product's setup fee"),
  taxable: req(flag(), "Whether tax applies", { example: "Y" }),
  custom_field_1: customField(1),
  custom_field_2: customField(2),
};

export const ListComponentsParams = z.object({
  component_id: opt(id(), "Only this component, also when deleted", { refersTo: "Component" }),
  product_group_id: opt(id(), "Only components of this group (omit for all components of the brand)", { refersTo: "ProductGroup" }),
  custom_field_1: opt(text(255), "Only components with this custom_field_1"),
  custom_field_2: opt(text(255), "Only components with this custom_field_2"),
});

export const CreateComponentParams = z.object(componentFields).superRefine((p, c) => reportViolation(componentViolation(componentRuleFields(p, null)), c));

/** component_type and product_group_id are required but must be the stored ones (they cannot change). */
export const UpdateComponentParams = z.object({ component_id: componentId("The component to change"), ...componentFields });

export const SuspendComponentParams = z.object({
  component_id: componentId("The component to suspend: cannot be added to subscriptions; existing ones keep being billed"),
});
export const DeleteComponentParams = z.object({
  component_id: componentId("The component to delete: unavailable to existing and new subscriptions; restorable for 90 days"),
});
export const RestoreComponentParams = z.object({
  component_id: componentId("The suspended component, or one deleted at most 90 days ago, to make active again"),
});

/* ---------- Coupon ---------- */

const COUPON_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const couponCode = () => text(50).regex(COUPON_CODE, { error: "must be letters, digits, - and _ (at most 50)" });

/** Comma-separated record ids, each at most once. */
const idList = (max = 100) =>
  z.string().transform((s, c) => {
    const ids = s.split(",").map((x) => x.trim());
    if (ids.some((x) => x === "" || x.length > 64)) {
      c.issues.push({ code: "custom", message: "must be ids separated by commas", input: s });
      return z.NEVER;
    }
    if (ids.length > max) {
      c.issues.push({ code: "custom", message: `must list at most ${max} ids`, input: s });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

const DISCOUNT_TYPES = ["percent", "amount"] as const;
const DURATIONS = ["once", "forever", "cycles"] as const;

/** discount_value as sent: a percent or an amount by discount_type (on Update maybe the stored one), read in ./values.ts. */
const discountValue = () => z.string().regex(/^\d{1,10}(\.\d+)?$/, { error: "must be a number like 10 or 12.50" });

const couponId = (description: string) => req(id(), description, { refersTo: "Coupon" });
const couponDescriptions = {
  coupon_code: "The code customers enter; unique in the brand regardless of case (letters, digits, - and _)",
  name: "The coupon's name",
  discount_type: "percent (discount_value is a percent) or amount (discount_value is money off)",
  discount_value: "A percent from 0.01 to 100 with at most two decimals (percent), or an amount with the brand's currency's decimals, like 5.00 (amount)",
  duration: "once (the first cycle), forever, or cycles (duration_cycles cycles)",
  stackable: "Whether it can be combined with other stackable coupons",
};
const couponOptional = {
  duration_cycles: opt(integer({ min: 1, max: 1000 }), "On how many billing cycles the discount applies; required when duration is cycles"),
  expiration_date: opt(date(), "Last day (M/D/YYYY, brand time zone) the coupon qualifies; omit for no end"),
  max_redemptions: opt(integer({ min: 1 }), "How many subscriptions may redeem it in all; omit for no limit"),
  product_ids: opt(idList(), "Comma-separated product ids of this brand it is restricted to; omit or empty for any product", { refersTo: "Product" }),
};

export const ListCouponsParams = z.object({
  coupon_id: opt(id(), "Only this coupon, also when deleted", { refersTo: "Coupon" }),
  coupon_code: opt(text(50), "Only the coupon with this code (any letter case)"),
});

export const CreateCouponParams = z
  .object({
    coupon_code: req(couponCode(), couponDescriptions.coupon_code, { example: "SAVE10" }),
    name: req(name(), couponDescriptions.name, { example: "Ten percent off" }),
    discount_type: req(oneOf(DISCOUNT_TYPES), couponDescriptions.discount_type, { example: "percent" }),
    discount_value: req(discountValue(), couponDescriptions.discount_value, { example: "10" }),
    duration: req(oneOf(DURATIONS), couponDescriptions.duration, { example: "once" }),
    stackable: req(flag(), couponDescriptions.stackable, { example: "N" }),
    ...couponOptional,
  })
  .superRefine((p, c) => reportViolation(couponViolation(couponRuleFields(p, null, amountsCurrency())), c));

/** Send only what changes. A new discount_type needs its discount_value (the number's meaning changes). */
export const UpdateCouponParams = z
  .object({
    coupon_id: couponId("The coupon to change"),
    coupon_code: keep(couponCode(), couponDescriptions.coupon_code),
    name: keep(name(), couponDescriptions.name),
    discount_type: keep(oneOf(DISCOUNT_TYPES), couponDescriptions.discount_type),
    discount_value: keep(discountValue(), couponDescriptions.discount_value),
    duration: keep(oneOf(DURATIONS), couponDescriptions.duration),
    stackable: keep(flag(), couponDescriptions.stackable),
    status: keep(oneOf(["active", "inactive"]), "active, or inactive to stop it qualifying without deleting it"),
    ...couponOptional,
  })
  .superRefine((p, c) => {
    if (p.discount_type !== undefined && p.discount_value === undefined) {
      c.addIssue({ code: "custom", path: ["discount_value"], message: "is required when discount_type is sent", params: { code: "MISSING_PARAMETER" } });
    }
  });

export const DeleteCouponParams = z.object({ coupon_id: couponId("The coupon to delete: it stops qualifying and its code can be used again") });

export type CreateProductGroupInput = z.output<typeof CreateProductGroupParams>;
export type UpdateProductGroupInput = z.output<typeof UpdateProductGroupParams>;
export type ListProductsInput = z.output<typeof ListProductsParams>;
export type CreateProductInput = z.output<typeof CreateProductParams>;
export type UpdateProductInput = z.output<typeof UpdateProductParams>;
export type ListComponentsInput = z.output<typeof ListComponentsParams>;
export type CreateComponentInput = z.output<typeof CreateComponentParams>;
export type UpdateComponentInput = z.output<typeof UpdateComponentParams>;
export type ListCouponsInput = z.output<typeof ListCouponsParams>;
export type CreateCouponInput = z.output<typeof CreateCouponParams>;
export type UpdateCouponInput = z.output<typeof UpdateCouponParams>;
