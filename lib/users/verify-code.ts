import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { customerUserCodes, customerUsers } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";
import { commitSoFar } from "../run-verb";
import { accountStatusOf, findUser, mayUseAccount } from "./queries";
import type { VerifyCodeInput } from "./schemas";
import { matchesHash } from "./secrets";
import { authenticated } from "./sign-in";

/** Wrong guesses a code survives; the next one retires it (6 digits must not be guessable). */
export const MAX_CODE_ATTEMPTS = 5;

const codeRefused = () =>
  new DomainError("AUTHENTICATION_FAILED", "That code isn't right or has expired. Please check it and try again, or ask for a new code.", {
    parameter: "verification_code",
  });

/**
 * User/2FAVerify: the latest unexpired, unused code of the method signs the user in once and
 * stamps the email or phone verification date. force_verification Y accepts any code.
 */
export async function verifyCode({ ctx, input }: { ctx: Context; input: VerifyCodeInput }) {
  const user = await findUser(ctx, input.verification_user_id, "verification_user_id");
  if (!mayUseAccount(user, await accountStatusOf(ctx, user))) {
    throw new DomainError("AUTHENTICATION_FAILED", "This account can't be verified right now. Please contact support.");
  }
  const now = ctx.now();
  const c = customerUserCodes;
  const [code] = await ctx.db
    .select()
    .from(c)
    .where(inBrand(ctx, c, eq(c.userId, user.id), eq(c.method, input.verification_method), isNull(c.usedAt), gt(c.expiresAt, now)))
    .orderBy(desc(c.createdAt))
    .limit(1);
  const right = code !== undefined && matchesHash(input.verification_code, code.codeHash);
  // Marking it used in the statement that checks it unused makes a code work once, even under races.
  const consumed =
    right &&
    (
      await ctx.db
        .update(c)
        .set({ usedAt: now })
        .where(and(eq(c.id, code.id), isNull(c.usedAt)))
        .returning()
    ).length > 0;
  if (!consumed && input.force_verification !== "Y") {
    if (code && !right) await recordWrongCode(ctx, code.id);
    throw codeRefused();
  }
  const stamp = input.verification_method === "email" ? { lastEmailVerificationDate: now } : { lastPhoneVerificationDate: now };
  const [row] = await ctx.db
    .update(customerUsers)
    .set({ ...stamp, updatedAt: now })
    .where(eq(customerUsers.id, user.id))
    .returning();
  return authenticated(row);
}

async function recordWrongCode(ctx: Context, codeId: string) {
  const c = customerUserCodes;
  const retire = sql`${c.failedAttempts} + 1 >= ${MAX_CODE_ATTEMPTS}`;
  await ctx.db
    .update(c)
    .set({
      failedAttempts: sql`${c.failedAttempts} + 1`,
      usedAt: sql`case when ${retire} then ${ctx.now().toISOString()}::timestamptz else ${c.usedAt} end`,
    })
    .where(inBrand(ctx, c, eq(c.id, codeId)));
  // Committed at once: the refusal that follows rolls the rest of the request back.
  await commitSoFar(ctx);
}
