import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, smallint, integer, index, uniqueIndex } from "drizzle-orm/pg-core";
import { brands } from "./brands";
import { outboxEvents } from "./platform";

const instant = (name: string) => timestamp(name, { withTimezone: true });
const brandId = () =>
  uuid("brand_id")
    .notNull()
    .references(() => brands.id);

/** A brand's email template for one notification event (spec: Notification). */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    /** One of NOTIFICATION_EVENTS, e.g. "Account/Create"; the outbox event type it turns into email. */
    event: text("event").notNull(),
    notifyBrand: text("notify_brand", { enum: ["Y", "N"] }).notNull(),
    brandEmail: text("brand_email"),
    notifyCustomer: text("notify_customer", { enum: ["Y", "N"] }).notNull(),
    /** Null subject or html: the event's default template is used. */
    subjectBrand: text("subject_brand"),
    subjectCustomer: text("subject_customer"),
    htmlBrand: text("html_brand"),
    htmlCustomer: text("html_customer"),
    fromEmail: text("from_email").notNull(),
    /** The status ledger of lib/lifecycle.ts: 1 active, 3 deleted. */
    status: smallint("status").notNull().default(1),
    deletedAt: instant("deleted_at"),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [
    // One live notification per event and brand, also under concurrent creates and restores.
    uniqueIndex("notifications_brand_event_live")
      .on(t.brandId, t.event)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * One row per (outbox event, audience, recipient): what was sent, to whom, and how it went. Retries
 * of an event skip recipients already sent. Without an email provider the row is the local
 * mailbox (status 'mailbox', html kept so the dashboard can show it).
 */
export const emailDeliveries = pgTable(
  "email_deliveries",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => outboxEvents.id),
    eventType: text("event_type").notNull(),
    notificationId: uuid("notification_id").references(() => notifications.id),
    /** staff: a dashboard invitation or password reset (lib/staff/links.ts). */
    audience: text("audience", { enum: ["brand", "customer", "cc", "staff"] }).notNull(),
    recipient: text("recipient").notNull(),
    fromEmail: text("from_email").notNull(),
    subject: text("subject").notNull(),
    /** Kept for the local mailbox only; a provider keeps its own copy of what it sent. */
    html: text("html"),
    /**
     * The same email with its credentials (a password, a code, a sign-in link's token) masked; it
     * replaces html a day after the email was kept (lib/outbox/deliver.ts maskMailboxSecrets). Null: nothing to mask.
     */
    maskedHtml: text("masked_html"),
    status: text("status", { enum: ["sent", "failed", "mailbox"] }).notNull(),
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(1),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
    deliveredAt: instant("delivered_at"),
  },
  (t) => [
    uniqueIndex("email_deliveries_event_recipient").on(t.eventId, t.audience, t.recipient),
    index("email_deliveries_brand_created").on(t.brandId, t.createdAt),
    index("email_deliveries_to_mask")
      .on(t.createdAt)
      .where(sql`masked_html IS NOT NULL`),
  ],
);
