import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The audit trail: one row per record created, changed or deleted, written by statement-level
 * triggers (migration 0016) in the same transaction as the change. Secret columns are masked;
 * `old_values`/`new_values` hold only the changed columns of an update. No foreign keys: a bulk
 * billing write adds thousands of rows at once, and the trail outlives what it describes.
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null only for a change outside any brand (a staff user edited by the system). */
    brandId: uuid("brand_id"),
    /** The acting context's clock (a sandbox brand's test clock); the database's time outside runVerb. */
    at: timestamp("at", { withTimezone: true }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    actorKind: text("actor_kind", { enum: ["api_key", "staff", "customer", "system"] }).notNull(),
    /** The staff user (api_key, staff) or customer user (customer); null for the system. */
    actorId: uuid("actor_id"),
    apiKeyId: uuid("api_key_id"),
    requestId: text("request_id"),
    clientAddress: text("client_address"),
    /** The table changed, e.g. customer_accounts. */
    resource: text("resource").notNull(),
    recordId: uuid("record_id").notNull(),
    customerAccountId: uuid("customer_account_id"),
    action: text("action", { enum: ["create", "update", "delete"] }).notNull(),
    oldValues: jsonb("old_values").$type<Record<string, unknown>>(),
    newValues: jsonb("new_values").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_entries_brand_at").on(t.brandId, t.at, t.id),
    index("audit_entries_record").on(t.recordId),
    index("audit_entries_account")
      .on(t.customerAccountId)
      .where(sql`${t.customerAccountId} IS NOT NULL`),
  ],
);
