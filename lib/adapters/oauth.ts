import * as client from "openid-client";
import { config } from "../config";

/**
 * Third-party sign-in (User/OAuthAuthenticate): the authorization-code flow with state and PKCE
 * through openid-client. Each provider is configured by environment variables; the endpoint
 * variables default to the real providers and exist so tests (or a proxy) can point elsewhere.
 */
export const IDENTITY_SERVICES = ["google", "github"] as const;
export type IdentityService = (typeof IDENTITY_SERVICES)[number];

export interface VerifiedIdentity {
  /** The provider's email address for the user, only when the provider says it is verified. */
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface IdentityProvider {
  /** A fresh state and PKCE verifier (kept by the caller until the callback) and the address to send the user to. */
  begin(): Promise<{ authorizationUrl: URL; state: string; codeVerifier: string }>;
  /** Exchanges the code from the callback (checking state and PKCE) and reads the user's identity. */
  finish(args: { callbackParams: URLSearchParams; state: string; codeVerifier: string }): Promise<VerifiedIdentity>;
}

/** Registered with both providers as the redirect URI. */
export const oauthCallbackUrl = () => `${config.publicUrl}/api/oauth/callback`;

const DEFAULTS = {
  google: {
    issuer: "https://accounts.google.com",
    authorization: "https://accounts.google.com/o/oauth2/v2/auth",
    token: "https://oauth2.googleapis.com/token",
    userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
    emails: "",
    scope: "openid email profile",
  },
  github: {
    issuer: "https://github.com",
    authorization: "https://github.com/login/oauth/authorize",
    token: "https://github.com/login/oauth/access_token",
    userinfo: "https://api.github.com/user",
    emails: "https://api.github.com/user/emails",
    scope: "read:user user:email",
  },
} satisfies Record<IdentityService, Record<string, string>>;

/**
 * OAUTH_<NAME>_CLIENT_ID and OAUTH_<NAME>_CLIENT_SECRET enable a provider; OAUTH_<NAME>_ISSUER,
 * _AUTHORIZATION_URL, _TOKEN_URL, _USERINFO_URL (and OAUTH_GITHUB_EMAILS_URL) override endpoints.
 */
function settings(name: IdentityService) {
  const env = (suffix: string) => process.env[`OAUTH_${name.toUpperCase()}_${suffix}`] || undefined;
  const d = DEFAULTS[name];
  return {
    clientId: env("CLIENT_ID"),
    clientSecret: env("CLIENT_SECRET"),
    issuer: env("ISSUER") ?? d.issuer,
    authorization: env("AUTHORIZATION_URL") ?? d.authorization,
    token: env("TOKEN_URL") ?? d.token,
    userinfo: env("USERINFO_URL") ?? d.userinfo,
    emails: env("EMAILS_URL") ?? d.emails,
    scope: d.scope,
  };
}

const isLoopbackHttp = (u: string) => {
  const { protocol, hostname } = new URL(u);
  return protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(hostname);
};

/** The provider, or null when its client id and secret are not configured. */
export function identityProvider(name: IdentityService): IdentityProvider | null {
  const s = settings(name);
  if (!s.clientId || !s.clientSecret) return null;
  const configuration = new client.Configuration(
    { issuer: s.issuer, authorization_endpoint: s.authorization, token_endpoint: s.token, userinfo_endpoint: s.userinfo },
    s.clientId,
    s.clientSecret,
  );
  configuration.timeout = 10;
  // Plain http only to this machine (local fakes in tests); real providers are https.
  if ([s.authorization, s.token, s.userinfo].every(isLoopbackHttp)) client.allowInsecureRequests(configuration);

  return {
    async begin() {
      const state = client.randomState();
      const codeVerifier = client.randomPKCECodeVerifier();
      const authorizationUrl = client.buildAuthorizationUrl(configuration, {
        redirect_uri: oauthCallbackUrl(),
        scope: s.scope,
        state,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
      });
      return { authorizationUrl, state, codeVerifier };
    },
    async finish({ callbackParams, state, codeVerifier }) {
      // The redirect_uri sent to the token endpoint is derived from this URL, so it is rebuilt from ours.
      const current = new URL(oauthCallbackUrl());
      for (const [k, v] of callbackParams) current.searchParams.append(k, v);
      const tokens = await client.authorizationCodeGrant(configuration, current, { pkceCodeVerifier: codeVerifier, expectedState: state });
      return name === "google" ? readOidcIdentity(configuration, tokens) : readGitHubIdentity(configuration, tokens.access_token, s.userinfo, s.emails);
    },
  };
}

async function readOidcIdentity(configuration: client.Configuration, tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers) {
  const info = await client.fetchUserInfo(configuration, tokens.access_token, tokens.claims()?.sub ?? client.skipSubjectCheck);
  return {
    email: info.email && info.email_verified === true ? info.email : null,
    firstName: info.given_name ?? null,
    lastName: info.family_name ?? null,
  };
}

async function readGitHubIdentity(configuration: client.Configuration, accessToken: string, userUrl: string, emailsUrl: string) {
  const get = async <T>(url: string): Promise<T> => {
    const res = await client.fetchProtectedResource(
      configuration,
      accessToken,
      new URL(url),
      "GET",
      undefined,
      new Headers({ accept: "application/vnd.github+json" }),
    );
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return (await res.json()) as T;
  };
  const [user, emails] = await Promise.all([
    get<{ name?: string | null; login?: string }>(userUrl),
    get<{ email: string; primary: boolean; verified: boolean }[]>(emailsUrl),
  ]);
  const verified = emails.filter((e) => e.verified);
  const email = (verified.find((e) => e.primary) ?? verified[0])?.email ?? null;
  const [first, ...rest] = (user.name ?? "").trim().split(/\s+/);
  return { email, firstName: first || user.login || null, lastName: rest.join(" ") || null };
}
