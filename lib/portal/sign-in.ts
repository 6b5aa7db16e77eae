import { and, eq, isNull } from "drizzle-orm";
import { getDb, type Db } from "../../db/client";
import { brands, customerUsers, customerUserTokens } from "../../db/schema";
import { ALL_BRANDS, inScope } from "../../db/tenancy";
import { IDENTITY_SERVICES, identityProvider } from "../adapters/oauth";
import { smsSender } from "../adapters/sms";
import { contextFromCustomerSession, systemContext, type Brand, type Context } from "../auth/context";
import { SESSION_SECONDS, type CustomerSession, type PendingSecondFactor } from "../auth/customer-session";
import { endAllCustomerSessions, endCustomerSession, openCustomerSession } from "../auth/sessions";
import { DomainError } from "../errors";
import { hashSecret, isUuid } from "../ids";
import { runVerb } from "../run-verb";
import { config } from "../config";
import { Throttle } from "../rate-limit/throttle";
import { authenticateUser } from "../users/authenticate-user";
import { PROVIDER_NAMES } from "../users/complete-oauth-sign-in";
import { requestVerification } from "../users/request-verification";
import { resetPassword } from "../users/reset-password";
import { AuthenticateUserParams, RequestVerificationParams, ResetPasswordParams, StartOAuthParams, VerifyCodeParams } from "../users/schemas";
import { startOAuthSignIn } from "../users/start-oauth-sign-in";
import { signInRefused } from "../users/sign-in";
import { verifyCode } from "../users/verify-code";
import { readUser, type UserRead } from "../users/read";

/**
 * The portal's sign-in, over the same verbs as User/Authenticate, User/2FARequest and
 * User/2FAVerify (so the same single-use tokens, lockout and code limits), run for the system on
 * the brand the customer signs in to. What they answer becomes a CustomerSession; the cookie is the
 * page's business.
 * Tenancy (db/tenancy.ts): the verbs run under that brand (runVerb); the statements here say their
 * scope too: a link's token is looked up across brands (ALL_BRANDS: its brand is what it tells), the
 * user's second factor and the session's row under the customer's brand. Brands have no brand_id.
 */

export type SignInOutcome = { kind: "signed-in"; session: CustomerSession } | { kind: "second-factor"; pending: PendingSecondFactor; sentTo: string };

/** A brand a customer may sign in to (not deleted), or null. */
export async function portalBrand(brandId: string | null | undefined, db?: Db): Promise<Brand | null> {
  db ??= await getDb();
  if (!brandId || !isUuid(brandId)) return null;
  const [brand] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.id, brandId), isNull(brands.deletedAt)))
    .limit(1);
  return brand ?? null;
}

/** The brand a sign-in link's token was issued on, used or not (to show that brand's sign-in page after a refusal). */
export async function brandOfLinkToken(token: string, db?: Db): Promise<Brand | null> {
  db ??= await getDb();
  if (!token || token.length > 200) return null;
  // Before the brand is known: the token is the key, so the lookup crosses brands.
  const [row] = await inScope(db, ALL_BRANDS, (tx) =>
    tx
      .select({ brandId: customerUserTokens.brandId })
      .from(customerUserTokens)
      .where(eq(customerUserTokens.tokenHash, hashSecret(token)))
      .limit(1),
  );
  return row ? portalBrand(row.brandId, db) : null;
}

const sessionOf = (user: { user_id: string; customer_account_id: string }, brand: Brand): CustomerSession => ({
  brandId: brand.id,
  customerAccountId: user.customer_account_id,
  userId: user.user_id,
});

const recordOf = (answer: unknown) => (answer as { record: { user_id: string; customer_account_id: string } }).record;

/**
 * A User/CreateToken link: the token signs in once, before it expires (User/Authenticate with
 * temporary_token). A link signs in directly: whoever holds it within its minutes is the user.
 */
export async function signInWithLink(token: string, where: { url?: string } = {}): Promise<{ brand: Brand; session: CustomerSession }> {
  const { brand, session } = await authenticateLink(token, where);
  return { brand, session: await opened(await getDb(), session) };
}

/** The link's user, no session opened yet (a provider's sign-in may still need the second factor). */
async function authenticateLink(token: string, where: { url?: string }): Promise<{ brand: Brand; session: CustomerSession }> {
  const db = await getDb();
  const brand = await brandOfLinkToken(token, db);
  if (!brand) throw signInRefused();
  const ctx = systemContext(db, brand);
  const input = AuthenticateUserParams.parse({ temporary_token: token, url: where.url });
  const answer = await runVerb(ctx, authenticateUser, input);
  return { brand, session: sessionOf(recordOf(answer), brand) };
}

/**
 * Email address or username and password (User/Authenticate, with its lockout). A user with
 * two-step verification on (see secondFactorMethod) gets a code instead of a session.
 */
export async function signInWithPassword(brand: Brand, login: string, password: string, where: { url?: string } = {}): Promise<SignInOutcome> {
  const db = await getDb();
  const ctx = systemContext(db, brand);
  const name = login.trim();
  if (!name || !password) throw signInRefused();
  const parsed = AuthenticateUserParams.safeParse({ ...(name.includes("@") ? { email_address: name } : { username: name }), password, url: where.url });
  if (!parsed.success) throw signInRefused();
  const answer = await runVerb(ctx, authenticateUser, parsed.data);
  return withSecondFactor(db, sessionOf(recordOf(answer), brand));
}

/** A session now, or (the user has two-step verification on) a code sent and the sign-in pending it. */
async function withSecondFactor(db: Db, session: CustomerSession): Promise<SignInOutcome> {
  const [user] = await inScope(db, session.brandId, (tx) => tx.select().from(customerUsers).where(eq(customerUsers.id, session.userId)).limit(1));
  const method = secondFactorMethod(readUser(user));
  if (!method) return { kind: "signed-in", session: await opened(db, session) };
  const pending: PendingSecondFactor = { ...session, method };
  return { kind: "second-factor", pending, sentTo: await sendSecondFactorCode(pending) };
}

/**
 * "Forgot password" limits, shared by every instance like the API's (lib/rate-limit/throttle.ts): each
 * request spends a point per client address and per sign-in name, whether or not anyone signs in with it.
 */
export const passwordResetLimits = {
  byAddress: new Throttle("password-resets-address", () => ({ points: config.passwordResetsPerHour.perAddress, seconds: 3600 })),
  byLogin: new Throttle("password-resets-login", () => ({ points: config.passwordResetsPerHour.perLogin, seconds: 3600 })),
};

/** What every accepted request answers, sent or not: it never tells whether the details are anyone's. */
export const PASSWORD_RESET_NOTICE =
  "If an account uses these details, we have emailed it a temporary password that works for one hour. Sign in with it, then choose a new password under Account.";

/**
 * "Forgot password" (User/PasswdReset): a temporary password by email; the same answer whether or
 * not the user exists. Limited per sign-in name (over it nothing more is emailed, and the answer is
 * the same: no mailbox is flooded and nothing is learnt) and per client address (over it the page
 * asks to wait; that says nothing about any user either).
 */
export async function requestPasswordReset(brand: Brand, login: string, from: { address: string }): Promise<string> {
  const name = login.trim();
  const parsed = ResetPasswordParams.safeParse(name.includes("@") ? { email_address: name } : { username: name });
  if (!name || !parsed.success) {
    throw new DomainError("INVALID_PARAMETER", "Enter the email address or username you sign in with.", { parameter: "login" });
  }
  const wait = await passwordResetLimits.byAddress.take(from.address);
  if (wait > 0) {
    throw new DomainError("RATE_LIMITED", `Too many password requests from your network. Please try again in ${Math.ceil(wait / 60)} minutes.`);
  }
  if ((await passwordResetLimits.byLogin.take(`${brand.id}:${name.toLowerCase()}`)) > 0) return PASSWORD_RESET_NOTICE;
  const ctx = systemContext(await getDb(), brand);
  await runVerb(ctx, resetPassword, parsed.data);
  return PASSWORD_RESET_NOTICE;
}

/** The identity providers this service is configured for (lib/adapters/oauth.ts), to offer on the sign-in page. */
export const portalIdentityProviders = () => IDENTITY_SERVICES.filter((s) => identityProvider(s) !== null).map((id) => ({ id, name: PROVIDER_NAMES[id] }));

/**
 * Sign-in with an identity provider (User/OAuthAuthenticate): the provider's address to send the
 * browser to. The provider returns to the service's callback, which sends the browser on to
 * `returnTo` with a temporary_token (signInWithProviderToken), or to `failTo` with ?error=.
 * Nobody is signed up here: a provider email that matches no user is refused.
 */
export async function startProviderSignIn(brand: Brand, service: string, where: { returnTo: string; failTo: string }): Promise<string> {
  const ctx = systemContext(await getDb(), brand);
  const input = StartOAuthParams.safeParse({ identity_service: service, redirect_uri: where.returnTo, failure_uri: where.failTo, create_if_not_exists: "N" });
  if (!input.success) throw new DomainError("INVALID_PARAMETER", "This way of signing in isn't available. Please sign in with your password.");
  const answer = await runVerb(ctx, startOAuthSignIn, input.data);
  return answer.link;
}

/** The temporary_token the provider flow handed back: signs in once (User/Authenticate), then the second factor if the user has it on. */
export async function signInWithProviderToken(token: string, where: { url?: string } = {}): Promise<SignInOutcome> {
  const { session } = await authenticateLink(token, where);
  return withSecondFactor(await getDb(), session);
}

/**
 * Whether a user signs in with a second factor, and how. The schema has no 2FA switch; User/Update's
 * `verified` ("Y or N, for a two-step verification system of your own") is it: Y turns it on. The
 * code goes by SMS when the user has a phone number and SMS is configured, else by email.
 */
export function secondFactorMethod(user: Pick<UserRead, "verified" | "phoneNumber" | "phoneNumberCountryCode">): "email" | "sms" | null {
  if (!user.verified) return null;
  return user.phoneNumber && user.phoneNumberCountryCode && smsSender() ? "sms" : "email";
}

async function pendingContext(pending: PendingSecondFactor): Promise<Context> {
  const db = await getDb();
  const brand = await portalBrand(pending.brandId, db);
  if (!brand) throw signInRefused();
  return systemContext(db, brand);
}

/** User/2FARequest for a pending sign-in: a new code (earlier ones stop working); answers where it went, masked. */
export async function sendSecondFactorCode(pending: PendingSecondFactor): Promise<string> {
  const ctx = await pendingContext(pending);
  const input = RequestVerificationParams.parse({ verification_user_id: pending.userId, verification_method: pending.method });
  const sent = await runVerb(ctx, requestVerification, input);
  return sent.sent_to;
}

/** User/2FAVerify (never forced): the right code turns the pending sign-in into a session. */
export async function verifySecondFactor(pending: PendingSecondFactor, code: string): Promise<CustomerSession> {
  const ctx = await pendingContext(pending);
  const parsed = VerifyCodeParams.safeParse({
    verification_user_id: pending.userId,
    verification_method: pending.method,
    verification_code: code.trim(),
    force_verification: "N",
  });
  if (!parsed.success) {
    throw new DomainError("AUTHENTICATION_FAILED", "That code isn't right or has expired. Please check it and try again, or ask for a new code.", {
      parameter: "verification_code",
    });
  }
  const answer = await runVerb(ctx, verifyCode, parsed.data);
  const user = recordOf(answer);
  if (user.user_id !== pending.userId || user.customer_account_id !== pending.customerAccountId) throw signInRefused();
  return opened(ctx.db, { brandId: pending.brandId, customerAccountId: pending.customerAccountId, userId: pending.userId });
}

/** A completed sign-in becomes a session: its row is made (lib/auth/sessions.ts) and its id goes in the cookie. */
async function opened(db: Db, session: CustomerSession): Promise<CustomerSession> {
  return { ...session, sessionId: await openCustomerSession(db, session, SESSION_SECONDS) };
}

/**
 * Signing out ends the cookie's session on the server (its row is deleted), so a copy of the cookie
 * is refused too; `everywhere` ends every session of the user, this one included (only from a
 * session that still stands).
 */
export async function endPortalSession(session: CustomerSession | null, opts: { everywhere?: boolean } = {}) {
  if (!session?.sessionId) return;
  const db = await getDb();
  if (!opts.everywhere) return endCustomerSession(db, session.sessionId, session);
  if (await portalContext(session)) await endAllCustomerSessions(db, session);
}

/**
 * The context of a portal request: the session's brand, account and user, checked again now
 * (contextFromCustomerSession), so a suspended or deleted user or account is refused at once. Null
 * when the session no longer stands; the page then signs the customer in again.
 */
export async function portalContext(session: CustomerSession | null): Promise<Context | null> {
  if (!session) return null;
  try {
    return await contextFromCustomerSession(await getDb(), session);
  } catch (err) {
    if (err instanceof DomainError && err.code === "UNAUTHENTICATED") return null;
    throw err;
  }
}
