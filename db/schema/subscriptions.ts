import { sql } from "drizzle-orm";
import { bigint, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { brands } from "./brands";
import { customerAccounts } from "./customers";
import { components, coupons, productGroups, products } from "./catalog";
import { invoices } from "./money";
import type { Status, SUBSCRIPTION_PENDING } from "./status";

const brandId = () =>
  uuid("brand_id")
    .notNull()
    .references(() => brands.id);
const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A customer's subscription to a product. The current period runs from period_start to
 * renewal_date (calendar dates in the brand's time zone); renewal_date is null for a one-time
 * purchase, which never renews.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    customerAccountId: uuid("customer_account_id")
      .notNull()
      .references(() => customerAccounts.id),
    /** Null once the product is deleted (spec: a deleted product is removed from its subscriptions). */
    productId: uuid("product_id").references(() => products.id),
    /** The product's group, kept so dunning and group suspension need no join through a deleted product. */
    productGroupId: uuid("product_group_id")
      .notNull()
      .references(() => productGroups.id),
    /** 0 (pending) while its initial charge is being made: not listed, billed or counted until it settles. */
    status: smallint("status").$type<Status | typeof SUBSCRIPTION_PENDING>().notNull().default(1),
    /** Why a suspended subscription is suspended: by staff, or by a dunning rule. */
    suspendedBy: text("suspended_by", { enum: ["staff", "dunning"] }),
    autoPay: text("auto_pay", { enum: ["Y", "N"] }).notNull(),
    payMethodId: uuid("pay_method_id"),
    startDate: date("start_date", { mode: "string" }).notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    renewalDate: date("renewal_date", { mode: "string" }),
    /**
     * The date renewal dates count from (lib/pricing/periods.ts periodEnd): the start, the trial's
     * end or the first billing day; moved with a renewal date moved by hand, a restore or a change of
     * period. Null (subscriptions from before anchors): the renewal date is the anchor.
     */
    billingAnchor: date("billing_anchor", { mode: "string" }),
    /** Subscription/Create's billing_day (1-31): the day of month month and year periods end on, clamped. */
    billingDay: smallint("billing_day"),
    /** True during the trial period (its renewal starts the first regular period). */
    inTrial: text("in_trial", { enum: ["Y", "N"] })
      .notNull()
      .default("N"),
    overrideInitialBilling: text("override_initial_billing", { enum: ["Y", "N"] }).notNull(),
    paymentGateway: text("payment_gateway"),
    paymentTransactionId: text("payment_transaction_id"),
    customField1: text("custom_field_1"),
    customField2: text("custom_field_2"),
    /** VAR1..VAR10 values, checked against the product group's variables. */
    variables: jsonb("variables").$type<Record<string, string>>().notNull().default({}),
    /**
     * Raised by every change of what the subscription costs (and by each renewal). Invoice generation
     * writes a period's invoice only while the version it priced is still the committed one, holding
     * a share lock on the row meanwhile, so a change racing it never leaves a stale price behind.
     */
    version: integer("version").notNull().default(0),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
    deletedAt: instant("deleted_at"),
  },
  (t) => [
    index("subscriptions_billing").on(t.status, t.renewalDate),
    // The billing run walks each brand's due subscriptions in (renewal_date, id) order, a chunk at a time
    // (generation forwards through the 72-hour window, renewal backwards from today).
    index("subscriptions_due").on(t.brandId, t.status, t.renewalDate, t.id),
    index("subscriptions_brand_account").on(t.brandId, t.customerAccountId),
    index("subscriptions_pending")
      .on(t.brandId, t.createdAt)
      .where(sql`${t.status} = 0`),
  ],
);

/**
 * The ledger of periods a subscription has started: the first at its creation, one more at each
 * renewal, each with the invoice that bills it. A period is written in the same transaction that
 * starts it, and only with its invoice, so no period is ever started unbilled (npm run billing:check).
 */
export const subscriptionPeriods = pgTable(
  "subscription_periods",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    /** The renewal that ends it; null for a one-time purchase. */
    periodEnd: date("period_end", { mode: "string" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [uniqueIndex("subscription_periods_once").on(t.subscriptionId, t.periodStart)],
);

/** Components attached to a subscription, with the metered usage of the current cycle. */
export const subscriptionComponents = pgTable(
  "subscription_components",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    componentId: uuid("component_id")
      .notNull()
      .references(() => components.id),
    units: integer("units").notNull(),
    /** Metered: units used this cycle (reset when the cycle is billed). */
    usage: bigint("usage", { mode: "number" }).notNull().default(0),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [uniqueIndex("subscription_components_unique").on(t.subscriptionId, t.componentId)],
);

/** Coupons on a subscription and how many billed cycles each has discounted so far. */
export const subscriptionCoupons = pgTable(
  "subscription_coupons",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id),
    cyclesApplied: integer("cycles_applied").notNull().default(0),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [uniqueIndex("subscription_coupons_unique").on(t.subscriptionId, t.couponId)],
);

/** Automatic actions on overdue subscription invoices (spec: DunningRule). */
export const dunningRules = pgTable(
  "dunning_rules",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    productGroupId: uuid("product_group_id")
      .notNull()
      .references(() => productGroups.id),
    name: text("name").notNull(),
    description: text("description").notNull(),
    overdueDays: integer("overdue_days").notNull(),
    overdueAmountCents: bigint("overdue_amount_cents", { mode: "number" }).notNull(),
    enforcementAction: text("enforcement_action", { enum: ["SUSPEND", "DELETE", "REMIND", "POST"] }).notNull(),
    postUrl: text("post_url"),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [index("dunning_rules_brand_group").on(t.brandId, t.productGroupId)],
);

/** Each rule runs once per invoice: the unique key makes reruns and concurrent runners harmless. */
export const dunningActions = pgTable(
  "dunning_actions",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    ruleId: uuid("rule_id")
      .notNull()
      .references(() => dunningRules.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id").notNull(),
    action: text("action").notNull(),
    ranAt: instant("ran_at").notNull(),
  },
  (t) => [uniqueIndex("dunning_actions_once").on(t.ruleId, t.invoiceId)],
);

/**
 * Where a brand's invoice generation stands (migration 0039): every active subscription renewing by
 * `invoicedThrough` had its invoice when its last complete walk ended, so the hourly run's question
 * "anything to invoice?" is one probe of the due index after it (lib/billing/run-billing.ts dueWork).
 */
export const billingMarks = pgTable("billing_marks", {
  brandId: brandId().primaryKey(),
  invoicedThrough: date("invoiced_through", { mode: "string" }).notNull(),
});
