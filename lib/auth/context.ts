import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiKeys, brands, staffUsers } from "../../db/schema";
import { clock } from "../clock";
import { DomainError } from "../errors";
import { hashSecret, isUuid } from "../ids";
import { config } from "../config";

export type Brand = typeof brands.$inferSelect;

export type Actor =
  | { kind: "staff"; serviceAccountId: string; staffUserId: string; accessLevel: "ADMIN" | "USER"; apiKeyId: string }
  | { kind: "system" };

/** What every domain verb receives: whose data (brand), who acts, the database and the time. */
export interface Context {
  brand: Brand;
  actor: Actor;
  db: Db;
  now(): Date;
  requestId: string;
}

export interface ApiCredentials {
  key?: string;
  userKey?: string;
  brandId?: string;
}

const unauthenticated = (message = "The key, user_key and brand_id do not match an active brand") =>
  new DomainError("UNAUTHENTICATED", message);

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
export async function contextFromApiCredentials(db: Db, creds: ApiCredentials, requestId: string): Promise<Context> {
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
    if (ttl > 0) {
      if (resolvedCache.size >= MAX_CACHED) resolvedCache.clear();
      resolvedCache.set(cacheKey, { value: row, until: performance.now() + ttl });
    }
  }
  return {
    brand: row.brand,
    actor: {
      kind: "staff",
      serviceAccountId: row.brand.serviceAccountId,
      staffUserId: row.staffUserId,
      accessLevel: row.accessLevel,
      apiKeyId: row.apiKeyId,
    },
    db,
    now: () => clock.now(),
    requestId,
  };
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
        eq(brands.id, brandId),
        isNull(brands.deletedAt),
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * A context for background work (billing runs, deliveries) acting for the system on one brand.
 * `at` fixes its "now" for a run that must see one instant throughout (a billing day).
 */
export function systemContext(db: Db, brand: Brand, at?: Date): Context {
  return { brand, actor: { kind: "system" }, db, now: at ? () => at : () => clock.now(), requestId: "system" };
}

/** The same context bound to another handle (a transaction). */
export const withDb = (ctx: Context, db: Db): Context => ({ ...ctx, db });

export function requireAdmin(ctx: Context, what: string) {
  if (ctx.actor.kind === "staff" && ctx.actor.accessLevel !== "ADMIN") {
    throw new DomainError("FORBIDDEN", `Only an ADMIN staff user may ${what}`);
  }
}

/** The service account the acting credentials belong to. */
export const serviceAccountOf = (ctx: Context) => ctx.brand.serviceAccountId;

