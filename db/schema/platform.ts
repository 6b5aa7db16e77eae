import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, integer, jsonb, index, uniqueIndex } from "drizzle-orm/pg-core";
import { brands } from "./brands";

/**
 * Idempotency-Key records: the first response to a non-GET request, replayed for 24 hours to the
 * same caller only (API key and user). A completed record with no response_body held a secret,
 * which is never stored: its replay is refused.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: uuid("id").primaryKey(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id),
    apiKeyId: uuid("api_key_id").notNull(),
    /** The staff or customer user who made the request: users sharing an API key never see each other's answers. */
    userId: uuid("user_id").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    contentType: text("content_type"),
    responseBody: text("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("idempotency_keys_unique").on(t.brandId, t.apiKeyId, t.userId, t.key)],
);

/**
 * The outbox: events written in the same transaction as the change that caused them, then
 * delivered (email, HTTP posts) by a worker that leases rows, so nothing is lost if a process dies.
 */
export const outboxEvents = pgTable(
  "outbox_events",
  {
    id: uuid("id").primaryKey(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    /** held: written for a record still pending (a subscription whose initial charge is being made), delivered only once it settles. */
    status: text("status", { enum: ["pending", "delivered", "failed", "held"] })
      .notNull()
      .default("pending"),
    /** The pending record a held event waits for: released to pending, or deleted with the record. */
    heldFor: uuid("held_for"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    leasedUntil: timestamp("leased_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** How many times staff re-queued this event (lib/outbox/replay.ts); a replayed post says so in a header. */
    replayCount: integer("replay_count").notNull().default(0),
    replayedAt: timestamp("replayed_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_events_due").on(t.status, t.nextAttemptAt),
    index("outbox_events_brand").on(t.brandId, t.createdAt),
    // The dashboard's deliveries list and the replay of a range's failed events.
    index("outbox_events_brand_status").on(t.brandId, t.status, t.createdAt),
    index("outbox_events_held")
      .on(t.heldFor)
      .where(sql`${t.heldFor} IS NOT NULL`),
    // A customer account's timeline in the dashboard reads the events about that account.
    index("outbox_events_customer").on(t.brandId, sql`(${t.payload} -> 'customer' ->> 'customer_account_id')`),
  ],
);

/** One row per delivery attempt, for the dashboard and for debugging deliveries. */
export const outboxAttempts = pgTable(
  "outbox_attempts",
  {
    id: uuid("id").primaryKey(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id),
    eventId: uuid("event_id")
      .notNull()
      .references(() => outboxEvents.id),
    attempt: integer("attempt").notNull(),
    /** The event's replay_count when attempted: 0 for the original run, n for the n-th replay (whose attempts count from 1 again). */
    replay: integer("replay").notNull().default(0),
    ok: text("ok", { enum: ["Y", "N"] }).notNull(),
    detail: text("detail"),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("outbox_attempts_event").on(t.eventId)],
);

/**
 * The throttles' counters (lib/rate-limit/throttle.ts) when PostgreSQL is the shared store: points
 * used in the current window per limiter and key, read and written by every instance. Unlogged (no
 * write-ahead log, not replicated): a crash only forgets budgets spent.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true }),
});
