import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Context } from "../auth/context";

/** Who acted, as the audit trail names them: a staff user through an API key, signed in, a customer's user, or the system. */
export type AuditActorKind = "api_key" | "staff" | "customer" | "system";

/**
 * What the audit triggers (migration 0016) read from the transaction-local setting `audit.context`:
 * who, from where and when (the context's clock, a sandbox brand's test clock).
 */
export function auditContext(ctx: Context) {
  const a = ctx.actor;
  return {
    kind: (a.kind === "staff" ? (a.apiKeyId ? "api_key" : "staff") : a.kind) as AuditActorKind,
    actor_id: a.kind === "staff" ? a.staffUserId : a.kind === "customer" ? a.userId : null,
    api_key_id: a.kind === "staff" ? a.apiKeyId : null,
    brand_id: ctx.brand.id,
    request_id: ctx.requestId,
    address: ctx.clientAddress ?? null,
    at: ctx.now().toISOString(),
  };
}

/** Sets `audit.context` for the rest of the transaction `tx` (is_local: it ends with it). */
export async function setAuditContext(tx: Db, ctx: Context) {
  await tx.execute(sql`select set_config('audit.context', ${JSON.stringify(auditContext(ctx))}, true)`);
}

/**
 * The same setting as a select-list item, for a single statement run outside any transaction (a
 * billing chunk): set_config's local value lasts for that statement's own transaction, whose
 * statement-level audit triggers fire once it has run.
 */
export const auditContextColumn = (ctx: Context) => sql`set_config('audit.context', ${JSON.stringify(auditContext(ctx))}, true)`;
