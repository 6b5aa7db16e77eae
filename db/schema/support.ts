import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { brands } from "./brands";
import { staffUsers } from "./accounts";
import { customerAccounts, customerUsers } from "./customers";
import { invoices } from "./money";
import { subscriptions } from "./subscriptions";

const instant = (name: string) => timestamp(name, { withTimezone: true });
const brandId = () =>
  uuid("brand_id")
    .notNull()
    .references(() => brands.id);

/** A staff note on a customer account, subscription and/or invoice (spec: Note). Deletion is soft and final. */
export const notes = pgTable(
  "notes",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    subject: text("subject").notNull(),
    contents: text("contents").notNull(),
    customerAccountId: uuid("customer_account_id").references(() => customerAccounts.id),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id),
    invoiceId: uuid("invoice_id").references(() => invoices.id),
    createdAt: instant("created_at").notNull(),
    deletedAt: instant("deleted_at"),
  },
  (t) => [
    // Errors 11: a note is always linked to something.
    check("notes_linked", sql`coalesce(${t.customerAccountId}, ${t.subscriptionId}, ${t.invoiceId}) is not null`),
    index("notes_brand_created").on(t.brandId, t.createdAt),
    index("notes_brand_account").on(t.brandId, t.customerAccountId),
    index("notes_brand_subscription").on(t.brandId, t.subscriptionId),
    index("notes_brand_invoice").on(t.brandId, t.invoiceId),
  ],
);

export const TICKET_DIRECTIONS = ["INTERNAL", "EXTERNAL", "EXTERNAL-CUSTOMER"] as const;
export type TicketDirection = (typeof TICKET_DIRECTIONS)[number];
export const TICKET_WORKING_STATUSES = ["OPEN", "ANSWERED", "WORKING", "ON HOLD", "CLOSED"] as const;
export type TicketWorkingStatus = (typeof TICKET_WORKING_STATUSES)[number];

/**
 * The last friendly_ticket_id handed out per brand. Incremented by an upsert, whose row lock
 * serialises concurrent creates; numbers of deleted or merged tickets are never reused.
 */
export const ticketCounters = pgTable(
  "ticket_counters",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [uniqueIndex("ticket_counters_brand").on(t.brandId)],
);

/** A support ticket (spec: Ticket); its conversation is in ticket_messages. */
export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    friendlyTicketId: integer("friendly_ticket_id").notNull(),
    subject: text("subject").notNull(),
    direction: text("direction", { enum: TICKET_DIRECTIONS }).notNull(),
    workingStatus: text("working_status", { enum: TICKET_WORKING_STATUSES }).notNull().default("OPEN"),
    department: text("department"),
    customerAccountId: uuid("customer_account_id").references(() => customerAccounts.id),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id),
    /** The guest (or potential customer) who opened an EXTERNAL-CUSTOMER ticket without an account. */
    guestEmail: text("guest_email"),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("tickets_brand_friendly").on(t.brandId, t.friendlyTicketId),
    index("tickets_brand_account").on(t.brandId, t.customerAccountId),
    index("tickets_brand_subscription").on(t.brandId, t.subscriptionId),
  ],
);

export const MESSAGE_AUTHORS = ["STAFF", "CUSTOMER", "GUEST"] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

/** One message of a ticket, by a staff user, a customer user or a guest (by email). */
export const ticketMessages = pgTable(
  "ticket_messages",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    attachments: text("attachments")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    authorType: text("author_type", { enum: MESSAGE_AUTHORS }).notNull(),
    /** Null for STAFF only when the system (not an API caller) posted. */
    staffUserId: uuid("staff_user_id").references(() => staffUsers.id),
    customerUserId: uuid("customer_user_id").references(() => customerUsers.id),
    guestEmail: text("guest_email"),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [index("ticket_messages_ticket").on(t.ticketId, t.createdAt, t.id)],
);
