import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiKeys, brands, serviceAccounts, staffUsers } from "../../db/schema";
import { hashSecret, newId, newSecret } from "../ids";
import { sealSigningSecret } from "../webhooks/post";
import { forgetResolvedCredentials } from "../auth/context";
import { hashPassword, randomPassword, verifyPassword } from "../users/passwords";

export const DEMO_ADMIN_EMAIL = "admin@demo.example";

export interface IssuedCredentials {
  key: string;
  user_key: string;
  brand_id: string;
}

/** A new service account with one brand and one staff user, and their freshly issued keys. */
export async function createServiceAccount(
  db: Db,
  opts: { name: string; brandName: string; staffEmail: string; accessLevel?: "ADMIN" | "USER"; now?: Date; staffPassword?: string },
): Promise<IssuedCredentials & { serviceAccountId: string; staffUserId: string }> {
  const now = opts.now ?? new Date();
  const key = newSecret("rbk");
  const userKey = newSecret("rbu");
  const passwordHash = opts.staffPassword ? await hashPassword(opts.staffPassword) : null;
  return db.transaction(async (tx) => {
    const [account] = await tx.insert(serviceAccounts).values({ id: newId(), name: opts.name, createdAt: now }).returning();
    const brandId = newId();
    const [brand] = await tx
      .insert(brands)
      .values({
        id: brandId,
        serviceAccountId: account.id,
        name: opts.brandName,
        description: `${opts.brandName}, created by bootstrap`,
        logoUrl: "https://example.com/logo.png",
        webhookSecret: sealSigningSecret(brandId, newSecret("whsec")),
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
        passwordHash,
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

/** The demo's credentials; `key`, `user_key` and `staff_password` are null when they exist but cannot be shown. */
export interface DemoCredentials {
  key: string | null;
  user_key: string | null;
  brand_id: string;
  /** The demo ADMIN's dashboard sign-in. */
  staff_email: string;
  staff_password: string | null;
  created: boolean;
  minted: boolean;
}

/** What an earlier run saved (DEMO_CREDENTIALS_FILE); any part may be missing. */
export type KnownCredentials = Partial<IssuedCredentials> & { staff_password?: string | null };

/**
 * The demo ADMIN's dashboard password: the saved one while it still matches the stored hash, a new
 * one when the user has none yet (a database from before dashboard sign-in), else null (set, unseen).
 */
async function demoPassword(db: Db, staff: typeof staffUsers.$inferSelect, known?: string | null): Promise<string | null> {
  if (!staff.passwordHash) {
    const password = randomPassword();
    await db
      .update(staffUsers)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(staffUsers.id, staff.id));
    return password;
  }
  return known && (await verifyPassword(staff.passwordHash, known)) ? known : null;
}

/**
 * The demo service account, brand and ADMIN, created when not there yet. Existing keys are never
 * changed unless `newKeys` asks for it: they are stored hashed, so `known` (what an earlier run
 * saved) is returned when it still authenticates, else null keys (they exist, unseen).
 */
export async function bootstrapDemo(db: Db, opts: { known?: KnownCredentials; newKeys?: boolean } = {}): Promise<DemoCredentials> {
  const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.email, DEMO_ADMIN_EMAIL)).orderBy(staffUsers.createdAt).limit(1);
  const staffLogin = { staff_email: DEMO_ADMIN_EMAIL };
  if (!staff) {
    const staffPassword = randomPassword();
    const made = await createServiceAccount(db, { name: "Demo service account", brandName: "Demo Brand", staffEmail: DEMO_ADMIN_EMAIL, staffPassword });
    return { key: made.key, user_key: made.user_key, brand_id: made.brand_id, ...staffLogin, staff_password: staffPassword, created: true, minted: false };
  }
  const [brand] = await db.select().from(brands).where(eq(brands.serviceAccountId, staff.serviceAccountId)).orderBy(brands.createdAt).limit(1);
  const known = opts.known;
  const password = { ...staffLogin, staff_password: await demoPassword(db, staff, known?.staff_password) };
  if (opts.newKeys) return { ...(await mintKeys(db, staff.serviceAccountId, staff.id)), brand_id: brand.id, ...password, created: false, minted: true };
  if (known?.key && known.user_key && known.brand_id === brand.id && hashSecret(known.user_key) === staff.userKeyHash) {
    const [k] = await db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, hashSecret(known.key)))
      .limit(1);
    if (k && !k.revokedAt && k.serviceAccountId === staff.serviceAccountId) {
      return { key: known.key, user_key: known.user_key, brand_id: brand.id, ...password, created: false, minted: false };
    }
  }
  return { key: null, user_key: null, brand_id: brand.id, ...password, created: false, minted: false };
}
