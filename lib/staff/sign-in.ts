import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { getDb, type Db } from "../../db/client";
import { staffUsers } from "../../db/schema";
import { clock as processClock, type Clock } from "../clock";
import { spendVerifyTime, verifyPassword } from "../users/passwords";
import { useTotp } from "./totp";

/** Consecutive refused attempts (password or code) before a staff user is locked out for LOCKOUT_MINUTES. */
export const MAX_FAILED_STAFF_SIGN_INS = 5;
export const STAFF_LOCKOUT_MINUTES = 15;

/**
 * Why a dashboard sign-in was refused. next-auth hands the reason to the sign-in form as a string;
 * WRONG is the same for an unknown email, a wrong password, a disabled user and a lockout, so the
 * answer never tells which.
 */
export type StaffSignInRefusal = "WRONG" | "TOTP_REQUIRED" | "TOTP_WRONG";

export type StaffSignIn = { ok: true; staffUserId: string; email: string; name: string } | { ok: false; reason: StaffSignInRefusal };

type StaffRow = typeof staffUsers.$inferSelect;

/**
 * Claims one attempt on each candidate before anything is checked, in one UPDATE ... RETURNING
 * (autocommitted): only users not locked out are returned, and the attempt that reaches the limit
 * starts a lockout. So parallel guesses are checked at most MAX_FAILED_STAFF_SIGN_INS times per lockout.
 */
async function claimAttempts(db: Db, ids: string[], now: Date): Promise<StaffRow[]> {
  if (ids.length === 0) return [];
  const lockedUntil = new Date(now.getTime() + STAFF_LOCKOUT_MINUTES * 60_000);
  const reachesLimit = sql`${staffUsers.failedSignIns} + 1 >= ${MAX_FAILED_STAFF_SIGN_INS}`;
  return db
    .update(staffUsers)
    .set({
      failedSignIns: sql`case when ${reachesLimit} then 0 else ${staffUsers.failedSignIns} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${lockedUntil.toISOString()}::timestamptz else ${staffUsers.lockedUntil} end`,
    })
    .where(and(inArray(staffUsers.id, ids), isNull(staffUsers.disabledAt), or(isNull(staffUsers.lockedUntil), lte(staffUsers.lockedUntil, now))))
    .returning();
}

/**
 * A dashboard sign-in: email (any case) and password, and the 6-digit code once TOTP is enabled.
 * A disabled user never signs in. A staff email may exist in several service accounts: each is
 * claimed and checked, the oldest whose password matches signs in.
 */
export async function signInStaff(db: Db, creds: { email: string; password: string; code?: string | null }, clock: Clock = processClock): Promise<StaffSignIn> {
  const now = clock.now();
  const email = creds.email.trim();
  const password = creds.password;
  if (!email || !password || password.length > 128 || email.length > 254) {
    await spendVerifyTime(password.slice(0, 128));
    return { ok: false, reason: "WRONG" };
  }
  const candidates = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(sql`lower(${staffUsers.email}) = lower(${email})`, isNotNull(staffUsers.passwordHash), isNull(staffUsers.disabledAt)))
    .orderBy(staffUsers.createdAt)
    .limit(10);
  const claimed = await claimAttempts(
    db,
    candidates.map((c) => c.id),
    now,
  );
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  let user: StaffRow | undefined;
  for (const row of claimed) {
    if (await verifyPassword(row.passwordHash!, password)) {
      user = row;
      break;
    }
  }
  if (!user) {
    if (claimed.length === 0) await spendVerifyTime(password);
    return { ok: false, reason: "WRONG" };
  }
  if (user.totpEnabledAt && user.totpSecret) {
    // The password step counts as an attempt too, so knowing the password gives no free code guesses.
    if (!creds.code) return { ok: false, reason: "TOTP_REQUIRED" };
    if (!(await useTotp(db, user.id, user.totpSecret, creds.code, now))) return { ok: false, reason: "TOTP_WRONG" };
  }
  await db.update(staffUsers).set({ failedSignIns: 0, lockedUntil: null }).where(eq(staffUsers.id, user.id));
  return { ok: true, staffUserId: user.id, email: user.email, name: user.name };
}

/** signInStaff on the app's database (for the sign-in route, which never sees db/). */
export const signInStaffUser = async (creds: { email: string; password: string; code?: string | null }) => signInStaff(await getDb(), creds);
