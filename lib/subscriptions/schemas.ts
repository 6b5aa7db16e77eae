import { z } from "zod";
import { flag, id, integer, json, keep, oneOf, opt, req, multilineText, text, date } from "../wire/params";
import { VARIABLE_SLOTS } from "../catalog/variables";

/** The most units (or metered usage) one attached component counts: nine digits, as attached_components' units. */
export const MAX_COMPONENT_UNITS = 999_999_999;

/** attached_components: [{component_id, units}] (spec, JSON-in-parameter); units as strings or numbers. */
const AttachedComponent = z.strictObject({
  component_id: z.string({ error: "component_id must be text" }).min(1, { error: "component_id must not be empty" }).max(64),
  units: z
    .union([z.string(), z.number()], { error: "units must be a whole number" })
    .transform(String)
    .pipe(z.string().regex(/^\d{1,9}$/, { error: "units must be a whole number" }))
    .transform(Number)
    .default(1),
});
export const AttachedComponents = z.array(AttachedComponent).max(100, { error: "at most 100 components" });
export type AttachedComponentInput = z.output<typeof AttachedComponent>;

const componentsParam = (description: string) =>
  opt(json(AttachedComponents, "JSON: an array of {component_id, units}"), description, {
    example: '[{"component_id":"…","units":"1"}]',
  });
const couponsParam = () => opt(text(1000), "Coupon codes, comma-separated; several only when all are stackable", { example: "WELCOME10" });

/** VAR1..VAR10: values of the product group's variables (an Options variable takes one of its options). */
const variables = Object.fromEntries(VARIABLE_SLOTS.map((slot) => [slot, opt(multilineText(1000), `Value of the product group's ${slot} variable`)])) as Record<
  (typeof VARIABLE_SLOTS)[number],
  ReturnType<typeof opt<ReturnType<typeof text>>>
>;

const account = (description = "The customer account (must be the subscription's)") => req(id(), description, { refersTo: "Account" });
const subscription = () => req(id(), "The subscription", { refersTo: "Subscription" });
const product = (description: string) => req(id(), description, { refersTo: "Product" });
const payMethod = (description: string) => opt(id(), description, { refersTo: "PayMethod" });
const customFields = {
  custom_field_1: opt(text(255), "Free text for the brand's own use"),
  custom_field_2: opt(text(255), "Free text for the brand's own use"),
};

export const ListSubscriptionsParams = z.object({
  subscription_id: opt(id(), "Only this subscription (also finds a deleted one)", { refersTo: "Subscription" }),
  customer_account_id: opt(id(), "Only this customer's subscriptions", { refersTo: "Account" }),
  status: opt(oneOf(["1", "2", "3"]).transform(Number), "Only this status: 1 active, 2 suspended, 3 deleted"),
  custom_field_1: opt(text(255), "Only subscriptions with this custom_field_1"),
  custom_field_2: opt(text(255), "Only subscriptions with this custom_field_2"),
});

const billingDay = (verb: string) =>
  opt(
    integer({ min: 1, max: 31 }),
    `Day of month (1-31) the periods of a month or year product end on, clamped to the month's last day: the first period ${verb} to the next such day, prorated (days in it / days in a full period, half away from zero to the cent); later periods anchor on it. Refused for day and week products and products with a trial`,
    { example: "1" },
  );

export const EstimateSubscriptionParams = z.object({
  customer_account_id: account("The customer account the subscription would be for"),
  product_id: product("The product to estimate"),
  attached_components: componentsParam("Components to add: JSON [{component_id, units}]; traditional units must be 1"),
  coupon_code: couponsParam(),
  pay_method_id: payMethod(
    "A pay method of the account whose status to confirm (it is not charged): answered as pay_method_status verified, unverified or deleted",
  ),
  override_initial_billing: opt(flag(), "Y: the initial invoice would be marked paid without a charge"),
  billing_day: billingDay("would run"),
  auto_pay: opt(
    flag(),
    "Y or N: every figure of the answer is priced with (Y) or without (N) auto pay and its discount. Absent: as the spec answers, the up-front charge with auto pay, next_renewal_total without; with subscription_id, the subscription's auto pay",
    { example: "Y" },
  ),
  subscription_id: opt(
    id(),
    "Estimates a change of this subscription (the customer account's) instead of a new one: Subscription/ChangeProduct to product_id when it is another product, then attached_components and coupon_code as Subscription/Update sets them; nothing is changed",
    { refersTo: "Subscription" },
  ),
  remove_components: opt(flag(), "With subscription_id: Y removes all components, as Subscription/ChangeProduct does"),
  remove_coupons: opt(flag(), "With subscription_id: Y removes all coupons, as Subscription/ChangeProduct does"),
});

export const CreateSubscriptionParams = z.object({
  customer_account_id: account("The customer account subscribing"),
  product_id: product("The product subscribed to (active, in an active product group)"),
  attached_components: componentsParam("Components to add: JSON [{component_id, units}] of the product's group; traditional units must be 1"),
  coupon_code: couponsParam(),
  pay_method_id: payMethod("Charged for the initial cost (not when it is zero); used for renewals when auto_pay is Y. Must be verified"),
  override_initial_billing: req(flag(), "Y skips the real-time charge and marks the initial invoice paid", { example: "N" }),
  payment_gateway: opt(text(100), "Name of the third-party gateway that took the payment (override_initial_billing Y only)"),
  payment_transaction_id: opt(text(255), "That gateway's transaction id (override_initial_billing Y only)"),
  auto_pay: req(flag(), "Y charges the pay method (or the customer's default) on each renewal date", { example: "Y" }),
  billing_day: billingDay("runs"),
  ...customFields,
  ...variables,
});

export const UpdateSubscriptionParams = z.object({
  subscription_id: subscription(),
  customer_account_id: account(),
  attached_components: componentsParam("Replaces the components (empty removes all); usage of kept metered components is kept"),
  coupon_code: couponsParam(),
  payment_transaction_id: keep(text(255), "Only for subscriptions created with override_initial_billing Y; left alone when absent"),
  renewal_date: keep(date(), "The next renewal date, M/D/YYYY (today or later); left alone when absent"),
  pay_method_id: payMethod("Used for renewals when auto_pay is Y (empty: the customer's default)"),
  auto_pay: req(flag(), "Y charges renewals automatically", { example: "Y" }),
  ...customFields,
  ...variables,
});

export const ChangeProductParams = z.object({
  subscription_id: subscription(),
  customer_account_id: account(),
  product_id: product("The new product; another group's product needs remove_components Y while components remain"),
  remove_components: opt(flag(), "Y removes all components"),
  remove_coupons: opt(flag(), "Y removes all coupons"),
});

export const SubscriptionIdParams = z.object({ subscription_id: subscription() });

export const ReportUsageParams = z.object({
  subscription_id: subscription(),
  customer_account_id: account(),
  component_id: req(id(), "An attached metered or quantitative component", { refersTo: "Component" }),
  units: req(integer({ min: 0, max: 1_000_000_000 }), "Units used (additive) or the new total (cumulative)", { example: "10" }),
  expression_type: req(oneOf(["additive", "cumulative"]), "additive: units are added to the total; cumulative: units are the whole total", {
    example: "additive",
  }),
});

export const UpdateAutoPayParams = z.object({
  subscription_id: subscription(),
  customer_account_id: account(),
  auto_pay: req(flag(), "Y charges renewals automatically", { example: "Y" }),
  pay_method_id: payMethod("Used when auto_pay is Y; without one, the customer's default pay method"),
});

export type CreateSubscriptionInput = z.output<typeof CreateSubscriptionParams>;
export type UpdateSubscriptionInput = z.output<typeof UpdateSubscriptionParams>;
export type EstimateSubscriptionInput = z.output<typeof EstimateSubscriptionParams>;
