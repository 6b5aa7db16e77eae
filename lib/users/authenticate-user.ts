import { eq, gt, isNull } from "drizzle-orm";
import { customerUserTokens } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { hashSecret } from "../ids";
import { spendVerifyTime, verifyPassword } from "./passwords";
import { accountStatusOf, findUser, mayUseAccount, usersSigningInAs } from "./queries";
import type { AuthenticateUserInput } from "./schemas";
import { claimSignInAttempts, completeSignIn, signInRefused } from "./sign-in";
import type { UserRow } from "./read";
import { type StepContext, stepped } from "../run-verb";

/**
 * User/Authenticate by password, by temporary token, or (override_password_requirement Y) by email
 * alone. Every refusal has the same message; password attempts count towards a lockout.
 */
export const authenticateUser = stepped(async ({ ctx, input }: { ctx: StepContext; input: AuthenticateUserInput }) => {
  if (input.temporary_token) return signInWithToken(ctx, input.temporary_token, input);
  if (input.override_password_requirement === "Y") {
    // Several accounts of a brand may have a user with one email: the oldest one that may sign in.
    const candidate = (await usersSigningInAs(ctx, { email: input.email_address })).find((c) => c.active);
    if (!candidate) throw signInRefused();
    return completeSignIn(ctx, candidate.user, "override", input);
  }
  const password = input.password!;
  const now = ctx.now();
  const candidates = await usersSigningInAs(ctx, { email: input.email_address, username: input.username });
  if (candidates.length === 0) await spendVerifyTime(password);
  // Each attempt is counted before its password is checked, so parallel guesses cannot outrun the lockout.
  const claimed = await claimSignInAttempts(
    ctx,
    candidates.map((c) => c.user.id),
  );
  for (const { user, active } of candidates) {
    const row = claimed.get(user.id);
    if (!row) {
      await spendVerifyTime(password); // locked out: refused without a check, in the time a check takes
      continue;
    }
    const method = await passwordMethod(row, password, now);
    if (method && active) return completeSignIn(ctx, row, method, input);
  }
  throw signInRefused();
});

/** Which of the user's passwords this is: the real one, or an unexpired temporary one from User/PasswdReset. */
async function passwordMethod(user: UserRow, password: string, now: Date) {
  if (await verifyPassword(user.passwordHash, password)) return "password" as const;
  const tempValid = user.tempPasswordHash && user.tempPasswordExpiresAt && user.tempPasswordExpiresAt > now;
  if (tempValid && (await verifyPassword(user.tempPasswordHash!, password))) return "temporary_password" as const;
  return null;
}

/** A token signs in once: it is marked used in the same statement that finds it. */
async function signInWithToken(ctx: Context, token: string, input: AuthenticateUserInput) {
  const now = ctx.now();
  const t = customerUserTokens;
  const [used] = await ctx.db
    .update(t)
    .set({ usedAt: now })
    .where(inBrand(ctx, t, eq(t.tokenHash, hashSecret(token)), isNull(t.usedAt), gt(t.expiresAt, now)))
    .returning();
  if (!used) throw signInRefused();
  const user = await findUser(ctx, used.userId);
  if (!mayUseAccount(user, await accountStatusOf(ctx, user))) throw signInRefused();
  return completeSignIn(ctx, user, "temporary_token", input);
}
