import { sql } from "drizzle-orm";
import { boolean, check, pgTable, uuid, text, timestamp, index, smallint } from "drizzle-orm/pg-core";
import { serviceAccounts } from "./accounts";

/** How a change mid-period is billed: none (the spec's behaviour 2: the next charge only) or prorate (the unused part at once). */
export const PRORATIONS = ["none", "prorate"] as const;
export type Proration = (typeof PRORATIONS)[number];

/** The tenant. Every brand-owned table carries brand_id referencing this. */
export const brands = pgTable(
  "brands",
  {
    id: uuid("id").primaryKey(),
    serviceAccountId: uuid("service_account_id")
      .notNull()
      .references(() => serviceAccounts.id),
    name: text("name").notNull(),
    description: text("description").notNull(),
    logoUrl: text("logo_url").notNull(),
    websiteUrl: text("website_url"),
    websiteLoginUrl: text("website_login_url"),
    supportEmail: text("support_email"),
    supportLink: text("support_link"),
    supportPhone: text("support_phone"),
    termsUrl: text("terms_url"),
    privacyUrl: text("privacy_url"),
    socialMediaSite1: text("social_media_site1"),
    socialMediaSite2: text("social_media_site2"),
    socialMediaSite3: text("social_media_site3"),
    socialMediaSite4: text("social_media_site4"),
    timezoneId: text("timezone_id").notNull().default("UTC"),
    /** ISO 4217 code the brand bills in; every amount of the brand is integer minor units of it (lib/money.ts). */
    currency: text("currency").notNull().default("USD"),
    /**
     * Names the brand's invoices, <prefix>-<sequence> (lib/document-numbers.ts): 2 to 10 capitals
     * or digits. Written without one (created, or cleared), PostgreSQL derives it from the name
     * (default_invoice_prefix, trigger brands_invoice_prefix_default, migration 0031).
     */
    invoicePrefix: text("invoice_prefix")
      .notNull()
      .default(sql`null`),
    /** Who issues the brand's invoices (their PDF's seller; migration 0032): the legal entity's name, */
    legalName: text("legal_name"),
    /** its postal address, lines joined by line feeds, */
    address: text("address"),
    /** ISO 3166-1 alpha-2, */
    country: text("country"),
    /** and its tax or VAT number. */
    taxId: text("tax_id"),
    /** Signs outgoing posts (action_url, dunning) with HMAC-SHA256. */
    webhookSecret: text("webhook_secret").notNull(),
    /** The secret before the last rotation: posts carry its signature too until previous_webhook_secret_until. */
    previousWebhookSecret: text("previous_webhook_secret"),
    previousWebhookSecretUntil: timestamp("previous_webhook_secret_until", { withTimezone: true }),
    /** Keys the hash an Idempotency-Key is bound to; never rotated, so rotating the signing secret keeps replays working. */
    requestHashKey: text("request_hash_key")
      .notNull()
      .default(sql`(gen_random_uuid()::text || gen_random_uuid()::text)`),
    /** A sandbox brand lives at its test clock (test_clock_at), moved only by TestClock/Advance; a live brand at the real time. */
    sandbox: boolean("sandbox").notNull().default(false),
    testClockAt: timestamp("test_clock_at", { withTimezone: true }),
    /** Days after a declined renewal charge on which it is retried, ascending (lib/pricing/retries.ts); empty: never. */
    retryDays: smallint("retry_days")
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Issue 32: whether a change mid-period bills or credits its unused part at once (lib/subscriptions/proration.ts). */
    proration: text("proration", { enum: PRORATIONS }).notNull().default("none"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("brands_account").on(t.serviceAccountId),
    check("brands_currency", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("brands_proration", sql`${t.proration} in ('none', 'prorate')`),
  ],
);
