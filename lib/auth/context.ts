import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiKeys, brands, staffUsers } from "../../db/schema";
import { clock } from "../clock";
import { DomainError } from "../errors";
import { hashSecret, isUuid } from "../ids";

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
  const rows = await db
    .select({ brand: brands, apiKeyId: apiKeys.id, staffUserId: staffUsers.id, accessLevel: staffUsers.accessLevel })
    .from(apiKeys)
    .innerJoin(staffUsers, eq(staffUsers.serviceAccountId, apiKeys.serviceAccountId))
    .innerJoin(brands, eq(brands.serviceAccountId, apiKeys.serviceAccountId))
    .where(
      and(
        eq(apiKeys.keyHash, hashSecret(creds.key!)),
        isNull(apiKeys.revokedAt),
        eq(staffUsers.userKeyHash, hashSecret(creds.userKey!)),
        eq(brands.id, creds.brandId!),
        isNull(brands.deletedAt),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) throw unauthenticated();
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

/** A context for background work (billing runs, deliveries) acting for the system on one brand. */
export function systemContext(db: Db, brand: Brand): Context {
  return { brand, actor: { kind: "system" }, db, now: () => clock.now(), requestId: "system" };
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

