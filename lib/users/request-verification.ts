import { and, eq, isNull } from "drizzle-orm";
import { customerUserCodes } from "../../db/schema";
import { inBrand } from "../../db/scope";
import { smsSender } from "../adapters/sms";
import { commitSoFar, outsideTransaction, type StepContext, stepped } from "../run-verb";
import { findAccount } from "../accounts/queries";
import { DomainError, invalidState } from "../errors";
import { hashSecret, newId } from "../ids";
import { logger } from "../log";
import { emit } from "../outbox/emit";
import { CODE_MINUTES } from "../notifications/defaults";
import { userEventPayload } from "./events";
import { dialableNumber, maskEmail, maskPhone } from "./phone";
import { accountStatusOf, findUser, mayUseAccount } from "./queries";
import type { RequestVerificationInput } from "./schemas";
import { EMAIL_CODE_LENGTH, randomDigits, randomString } from "./secrets";

/**
 * User/2FARequest: a new code (replacing earlier unused ones of the method), by email through the
 * User/2FARequest event, or by SMS or call through the SMS adapter. Only the code's hash is kept.
 */
export const requestVerification = stepped(async ({ ctx, input }: { ctx: StepContext; input: RequestVerificationInput }) => {
  const method = input.verification_method;
  const user = await findUser(ctx, input.verification_user_id, "verification_user_id");
  if (!mayUseAccount(user, await accountStatusOf(ctx, user))) {
    throw invalidState("This user or its customer account is not active, so it cannot be verified", "verification_user_id");
  }
  const phone = method === "email" ? null : phoneChannel(user, method);
  const code = method === "email" ? randomString(EMAIL_CODE_LENGTH) : randomDigits(6);
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + CODE_MINUTES * 60_000);
  const c = customerUserCodes;
  await ctx.db
    .update(c)
    .set({ usedAt: now })
    .where(inBrand(ctx, c, and(eq(c.userId, user.id), eq(c.method, method), isNull(c.usedAt))));
  const codeId = newId();
  await ctx.db.insert(c).values({ id: codeId, brandId: ctx.brand.id, userId: user.id, method, codeHash: hashSecret(code), expiresAt, createdAt: now });

  if (!phone) {
    const account = await findAccount(ctx, user.customerAccountId);
    await emit(ctx, { type: "User/2FARequest", payload: userEventPayload(account, user, { email_verification_code: code }) });
  } else {
    // Sent with the code committed and no transaction held (a slow SMS provider keeps no
    // connection); if the provider refuses, the code, never received, is deleted.
    try {
      await outsideTransaction(ctx, () => phone.send(verificationMessage(ctx.brand.name, code, phone.method)));
    } catch (err) {
      await ctx.db.delete(c).where(eq(c.id, codeId));
      await commitSoFar(ctx);
      throw err;
    }
  }
  return {
    user_id: user.id,
    verification_method: method,
    sent_to: phone ? maskPhone(phone.to) : maskEmail(user.emailAddress),
    expires: expiresAt,
  };
});

/**
 * The text or call that carries a code. The code comes first ("123456 is your Acme verification
 * code"), so neither a reader nor a phone's code autofill takes digits of the brand's name for it
 * ("Brand 482913"); a call spells it digit by digit, twice, so it can be written down.
 */
export function verificationMessage(brandName: string, code: string, method: "sms" | "call") {
  const said = method === "call" ? code.split("").join(", ") : code;
  const text = `${said} is your ${brandName} verification code. It expires in ${CODE_MINUTES} minutes.`;
  return method === "call" ? `${text} Again: ${said}.` : text;
}

function phoneChannel(user: Parameters<typeof dialableNumber>[0], method: "sms" | "call") {
  const sender = smsSender();
  if (!sender) {
    throw new DomainError("INVALID_PARAMETER", `verification_method ${method} is not available on this service`, { parameter: "verification_method" });
  }
  const to = dialableNumber(user);
  if (!to) throw invalidState("This user has no phone number with a country code; add one with User/Update", "verification_user_id");
  const send = async (text: string) => {
    try {
      if (method === "sms") await sender.sendText(to, text);
      else await sender.placeCall(to, text);
    } catch (error) {
      logger.error("verification code not sent", { error, method });
      throw new DomainError("DELIVERY_FAILED", "We couldn't send your code right now. Please try again in a moment.");
    }
  };
  return { to, send, method };
}
