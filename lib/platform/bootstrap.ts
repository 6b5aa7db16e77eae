import { eq } from "drizzle-orm";
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

/** Issues a new API key for a service account and a new user key for one of its staff users. */
export async function reissueKeys(db: Db, serviceAccountId: string, staffUserId: string, now = new Date()) {
  const key = newSecret("rbk");
  const userKey = newSecret("rbu");
  await db.transaction(async (tx) => {
    await tx.insert(apiKeys).values({ id: newId(), serviceAccountId, name: "bootstrap", keyHash: hashSecret(key), keyPrefix: key.slice(0, 8), createdAt: now });
    await tx.update(staffUsers).set({ userKeyHash: hashSecret(userKey), userKeyPrefix: userKey.slice(0, 8) }).where(eq(staffUsers.id, staffUserId));
  });
  forgetResolvedCredentials();
  return { key, user_key: userKey };
}

/**
 * The demo service account, brand and ADMIN, created when not there yet. Keys are stored hashed,
 * so `known` (what an earlier run saved) is returned when it still authenticates; else new keys.
 */
export async function bootstrapDemo(db: Db, known?: IssuedCredentials): Promise<IssuedCredentials & { created: boolean }> {
  const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.email, DEMO_ADMIN_EMAIL)).limit(1);
  if (!staff) {
    const made = await createServiceAccount(db, { name: "Demo service account", brandName: "Demo Brand", staffEmail: DEMO_ADMIN_EMAIL });
    return { key: made.key, user_key: made.user_key, brand_id: made.brand_id, created: true };
  }
  const [brand] = await db.select().from(brands).where(eq(brands.serviceAccountId, staff.serviceAccountId)).orderBy(brands.createdAt).limit(1);
  if (known && known.brand_id === brand?.id && hashSecret(known.user_key) === staff.userKeyHash) {
    const [k] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, hashSecret(known.key))).limit(1);
    if (k && !k.revokedAt) return { ...known, created: false };
  }
  const keys = await reissueKeys(db, staff.serviceAccountId, staff.id);
  return { ...keys, brand_id: brand.id, created: false };
}
