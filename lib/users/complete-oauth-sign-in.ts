import { and, eq, isNull } from "drizzle-orm";
import { getDb, type Db } from "../../db/client";
import { brands, customerOAuthFlows } from "../../db/schema";
import { ALL_BRANDS, inScope } from "../../db/tenancy";
import { openAccount } from "./open-account";
import { identityProvider, type IdentityService } from "../adapters/oauth";
import { systemContext, type Context } from "../auth/context";
import { runVerb } from "../run-verb";
import { DomainError } from "../errors";
import { logger } from "../log";
import { usersSigningInAs } from "./queries";
import { mintTemporaryToken } from "./tokens";

/** Where the provider's callback sends the browser, or a plain page when there is nowhere to send it. */
export type OAuthOutcome = { location: string } | { status: 400; message: string };

/** The temporary_token handed to redirect_uri is meant to be used at once. */
export const OAUTH_TOKEN_MINUTES = 1;

export const PROVIDER_NAMES: Record<IdentityService, string> = { google: "Google", github: "GitHub" };

type Flow = typeof customerOAuthFlows.$inferSelect;

/**
 * The provider's callback (app/api/oauth/callback): finishes a flow started by User/OAuthAuthenticate.
 * Matches the user by the provider's verified email (or signs one up when create_if_not_exists is
 * Y) and redirects to redirect_uri with a temporary_token, or to failure_uri?error=<message>.
 */
export async function completeOAuthSignIn({ db, params }: { db?: Db; params: URLSearchParams }): Promise<OAuthOutcome> {
  db ??= await getDb();
  const expired = { status: 400 as const, message: "This sign-in link has expired or was already used. Please start signing in again." };
  const state = params.get("state");
  if (!state) return expired;
  // The state is the flow's only key here: the brand is known once the flow is found, so the lookup crosses brands.
  const [found] = await inScope(db, ALL_BRANDS, (tx) =>
    tx
      .select({ flow: customerOAuthFlows, brand: brands })
      .from(customerOAuthFlows)
      .innerJoin(brands, eq(brands.id, customerOAuthFlows.brandId))
      .where(and(eq(customerOAuthFlows.state, state), isNull(brands.deletedAt)))
      .limit(1),
  );
  if (!found) return expired;
  const ctx = systemContext(db, found.brand);
  const flow = found.flow;
  // Claimed in one statement (under the flow's brand), so a replayed callback cannot sign in twice.
  const claimed = await inScope(db, found.brand.id, (tx) =>
    tx
      .update(customerOAuthFlows)
      .set({ usedAt: ctx.now() })
      .where(and(eq(customerOAuthFlows.id, flow.id), isNull(customerOAuthFlows.usedAt)))
      .returning({ id: customerOAuthFlows.id }),
  );
  if (claimed.length === 0) return expired;

  const provider = PROVIDER_NAMES[flow.identityService as IdentityService] ?? flow.identityService;
  const fail = (message: string) => ({ location: withParam(flow.failureUri, "error", message) });
  if (flow.expiresAt <= ctx.now()) return fail("This sign-in took too long. Please try again.");
  const error = params.get("error");
  if (error) return fail(error === "access_denied" ? `Sign-in with ${provider} was cancelled.` : `Sign-in with ${provider} failed. Please try again.`);
  const adapter = identityProvider(flow.identityService as IdentityService);
  if (!adapter) return fail(`Sign-in with ${provider} is not available right now.`);

  let email: string | null;
  let names: { firstName: string | null; lastName: string | null };
  try {
    const identity = await adapter.finish({ callbackParams: params, state, codeVerifier: flow.codeVerifier });
    email = identity.email;
    names = identity;
  } catch (err) {
    logger.error("third-party sign-in failed", { error: err, identityService: flow.identityService });
    return fail(`Sign-in with ${provider} failed. Please try again.`);
  }
  if (!email) return fail(`Your ${provider} account has no verified email address.`);

  try {
    const token = await runVerb(ctx, ({ ctx: c }) => signInByEmail(c, flow, email, names), undefined);
    return { location: withParam(flow.redirectUri, "temporary_token", token) };
  } catch (err) {
    if (err instanceof DomainError) return fail(err.message);
    throw err;
  }
}

/** The user with this email (the oldest that may sign in), or a new account and user; answers a temporary token. */
async function signInByEmail(ctx: Context, flow: Flow, email: string, names: { firstName: string | null; lastName: string | null }) {
  const candidates = await usersSigningInAs(ctx, { email });
  let user = candidates.find((c) => c.active)?.user;
  if (!user) {
    if (candidates.length > 0) throw new DomainError("AUTHENTICATION_FAILED", "This account can't sign in right now. Please contact support.");
    if (flow.createIfNotExists !== "Y") throw new DomainError("NOT_FOUND", `No account uses the email address ${email}.`);
    const signedUp = await openAccount(
      ctx,
      {
        firstName: names.firstName || email.split("@")[0],
        lastName: names.lastName ?? "",
        emailAddress: email,
        country: null,
        locale: "en-US",
        timezoneId: ctx.brand.timezoneId,
      },
      { sendGeneratedPassword: false },
    ).catch((err) => {
      if (err instanceof DomainError && err.code === "DUPLICATE") {
        throw new DomainError("DUPLICATE", "An account already uses this email address. Please sign in with your password.");
      }
      throw err;
    });
    user = signedUp.user;
  }
  return (await mintTemporaryToken(ctx, user.id, OAUTH_TOKEN_MINUTES, "oauth")).token;
}

/** Appends a query parameter, keeping any the address already has. */
function withParam(address: string, name: string, value: string) {
  const url = new URL(address);
  url.searchParams.set(name, value);
  return url.toString();
}
