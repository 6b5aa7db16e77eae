import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { scopedReads } from "../../db/scoped-reads";
import { ALL_BRANDS } from "../../db/tenancy";
import { apiKeys, brands, customerAccounts, customerUsers, staffUsers } from "../../db/schema";
import { clock as processClock, type Clock } from "../clock";
import { DomainError, notFound } from "../errors";
import { hashSecret, isUuid, newId } from "../ids";
import { STATUS } from "../lifecycle";
import { config } from "../config";
import { logger } from "../log";
import { customerSessionOpen, staffSessionOpen } from "./sessions";

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
  /** Where the request came from (the audit trail's "from where"); unset for jobs. */
  clientAddress?: string;
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

/** The channel migration 0017's triggers notify when an API key, staff user or brand changes. */
export const CREDENTIALS_CHANNEL = "rb_credentials";
const MAX_CACHED = 10_000;

/**
 * Resolved credentials are kept (AUTH_CACHE_MS, default 5000; 0 turns it off) only while this
 * process LISTENs on the database's credentials channel: a revoked key, a disabled user or a deleted
 * brand anywhere (any process, any SQL) notifies every process at commit, and each forgets all it
 * holds. No listener (yet, or it failed): nothing is cached. The time limit only bounds a
 * notification missed while the listening connection reconnects.
 */
interface CredentialWatch {
  live: boolean;
  /** Bumped by every notification: a lookup that began before one is not cached. */
  generation: number;
  cache: Map<string, { value: Resolved; until: number }>;
}
type ListeningClient = {
  listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<unknown>;
  unsafe?: unknown;
};
const watches = new Map<ListeningClient, CredentialWatch>();

function forget(watch: CredentialWatch) {
  watch.generation++;
  watch.cache.clear();
}

/** The watch of the database client behind `db`, started on first use; undefined if it cannot listen. */
function watchOf(db: Db): CredentialWatch | undefined {
  const client = (db as unknown as { $client?: ListeningClient }).$client;
  if (typeof client?.listen !== "function") return undefined;
  const watch = watches.get(client);
  if (watch) return watch;
  const w: CredentialWatch = { live: false, generation: 0, cache: new Map() };
  watches.set(client, w);
  const onListen = () => {
    forget(w);
    w.live = true;
  };
  // postgres.js calls onListen on every (re)connection of its listening connection; PGlite has one connection, listening once.
  const started =
    typeof client.unsafe === "function"
      ? client.listen(CREDENTIALS_CHANNEL, () => forget(w), onListen)
      : client.listen(CREDENTIALS_CHANNEL, () => forget(w)).then(onListen);
  started.catch((error: unknown) => {
    w.live = false;
    logger.error("cannot listen for credential changes; API credentials are not cached", { error });
  });
  return w;
}

/** Call after changing a brand, an API key or a staff user (the database notifies every process too). */
export function forgetResolvedCredentials() {
  for (const watch of watches.values()) forget(watch);
}

/** Last use is written at most once a minute per key (and per user_key) and process: reading it costs nothing per request. */
const LAST_USED_EVERY_MS = 60_000;
const lastUsedWritten = new Map<string, number>();

/** Undefined (no await, no query) unless this key and user were last noted here a minute ago or more. */
function noteLastUsed(db: Db, row: Resolved): Promise<void> | undefined {
  const at = processClock.now();
  const pair = `${row.apiKeyId}:${row.staffUserId}`;
  const written = lastUsedWritten.get(pair);
  if (written !== undefined && at.getTime() - written < LAST_USED_EVERY_MS && at.getTime() >= written) return undefined;
  if (lastUsedWritten.size >= MAX_CACHED) lastUsedWritten.clear();
  lastUsedWritten.set(pair, at.getTime());
  return writeLastUsed(db, row, at.toISOString());
}

async function writeLastUsed(db: Db, row: Resolved, iso: string) {
  try {
    await db.execute(sql`with touched_key as (
        update api_keys set last_used_at = ${iso}::timestamptz
        where id = ${row.apiKeyId} and (last_used_at is null or last_used_at < ${iso}::timestamptz - interval '1 minute'))
      update staff_users set user_key_last_used_at = ${iso}::timestamptz
      where id = ${row.staffUserId} and (user_key_last_used_at is null or user_key_last_used_at < ${iso}::timestamptz - interval '1 minute')`);
  } catch (error) {
    // Bookkeeping only: the request goes on.
    logger.error("could not record an API key's last use", { error });
  }
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
  const watch = ttl > 0 ? watchOf(db) : undefined;
  const cached = watch?.live ? watch.cache.get(cacheKey) : undefined;
  let row: Resolved | undefined = cached && cached.until > performance.now() ? cached.value : undefined;
  if (!row) {
    const generation = watch?.generation;
    row = await resolve(db, keyHash, userKeyHash, creds.brandId!);
    if (!row) throw unauthenticated();
    // A sandbox brand is read every time: its row carries its test clock, which another process may have moved.
    if (watch?.live && watch.generation === generation && !row.brand.sandbox) {
      if (watch.cache.size >= MAX_CACHED) watch.cache.clear();
      watch.cache.set(cacheKey, { value: row, until: performance.now() + ttl });
    }
  }
  const noting = noteLastUsed(db, row);
  if (noting) await noting;
  const actor: Actor = {
    kind: "staff",
    serviceAccountId: row.brand.serviceAccountId,
    staffUserId: row.staffUserId,
    accessLevel: row.accessLevel,
    apiKeyId: row.apiKeyId,
  };
  return build(row.brand, actor, db, clock ?? clockFor(row.brand), requestId);
}

/** API keys, staff users and brands have no brand_id: no row-level security applies, no scope is needed (as for writeLastUsed and a staff session's lookup). */
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

/** What a signed-in staff user's session carries (the JWT); nothing else is trusted from it. */
export interface StaffSession {
  staffUserId: string;
  /**
   * The session's row (lib/auth/sessions.ts): a dashboard JWT always carries one (app/_auth), and the
   * context is refused once it is deleted (signed out). Only in-process callers (tests) go without.
   */
  sessionId?: string;
}

/**
 * A dashboard session: the staff user must exist and not be disabled (else UNAUTHENTICATED: sign in
 * again), the chosen brand must be one of their service account's and not deleted (else NOT_FOUND).
 */
export async function contextFromStaffSession(db: Db, session: StaffSession & { brandId: string }, opts: SessionOptions = {}): Promise<Context> {
  if (!isUuid(session.staffUserId) || (session.sessionId !== undefined && !isUuid(session.sessionId))) {
    throw unauthenticated("The session's staff user no longer exists or is disabled");
  }
  if (!isUuid(session.brandId)) throw notFound("Brand", "brand_id");
  const [row] = await db
    .select({ staff: staffUsers, brand: brands })
    .from(staffUsers)
    .leftJoin(brands, and(eq(brands.id, session.brandId), eq(brands.serviceAccountId, staffUsers.serviceAccountId), isNull(brands.deletedAt)))
    .where(and(eq(staffUsers.id, session.staffUserId), session.sessionId === undefined ? undefined : staffSessionOpen(session.sessionId)))
    .limit(1);
  if (!row || row.staff.disabledAt) throw unauthenticated("The session's staff user no longer exists or is disabled, or the session was signed out");
  if (!row.brand) throw notFound("Brand", "brand_id");
  const actor: Actor = {
    kind: "staff",
    serviceAccountId: row.staff.serviceAccountId,
    staffUserId: row.staff.id,
    accessLevel: row.staff.accessLevel,
    apiKeyId: null,
  };
  // The dashboard's reads run under row-level security for the brand (db/scoped-reads.ts).
  return build(row.brand, actor, await scopedReads(db, row.brand.id), opts.clock ?? clockFor(row.brand), opts.requestId ?? newId());
}

/**
 * A portal session: the brand not deleted, the user and their account active (not suspended or
 * deleted) and both of this brand; otherwise UNAUTHENTICATED, whichever part failed.
 */
export async function contextFromCustomerSession(
  db: Db,
  session: { brandId: string; customerAccountId: string; userId: string; sessionId?: string },
  opts: SessionOptions = {},
): Promise<Context> {
  const refused = () => unauthenticated("The session's user or customer account is no longer active, or the session was signed out");
  if (![session.brandId, session.customerAccountId, session.userId].every(isUuid)) throw refused();
  if (session.sessionId !== undefined && !isUuid(session.sessionId)) throw refused();
  // The customer's rows are the brand's (row-level security): looked up under the session's brand,
  // on the handle the context keeps for the portal's reads (db/scoped-reads.ts).
  const scoped = await scopedReads(db, session.brandId);
  const [row] = await scoped
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
        session.sessionId === undefined ? undefined : customerSessionOpen(session.sessionId),
      ),
    )
    .limit(1);
  if (!row) throw refused();
  const actor: Actor = { kind: "customer", customerAccountId: session.customerAccountId, userId: session.userId, accessLevel: row.accessLevel };
  // The portal's reads run under row-level security for the brand (db/scoped-reads.ts); inAccount narrows them to the account.
  return build(row.brand, actor, scoped, opts.clock ?? clockFor(row.brand), opts.requestId ?? newId());
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

/**
 * The system's context on every brand at once, said explicitly: a batch job's run over all brands
 * (the scheduled billing run, the outbox's delivery). Its brand is ALL_BRANDS, the row-level
 * security scope of its cross-brand statements; the work it does for one brand runs in that
 * brand's systemContext.
 */
export interface AllBrandsContext extends Omit<Context, "brand" | "actor"> {
  brand: typeof ALL_BRANDS;
  actor: { kind: "system" };
}

/** What a batch job takes: the system on one brand (systemContext) or, explicitly, on every brand (allBrandsContext). */
export type RunContext = Context | AllBrandsContext;

/** The cross-brand system context; `at` fixes its "now" (a billing run's instant) or gives its clock (default: the process's). */
export function allBrandsContext(db: Db, at: Date | Clock = processClock): AllBrandsContext {
  const clock = at instanceof Date ? { now: () => at } : at;
  return { brand: ALL_BRANDS, actor: { kind: "system" }, db, clock, now: () => clock.now(), requestId: "system" };
}

/** The same context standing still at `at` (default: its now): a run that must see one instant throughout. */
export const atInstant = <C extends RunContext>(ctx: C, at: Date = ctx.now()): C => ({ ...ctx, clock: { now: () => at }, now: () => at });

/** The one brand a batch job's context works on; undefined when it works on every brand. */
export const brandOfRun = (ctx: RunContext): Brand | undefined => (ctx.brand === ALL_BRANDS ? undefined : ctx.brand);

/**
 * A batch job's context from a brand's id (its row read; a caller that has the row uses
 * systemContext), or without one, every brand's. `at` as for systemContext.
 */
export async function runContext(db: Db, at: Date | Clock, brandId?: string): Promise<RunContext> {
  if (!brandId) return allBrandsContext(db, at);
  const [brand] = await db.select().from(brands).where(eq(brands.id, brandId));
  if (!brand) throw notFound("Brand", "brand_id");
  return systemContext(db, brand, at);
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
