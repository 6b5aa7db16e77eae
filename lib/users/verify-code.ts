import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { customerUserCodes, customerUsers } from "../../db/schema";
import { inBrand } from "../../db/scope";
import { DomainError } from "../errors";
import { commitSoFar, type StepContext, stepped } from "../run-verb";
import { accountStatusOf, findUser, mayUseAccount } from "./queries";
import type { VerifyCodeInput } from "./schemas";
import { matchesHash } from "./secrets";
import { authenticated } from "./sign-in";

/** Guesses a code takes (each counted before it is checked); then it is retired (6 digits must not be guessable). */
export const MAX_CODE_ATTEMPTS = 5;

const codeRefused = () =>
  new DomainError("AUTHENTICATION_FAILED", "That code isn't right or has expired. Please check it and try again, or ask for a new code.", {
    parameter: "verification_code",
  });

/**
 * User/2FAVerify: the latest unexpired, unused code of the method signs the user in once and
 * stamps the email or phone verification date. force_verification Y accepts any code.
 */
export const verifyCode = stepped(async ({ ctx, input }: { ctx: StepContext; input: VerifyCodeInput }) => {
  const user = await findUser(ctx, input.verification_user_id, "verification_user_id");
  if (!mayUseAccount(user, await accountStatusOf(ctx, user))) {
    throw new DomainError("AUTHENTICATION_FAILED", "This account can't be verified right now. Please contact support.");
  }
  const now = ctx.now();
  if (input.force_verification !== "Y") {
    const code = await claimCodeAttempt(ctx, user.id, input.verification_method);
    if (!code || !matchesHash(input.verification_code, code.codeHash)) throw codeRefused();
    // Marking it used in the statement that checks it unused makes a code work once, even under races.
    const c = customerUserCodes;
    const consumed = await ctx.db
      .update(c)
      .set({ usedAt: now })
      .where(and(eq(c.id, code.id), isNull(c.usedAt)))
      .returning({ id: c.id });
    if (!consumed.length) throw codeRefused();
  }
  const stamp = input.verification_method === "email" ? { lastEmailVerificationDate: now } : { lastPhoneVerificationDate: now };
  const [row] = await ctx.db
    .update(customerUsers)
    .set({ ...stamp, updatedAt: now })
    .where(eq(customerUsers.id, user.id))
    .returning();
  return authenticated(row);
});

/**
 * Counts a guess on the latest live code of the method before it is checked, in the statement that
 * finds it with guesses left, and commits it at once: however many guesses arrive together, at most
 * MAX_CODE_ATTEMPTS are checked. Answers the code, or nothing when none is live or it has none left.
 */
async function claimCodeAttempt(ctx: StepContext, userId: string, method: VerifyCodeInput["verification_method"]) {
  const c = customerUserCodes;
  const now = ctx.now();
  const latest = ctx.db
    .select({ id: c.id })
    .from(c)
    .where(inBrand(ctx, c, eq(c.userId, userId), eq(c.method, method), isNull(c.usedAt), gt(c.expiresAt, now)))
    .orderBy(desc(c.createdAt))
    .limit(1);
  const [code] = await ctx.db
    .update(c)
    .set({ failedAttempts: sql`${c.failedAttempts} + 1` })
    .where(and(eq(c.id, latest), lt(c.failedAttempts, MAX_CODE_ATTEMPTS), isNull(c.usedAt)))
    .returning();
  // Committed at once: the refusal that follows rolls the rest of the request back.
  await commitSoFar(ctx);
  return code;
}
