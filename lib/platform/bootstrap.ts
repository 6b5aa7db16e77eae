import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiKeys, brands, serviceAccounts, staffUsers } from "../../db/schema";
import { hashSecret, newId, newSecret } from "../ids";
import { forgetResolvedCredentials } from "../auth/context";

export const DEMO_ADMIN_EMAIL = "admin@demo.example";

export interface IssuedCredentials {
  key: string;
  user_key: string;
  brand_id: string;
}

/** A new service account with one brand and one staff user, and their freshly issued keys. */
export async function createServiceAccount(
  db: Db,
  opts: { name: string; brandName: string; staffEmail: string; accessLevel?: "ADMIN" | "USER"; now?: Date },
): Promise<IssuedCredentials & { serviceAccountId: string; staffUserId: string }> {
  const now = opts.now ?? new Date();
  const key = newSecret("rbk");
  const userKey = newSecret("rbu");
  return db.transaction(async (tx) => {
    const [account] = await tx.insert(serviceAccounts).values({ id: newId(), name: opts.name, createdAt: now }).returning();
    const [brand] = await tx
      .insert(brands)
      .values({
        id: newId(),
        serviceAccountId: account.id,
        name: opts.brandName,
        description: `${opts.brandName}, created by bootstrap`,
        logoUrl: "https://example.com/logo.png",
        webhookSecret: newSecret("whsec"),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const [staff] = await tx
      .insert(staffUsers)
      .values({
        id: newId(),
        serviceAccountId: account.id,
        email: opts.staffEmail,
        name: "Demo admin",
        accessLevel: opts.accessLevel ?? "ADMIN",
        userKeyHash: hashSecret(userKey),
        userKeyPrefix: userKey.slice(0, 8),
        createdAt: now,
      })
      .returning();
    await tx.insert(apiKeys).values({
      id: newId(),
      serviceAccountId: account.id,
      name: "bootstrap",
      keyHash: hashSecret(key),
      keyPrefix: key.slice(0, 8),
      createdAt: now,
    });
    return { key, user_key: userKey, brand_id: brand.id, serviceAccountId: account.id, staffUserId: staff.id };
  });
}

/**
 * Replaces the bootstrap API keys of a service account and one staff user's user key: the earlier
 * ones stop working (revoked, overwritten). Only ever on an explicit request (`--new-keys`).
 */
export async function mintKeys(db: Db, serviceAccountId: string, staffUserId: string, now = new Date()) {
  const key = newSecret("rbk");
  const userKey = newSecret("rbu");
  await db.transaction(async (tx) => {
    await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.serviceAccountId, serviceAccountId), eq(apiKeys.name, "bootstrap"), isNull(apiKeys.revokedAt)));
    await tx.insert(apiKeys).values({ id: newId(), serviceAccountId, name: "bootstrap", keyHash: hashSecret(key), keyPrefix: key.slice(0, 8), createdAt: now });
    await tx
      .update(staffUsers)
      .set({ userKeyHash: hashSecret(userKey), userKeyPrefix: userKey.slice(0, 8) })
      .where(eq(staffUsers.id, staffUserId));
  });
  forgetResolvedCredentials();
  return { key, user_key: userKey };
}

/** The demo's credentials; `key` and `user_key` are null when they exist but cannot be shown. */
export interface DemoCredentials {
  key: string | null;
  user_key: string | null;
  brand_id: string;
  created: boolean;
  minted: boolean;
}

/**
 * The demo service account, brand and ADMIN, created when not there yet. Existing keys are never
 * changed unless `newKeys` asks for it: they are stored hashed, so `known` (what an earlier run
 * saved) is returned when it still authenticates, else null keys (they exist, unseen).
 */
export async function bootstrapDemo(db: Db, opts: { known?: IssuedCredentials; newKeys?: boolean } = {}): Promise<DemoCredentials> {
  const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.email, DEMO_ADMIN_EMAIL)).orderBy(staffUsers.createdAt).limit(1);
  if (!staff) {
    const made = await createServiceAccount(db, { name: "Demo service account", brandName: "Demo Brand", staffEmail: DEMO_ADMIN_EMAIL });
    return { key: made.key, user_key: made.user_key, brand_id: made.brand_id, created: true, minted: false };
  }
  const [brand] = await db.select().from(brands).where(eq(brands.serviceAccountId, staff.serviceAccountId)).orderBy(brands.createdAt).limit(1);
  if (opts.newKeys) return { ...(await mintKeys(db, staff.serviceAccountId, staff.id)), brand_id: brand.id, created: false, minted: true };
  const known = opts.known;
  if (known?.key && known.user_key && known.brand_id === brand.id && hashSecret(known.user_key) === staff.userKeyHash) {
    const [k] = await db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, hashSecret(known.key)))
      .limit(1);
    if (k && !k.revokedAt && k.serviceAccountId === staff.serviceAccountId) {
      return { key: known.key, user_key: known.user_key, brand_id: brand.id, created: false, minted: false };
    }
  }
  return { key: null, user_key: null, brand_id: brand.id, created: false, minted: false };
}
