import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { brands } from "./brands";
import type { Status } from "./status";

/** Columns every catalog record has: tenancy, the status ledger (1/2/3) and its timestamps. */
const ledger = () => ({
  id: uuid("id").primaryKey(),
  brandId: uuid("brand_id")
    .notNull()
    .references(() => brands.id),
  status: smallint("status").$type<Status>().notNull().default(1),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  /** Starts the 90-day restore window; null unless deleted. */
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
});

const flag = (name: string) => text(name, { enum: ["Y", "N"] }).notNull();
const cents = (name: string) => bigint(name, { mode: "number" });
/** A product group's variable as stored; lib/catalog/variables.ts's GroupVariableSchema checks it on the way in. */
export interface StoredGroupVariable {
  name: string;
  prompt: "Y" | "N";
  type: string;
  options: string[];
  description: string;
  swapable: "Y" | "N";
  category: string;
}
const variable = (name: string) => jsonb(name).$type<StoredGroupVariable>();

/** A product group: ten subscription variable slots and where subscription events are posted. */
export const productGroups = pgTable(
  "product_groups",
  {
    ...ledger(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    actionUrl: text("action_url"),
    var1: variable("var1"),
    var2: variable("var2"),
    var3: variable("var3"),
    var4: variable("var4"),
    var5: variable("var5"),
    var6: variable("var6"),
    var7: variable("var7"),
    var8: variable("var8"),
    var9: variable("var9"),
    var10: variable("var10"),
  },
  (t) => [index("product_groups_brand").on(t.brandId, t.createdAt)],
);

/** What a product's expiration_interval counts: days (the spec's meaning, the default), weeks, calendar months or years. */
export const INTERVAL_UNITS = ["day", "week", "month", "year"] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

export const products = pgTable(
  "products",
  {
    ...ledger(),
    /** Fixed at creation (spec: product_group_id cannot change). */
    productGroupId: uuid("product_group_id")
      .notNull()
      .references(() => productGroups.id),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** Periods of interval_unit a subscription runs; 0 is a one-time purchase that never renews. */
    expirationInterval: integer("expiration_interval").notNull(),
    /** What expiration_interval counts: day (the spec's meaning), week, month or year (lib/pricing/periods.ts). */
    intervalUnit: text("interval_unit", { enum: INTERVAL_UNITS }).notNull().default("day"),
    setupFeeCents: cents("setup_fee_cents").notNull(),
    recurringPriceCents: cents("recurring_price_cents").notNull(),
    trial: flag("trial"),
    trialInterval: integer("trial_interval"),
    /** 0 is a free trial. */
    trialPriceCents: cents("trial_price_cents"),
    autoPayDiscount: flag("auto_pay_discount"),
    autoPayDiscountAmountCents: cents("auto_pay_discount_amount_cents"),
    promptForVariables: flag("prompt_for_variables"),
    taxExempt: flag("tax_exempt"),
    customField1: text("custom_field_1"),
    customField2: text("custom_field_2"),
  },
  (t) => [
    index("products_brand_group").on(t.brandId, t.productGroupId),
    check("products_interval_unit", sql`${t.intervalUnit} in ('day', 'week', 'month', 'year')`),
  ],
);

export const COMPONENT_TYPES = ["traditional", "metered", "quantitative"] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

export const components = pgTable(
  "components",
  {
    ...ledger(),
    productGroupId: uuid("product_group_id")
      .notNull()
      .references(() => productGroups.id),
    componentType: text("component_type", { enum: COMPONENT_TYPES }).notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** Units included at no cost (metered and quantitative only). */
    startingQuantity: integer("starting_quantity"),
    /** Quantitative only. */
    maximumUnits: integer("maximum_units"),
    /** Per unit (metered, quantitative) or per cycle (traditional). */
    unitPriceCents: cents("unit_price_cents").notNull(),
    setupFeeCents: cents("setup_fee_cents"),
    taxable: flag("taxable"),
    customField1: text("custom_field_1"),
    customField2: text("custom_field_2"),
  },
  (t) => [index("components_brand_group").on(t.brandId, t.productGroupId)],
);

export const COUPON_STATUSES = ["active", "inactive", "deleted"] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id),
    couponCode: text("coupon_code").notNull(),
    name: text("name").notNull(),
    discountType: text("discount_type", { enum: ["percent", "amount"] }).notNull(),
    /** Hundredths of a percent (10000 = 100%) for percent, cents for amount. */
    discountValue: bigint("discount_value", { mode: "number" }).notNull(),
    duration: text("duration", { enum: ["once", "forever", "cycles"] }).notNull(),
    durationCycles: integer("duration_cycles"),
    /** Last day the coupon qualifies (inclusive). */
    expirationDate: date("expiration_date", { mode: "string" }),
    maxRedemptions: integer("max_redemptions"),
    /** Raised by the subscriptions work each time a subscription first redeems the coupon. */
    redemptionCount: integer("redemption_count").notNull().default(0),
    stackable: flag("stackable"),
    /** Empty: any product of the brand. */
    productIds: uuid("product_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Stored status; `expired` is derived from expiration_date when shown. */
    status: text("status", { enum: COUPON_STATUSES }).notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    // Codes are unique per brand regardless of case, among coupons that are not deleted.
    uniqueIndex("coupons_brand_code")
      .on(t.brandId, sql`lower(${t.couponCode})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);
