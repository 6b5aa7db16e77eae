import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiKeys, brands, customerAccounts, customerUsers, staffUsers } from "../../db/schema";
import { clock as processClock, type Clock } from "../clock";
import { DomainError, notFound } from "../errors";
import { hashSecret, isUuid, newId } from "../ids";
import { STATUS } from "../lifecycle";
import { config } from "../config";

export type Brand = typeof brands.$inferSelect;

export type Actor =
  /** A staff user, through an API key (apiKeyId) or signed in to the dashboard (apiKeyId null). */
  | { kind: "staff"; serviceAccountId: string; staffUserId: string; accessLevel: "ADMIN" | "USER"; apiKeyId: string | null }
  /** A customer's user signed in to the portal: sees only their own account (db/scope.ts inAccount). */
  | { kind: "customer"; customerAccountId: string; userId: string; accessLevel: "ADMIN" | "USER" }
  | { kind: "system" };

/** What every domain verb receives: whose data (brand), who acts, the database and the time. */
export interface Context {
  brand: Brand;
  actor: Actor;
  db: Db;
  /** The clock this context reads time from; now() is clock.now(). */
  clock: Clock;
  now(): Date;
  requestId: string;
  /** Set while a pending record is being made: the events emitted are held for it (outbox/emit, holdEventsFor). */
  holdEventsFor?: string;
}

/**
 * The clock a brand's contexts read: a live brand's is the real (process) time, always; a sandbox
 * brand's is its test clock, standing still at test_clock_at until TestClock/Advance moves it.
 * Chosen here only, so no builder decides it on its own.
 */
export const clockFor = (brand: Brand): Clock => {
  if (!brand.sandbox) return processClock;
  const at = brand.testClockAt ?? brand.createdAt;
  return { now: () => new Date(at) };
};

const build = (brand: Brand, actor: Actor, db: Db, clock: Clock, requestId: string): Context => ({
  brand,
  actor,
  db,
  clock,
  now: () => clock.now(),
  requestId,
});

/**
 * The id idempotency keys and rate limits are kept per: the API key, else the signed-in user
 * (both UUIDs), else "system".
 */
export const requesterId = (actor: Actor): string =>
  actor.kind === "staff" ? (actor.apiKeyId ?? actor.staffUserId) : actor.kind === "customer" ? actor.userId : "system";

export interface ApiCredentials {
  key?: string;
  userKey?: string;
  brandId?: string;
}

const unauthenticated = (message = "The key, user_key and brand_id do not match an active brand") => new DomainError("UNAUTHENTICATED", message);

type Resolved = { brand: Brand; apiKeyId: string; staffUserId: string; accessLevel: "ADMIN" | "USER" };

/**
 * Resolved credentials are kept for a few seconds (AUTH_CACHE_MS, default 5000; 0 turns it off):
 * it saves a query on every request. Changes to brands, keys or staff made in this process clear it
 * at once; another process sees them within that time.
 */
const resolvedCache = new Map<string, { value: Resolved; until: number }>();
const MAX_CACHED = 10_000;

/** Call after changing a brand, an API key or a staff user. */
export function forgetResolvedCredentials() {
  resolvedCache.clear();
}

/**
 * The only place an API request becomes a Context: the key, the staff user and the brand must all
 * belong to one service account, and the brand must not be deleted. One query, one round trip.
 */
export async function contextFromApiCredentials(db: Db, creds: ApiCredentials, requestId: string, clock?: Clock): Promise<Context> {
  const missing = (["key", "userKey", "brandId"] as const).filter((k) => !creds[k]);
  if (missing.length) {
    throw unauthenticated("Credentials are required: key, user_key and brand_id (or the X-Api-Key, X-User-Key and X-Brand-Id headers)");
  }
  if (!isUuid(creds.brandId!)) throw unauthenticated();
  const keyHash = hashSecret(creds.key!);
  const userKeyHash = hashSecret(creds.userKey!);
  const cacheKey = `${keyHash}:${userKeyHash}:${creds.brandId}`;
  const ttl = config.authCacheMs;
  const cached = resolvedCache.get(cacheKey);
  let row: Resolved | undefined = cached && cached.until > performance.now() ? cached.value : undefined;
  if (!row) {
    row = await resolve(db, keyHash, userKeyHash, creds.brandId!);
    if (!row) throw unauthenticated();
    // A sandbox brand is read every time: its row carries its test clock, which another process may have moved.
    if (ttl > 0 && !row.brand.sandbox) {
      if (resolvedCache.size >= MAX_CACHED) resolvedCache.clear();
      resolvedCache.set(cacheKey, { value: row, until: performance.now() + ttl });
    }
  }
  const actor: Actor = {
    kind: "staff",
    serviceAccountId: row.brand.serviceAccountId,
    staffUserId: row.staffUserId,
    accessLevel: row.accessLevel,
    apiKeyId: row.apiKeyId,
  };
  return build(row.brand, actor, db, clock ?? clockFor(row.brand), requestId);
}

async function resolve(db: Db, keyHash: string, userKeyHash: string, brandId: string): Promise<Resolved | undefined> {
  const rows = await db
    .select({ brand: brands, apiKeyId: apiKeys.id, staffUserId: staffUsers.id, accessLevel: staffUsers.accessLevel })
    .from(apiKeys)
    .innerJoin(staffUsers, eq(staffUsers.serviceAccountId, apiKeys.serviceAccountId))
    .innerJoin(brands, eq(brands.serviceAccountId, apiKeys.serviceAccountId))
    .where(
      and(
        eq(apiKeys.keyHash, keyHash),
        isNull(apiKeys.revokedAt),
        eq(staffUsers.userKeyHash, userKeyHash),
        isNull(staffUsers.disabledAt),
        eq(brands.id, brandId),
        isNull(brands.deletedAt),
      ),
    )
    .limit(1);
  return rows[0];
}

export interface SessionOptions {
  requestId?: string;
  clock?: Clock;
}

/**
 * A dashboard session: the staff user must exist and not be disabled (else UNAUTHENTICATED: sign in
 * again), the chosen brand must be one of their service account's and not deleted (else NOT_FOUND).
 */
export async function contextFromStaffSession(db: Db, session: { staffUserId: string; brandId: string }, opts: SessionOptions = {}): Promise<Context> {
  if (!isUuid(session.staffUserId)) throw unauthenticated("The session's staff user no longer exists or is disabled");
  if (!isUuid(session.brandId)) throw notFound("Brand", "brand_id");
  const [row] = await db
    .select({ staff: staffUsers, brand: brands })
    .from(staffUsers)
    .leftJoin(brands, and(eq(brands.id, session.brandId), eq(brands.serviceAccountId, staffUsers.serviceAccountId), isNull(brands.deletedAt)))
    .where(eq(staffUsers.id, session.staffUserId))
    .limit(1);
  if (!row || row.staff.disabledAt) throw unauthenticated("The session's staff user no longer exists or is disabled");
  if (!row.brand) throw notFound("Brand", "brand_id");
  const actor: Actor = {
    kind: "staff",
    serviceAccountId: row.staff.serviceAccountId,
    staffUserId: row.staff.id,
    accessLevel: row.staff.accessLevel,
    apiKeyId: null,
  };
  return build(row.brand, actor, db, opts.clock ?? clockFor(row.brand), opts.requestId ?? newId());
}

/**
 * A portal session: the brand not deleted, the user and their account active (not suspended or
 * deleted) and both of this brand; otherwise UNAUTHENTICATED, whichever part failed.
 */
export async function contextFromCustomerSession(
  db: Db,
  session: { brandId: string; customerAccountId: string; userId: string },
  opts: SessionOptions = {},
): Promise<Context> {
  const refused = () => unauthenticated("The session's user or customer account is no longer active");
  if (![session.brandId, session.customerAccountId, session.userId].every(isUuid)) throw refused();
  const [row] = await db
    .select({ brand: brands, accessLevel: customerUsers.accessLevel })
    .from(customerUsers)
    .innerJoin(customerAccounts, eq(customerAccounts.id, customerUsers.customerAccountId))
    .innerJoin(brands, eq(brands.id, customerUsers.brandId))
    .where(
      and(
        eq(customerUsers.id, session.userId),
        eq(customerUsers.brandId, session.brandId),
        eq(customerUsers.customerAccountId, session.customerAccountId),
        eq(customerUsers.status, STATUS.ACTIVE),
        isNull(customerUsers.deletedAt),
        eq(customerAccounts.brandId, session.brandId),
        eq(customerAccounts.status, STATUS.ACTIVE),
        isNull(customerAccounts.deletedAt),
        isNull(brands.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw refused();
  const actor: Actor = { kind: "customer", customerAccountId: session.customerAccountId, userId: session.userId, accessLevel: row.accessLevel };
  return build(row.brand, actor, db, opts.clock ?? clockFor(row.brand), opts.requestId ?? newId());
}

/**
 * A context for background work (billing runs, deliveries) acting for the system on one brand.
 * `at` fixes its "now" for a run that must see one instant throughout (a billing day); a Clock
 * gives it that clock; by default the brand's.
 */
export function systemContext(db: Db, brand: Brand, at?: Date | Clock): Context {
  const clock = at instanceof Date ? { now: () => at } : (at ?? clockFor(brand));
  return build(brand, { kind: "system" }, db, clock, "system");
}

/** The same context bound to another handle (a transaction). */
export const withDb = (ctx: Context, db: Db): Context => ({ ...ctx, db });

/** Admin-only verbs: an ADMIN staff user or the system; never a USER staff user or a customer. */
export function requireAdmin(ctx: Context, what: string) {
  if (ctx.actor.kind === "customer" || (ctx.actor.kind === "staff" && ctx.actor.accessLevel !== "ADMIN")) {
    throw new DomainError("FORBIDDEN", `Only an ADMIN staff user may ${what}`);
  }
}

/** The service account the acting credentials belong to. */
export const serviceAccountOf = (ctx: Context) => ctx.brand.serviceAccountId;
