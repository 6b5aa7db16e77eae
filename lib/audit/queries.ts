import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { apiKeys, auditEntries, customerUsers, staffUsers } from "../../db/schema";
import type { Context } from "../auth/context";
import { isUuid } from "../ids";
import { onReplica } from "../replica";

/** The audited tables, as people name them (the search's resource choices, in this order). */
export const AUDIT_RESOURCES: Record<string, string> = {
  customer_accounts: "Customer account",
  customer_users: "User",
  subscriptions: "Subscription",
  subscription_components: "Subscription component",
  subscription_coupons: "Subscription coupon",
  subscription_periods: "Subscription period",
  invoices: "Invoice",
  payments: "Payment",
  pay_methods: "Pay method",
  dunning_rules: "Dunning rule",
  dunning_actions: "Dunning action",
  product_groups: "Product group",
  products: "Product",
  components: "Component",
  coupons: "Coupon",
  notes: "Note",
  tickets: "Ticket",
  ticket_messages: "Ticket message",
  kb_categories: "Knowledge base category",
  kb_articles: "Knowledge base article",
  notifications: "Notification",
  pay_gateways: "Payment gateway",
  brands: "Brand",
  staff_users: "Staff user",
  api_keys: "API key",
  service_accounts: "Service account",
};

export const AUDIT_ACTIONS = ["create", "update", "delete"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTOR_KINDS = ["api_key", "staff", "customer", "system"] as const;

export interface AuditFilters {
  resource?: string | null;
  recordId?: string | null;
  /** A staff or customer user's id, name or email (part of it), an API key's id or name, or "system". */
  actor?: string | null;
  action?: AuditAction | null;
  /** Inclusive start and exclusive end, as instants. */
  from?: Date | null;
  to?: Date | null;
  /** Entries about this customer account and its records. */
  customerAccountId?: string | null;
}

export interface AuditChange {
  field: string;
  old: unknown;
  new: unknown;
}

export interface AuditRow {
  id: number;
  at: string;
  action: AuditAction;
  resource: string;
  resourceLabel: string;
  recordId: string;
  customerAccountId: string | null;
  actorKind: (typeof AUDIT_ACTOR_KINDS)[number];
  actorId: string | null;
  /** Who, for people: "Jane Doe (jane@x.com)", "API key 'Zapier' · Jane Doe", "Customer user ann", "System". */
  actor: string;
  apiKeyId: string | null;
  requestId: string | null;
  clientAddress: string | null;
  changes: AuditChange[];
}

/** Every condition is ANDed with the context's brand: another brand's entries are never read. */
function where(ctx: Context, f: AuditFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(auditEntries.brandId, ctx.brand.id)];
  if (f.resource) conditions.push(eq(auditEntries.resource, f.resource));
  if (f.recordId) conditions.push(isUuid(f.recordId) ? eq(auditEntries.recordId, f.recordId) : sql`false`);
  if (f.customerAccountId) conditions.push(isUuid(f.customerAccountId) ? eq(auditEntries.customerAccountId, f.customerAccountId) : sql`false`);
  if (f.action) conditions.push(eq(auditEntries.action, f.action));
  if (f.from) conditions.push(gte(auditEntries.at, f.from));
  if (f.to) conditions.push(lt(auditEntries.at, f.to));
  const actor = f.actor?.trim();
  if (actor) {
    if (actor.toLowerCase() === "system") conditions.push(eq(auditEntries.actorKind, "system"));
    else if (isUuid(actor)) conditions.push(or(eq(auditEntries.actorId, actor), eq(auditEntries.apiKeyId, actor)));
    else {
      const like = `%${actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        or(
          ilike(staffUsers.name, like),
          ilike(staffUsers.email, like),
          ilike(customerUsers.username, like),
          ilike(customerUsers.emailAddress, like),
          ilike(apiKeys.name, like),
        ),
      );
    }
  }
  return and(...conditions);
}

/** Who acted: staff users and API keys of the brand's service account, customer users of the brand. */
const actorJoins = (ctx: Context) => ({
  staff: and(
    eq(staffUsers.id, auditEntries.actorId),
    sql`${auditEntries.actorKind} in ('api_key', 'staff')`,
    eq(staffUsers.serviceAccountId, ctx.brand.serviceAccountId),
  ),
  customer: and(eq(customerUsers.id, auditEntries.actorId), eq(auditEntries.actorKind, "customer"), eq(customerUsers.brandId, ctx.brand.id)),
  key: and(eq(apiKeys.id, auditEntries.apiKeyId), eq(apiKeys.serviceAccountId, ctx.brand.serviceAccountId)),
});

const selection = {
  entry: auditEntries,
  staffName: staffUsers.name,
  staffEmail: staffUsers.email,
  customerUsername: customerUsers.username,
  keyName: apiKeys.name,
};

type Selected = {
  entry: typeof auditEntries.$inferSelect;
  staffName: string | null;
  staffEmail: string | null;
  customerUsername: string | null;
  keyName: string | null;
};

function actorLabel(r: Selected): string {
  const e = r.entry;
  const staff = r.staffName ? `${r.staffName} (${r.staffEmail})` : e.actorId ? `staff user …${e.actorId.slice(-8)}` : "unknown staff user";
  if (e.actorKind === "staff") return staff;
  if (e.actorKind === "api_key") return `API key ${r.keyName ? `“${r.keyName}”` : `…${(e.apiKeyId ?? "").slice(-8)}`} · ${staff}`;
  if (e.actorKind === "customer") return `Customer user ${r.customerUsername ?? `…${(e.actorId ?? "").slice(-8)}`}`;
  return "System";
}

/** Old and new values of each field, in the record's column order; a create has no old, a delete no new. */
export function changesOf(oldValues: Record<string, unknown> | null, newValues: Record<string, unknown> | null): AuditChange[] {
  const fields = [...new Set([...Object.keys(newValues ?? {}), ...Object.keys(oldValues ?? {})])];
  return fields.map((field) => ({ field, old: oldValues?.[field] ?? null, new: newValues?.[field] ?? null }));
}

function toRow(r: Selected): AuditRow {
  const e = r.entry;
  return {
    id: e.id,
    at: e.at.toISOString(),
    action: e.action,
    resource: e.resource,
    resourceLabel: AUDIT_RESOURCES[e.resource] ?? e.resource,
    recordId: e.recordId,
    customerAccountId: e.customerAccountId,
    actorKind: e.actorKind,
    actorId: e.actorId,
    actor: actorLabel(r),
    apiKeyId: e.apiKeyId,
    requestId: e.requestId,
    clientAddress: e.clientAddress,
    changes: changesOf(e.oldValues, e.newValues),
  };
}

export const AUDIT_SORT_KEYS = ["at"] as const;

/** One page of the brand's audit trail, newest first (or oldest first), with the total for the pager. */
export async function auditPage(
  ctx: Context,
  { filters = {}, page = 1, pageSize = 25, dir = "desc" }: { filters?: AuditFilters; page?: number; pageSize?: number; dir?: "asc" | "desc" },
): Promise<{ rows: AuditRow[]; total: number }> {
  // The trail is read from the replica when there is one (lib/replica.ts): it grows with every write.
  const reader = await onReplica(ctx);
  const size = Math.min(100, Math.max(1, Math.trunc(pageSize)));
  const offset = (Math.max(1, Math.trunc(page)) - 1) * size;
  const condition = where(ctx, filters);
  const order = dir === "asc" ? [auditEntries.at, auditEntries.id] : [desc(auditEntries.at), desc(auditEntries.id)];
  const on = actorJoins(ctx);
  const [rows, counted] = await Promise.all([
    reader.db
      .select(selection)
      .from(auditEntries)
      .leftJoin(staffUsers, on.staff)
      .leftJoin(customerUsers, on.customer)
      .leftJoin(apiKeys, on.key)
      .where(condition)
      .orderBy(...order)
      .limit(size)
      .offset(offset),
    reader.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEntries)
      .leftJoin(staffUsers, on.staff)
      .leftJoin(customerUsers, on.customer)
      .leftJoin(apiKeys, on.key)
      .where(condition),
  ]);
  return { rows: rows.map(toRow), total: Number(counted[0]?.n ?? 0) };
}

/** A record's history, newest first: what its page shows. */
export async function recordHistory(ctx: Context, recordId: string, { limit = 50 }: { limit?: number } = {}) {
  return auditPage(ctx, { filters: { recordId }, pageSize: limit });
}
