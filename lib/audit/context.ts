import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { scopeSettings } from "../../db/tenancy";
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

/**
 * Sets, for the rest of the transaction `tx` (is_local: they end with it), who acts (`audit.context`)
 * and whose rows it may see and write: the context's brand, enforced by row-level security
 * (db/tenancy.ts). One statement, one round trip.
 */
export async function setTransactionContext(tx: Db, ctx: Context) {
  await tx.execute(sql`select set_config('audit.context', ${JSON.stringify(auditContext(ctx))}, true), ${scopeSettings(ctx.brand.id)}`);
}
