import { sql } from "drizzle-orm";
import { boolean, pgTable, uuid, text, timestamp, index } from "drizzle-orm/pg-core";
import { serviceAccounts } from "./accounts";

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("brands_account").on(t.serviceAccountId)],
);
