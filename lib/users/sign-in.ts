import { eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { customerUserLogins, customerUsers } from "../../db/schema";
import { inBrand } from "../../db/scope";
import { WithExtras } from "../wire/results";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";
import { newId } from "../ids";
import { commitSoFar, type StepContext } from "../run-verb";
import { userView } from "./view";
import type { LoginRow, UserRow } from "./read";

/** One message for every refused sign-in, so the answer never tells whether a user exists. */
export const signInRefused = () =>
  new DomainError("AUTHENTICATION_FAILED", "We couldn't sign you in with those details. Please check them and try again, or reset your password.");

/** Consecutive wrong passwords before the user is locked out for LOCKOUT_MINUTES (refused even with the right one). */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MINUTES = 15;

/**
 * Claims a sign-in attempt on each user before the password is checked: counted in the statement
 * that finds the user not locked out (the MAX_FAILED_SIGN_INS-th starts a lockout and resets the
 * count) and committed at once, so guesses sent in parallel are checked at most that many times per
 * lockout. Answers the claimed users' rows; the others are locked out. A right password clears the
 * count (completeSignIn).
 */
export async function claimSignInAttempts(ctx: StepContext, userIds: string[]): Promise<Map<string, UserRow>> {
  if (userIds.length === 0) return new Map();
  const now = ctx.now();
  const lockedUntil = new Date(now.getTime() + LOCKOUT_MINUTES * 60_000);
  const reachesLimit = sql`${customerUsers.failedSignIns} + 1 >= ${MAX_FAILED_SIGN_INS}`;
  const claimed = await ctx.db
    .update(customerUsers)
    .set({
      failedSignIns: sql`case when ${reachesLimit} then 0 else ${customerUsers.failedSignIns} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${lockedUntil.toISOString()}::timestamptz else ${customerUsers.lockedUntil} end`,
    })
    .where(inBrand(ctx, customerUsers, inArray(customerUsers.id, userIds), or(isNull(customerUsers.lockedUntil), lte(customerUsers.lockedUntil, now))))
    .returning();
  // Committed before any check: the refusal that follows rolls the rest of the request back.
  await commitSoFar(ctx);
  return new Map(claimed.map((u) => [u.id, u]));
}

/** Records the sign-in in the login history, clears the failure count, and answers the user with authenticated = Y. */
export async function completeSignIn(ctx: Context, user: UserRow, method: LoginRow["method"], where: { ip_address?: string | null; url?: string | null }) {
  const now = ctx.now();
  await ctx.db.insert(customerUserLogins).values({
    id: newId(),
    brandId: ctx.brand.id,
    userId: user.id,
    method,
    ipAddress: where.ip_address ?? null,
    url: where.url ?? null,
    loggedInAt: now,
  });
  let row = user;
  if (user.failedSignIns > 0 || user.lockedUntil) {
    [row] = await ctx.db.update(customerUsers).set({ failedSignIns: 0, lockedUntil: null }).where(eq(customerUsers.id, user.id)).returning();
  }
  return authenticated(row);
}

export const authenticated = (user: UserRow) => new WithExtras(userView(user), { authenticated: "Y" });
