import { customerOAuthFlows } from "../../db/schema";
import { identityProvider } from "../adapters/oauth";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";
import { newId } from "../ids";
import type { StartOAuthInput } from "./schemas";

/** How long the user has to finish signing in at the provider. */
export const OAUTH_FLOW_MINUTES = 10;

/** User/OAuthAuthenticate: remembers the pending flow (state, PKCE verifier, where to go next) and answers the provider link. */
export async function startOAuthSignIn({ ctx, input }: { ctx: Context; input: StartOAuthInput }) {
  const provider = identityProvider(input.identity_service);
  if (!provider) {
    throw new DomainError("INVALID_PARAMETER", `identity_service ${input.identity_service} is not configured on this service`, {
      parameter: "identity_service",
    });
  }
  const { authorizationUrl, state, codeVerifier } = await provider.begin();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + OAUTH_FLOW_MINUTES * 60_000);
  await ctx.db.insert(customerOAuthFlows).values({
    id: newId(),
    brandId: ctx.brand.id,
    identityService: input.identity_service,
    state,
    codeVerifier,
    redirectUri: input.redirect_uri,
    failureUri: input.failure_uri,
    createIfNotExists: input.create_if_not_exists,
    expiresAt,
    createdAt: now,
  });
  return { identity_service: input.identity_service, link: authorizationUrl.toString(), expires: expiresAt };
}
