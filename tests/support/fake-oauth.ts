import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString("base64url");

/**
 * A local identity provider on 127.0.0.1 for the authorization-code flow with PKCE: /authorize
 * approves at once (or answers access_denied), /token checks the client, the redirect_uri and the
 * PKCE verifier, and the identity comes from /userinfo ("google", with an RS256 id_token) or from
 * /user and /user/emails ("github"). `env` is what lib/adapters/oauth.ts needs to use it.
 */
export async function startFakeIdentityProvider(kind: "google" | "github") {
  const clientId = `client-${kind}`;
  const clientSecret = `secret-${kind}`;
  let identity: FakeIdentity = { sub: "fake-sub-1", email: "someone@example.com", emailVerified: true, givenName: "Sam", familyName: "Smith" };
  let deny = false;
  const codes = new Map<string, { challenge: string; redirectUri: string; identity: FakeIdentity }>();
  const accessTokens = new Map<string, FakeIdentity>();
  const tokenRequests: Record<string, string>[] = [];
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  let base = "";

  const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const bearer = (req: IncomingMessage) => accessTokens.get((req.headers.authorization ?? "").replace(/^Bearer /i, ""));

  const idToken = (who: FakeIdentity) => {
    const now = Math.floor(Date.now() / 1000);
    const header = b64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid: "fake" }));
    const claims = b64url(JSON.stringify({ iss: base, aud: clientId, sub: who.sub, iat: now, exp: now + 300, email: who.email }));
    return `${header}.${claims}.${b64url(sign("sha256", Buffer.from(`${header}.${claims}`), privateKey))}`;
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", base);
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.method === "GET" && url.pathname === "/authorize") {
        const p = url.searchParams;
        const back = new URL(p.get("redirect_uri")!);
        back.searchParams.set("state", p.get("state") ?? "");
        if (deny) back.searchParams.set("error", "access_denied");
        else if (p.get("client_id") !== clientId || p.get("code_challenge_method") !== "S256" || !p.get("code_challenge")) {
          back.searchParams.set("error", "invalid_request");
        } else {
          const code = b64url(randomBytes(16));
          codes.set(code, { challenge: p.get("code_challenge")!, redirectUri: p.get("redirect_uri")!, identity });
          back.searchParams.set("code", code);
        }
        return res.writeHead(302, { location: back.toString() }).end();
      }
      if (req.method === "POST" && url.pathname === "/token") {
        const form = Object.fromEntries(new URLSearchParams(body));
        tokenRequests.push(form);
        const grant = codes.get(form.code);
        codes.delete(form.code); // codes work once
        const verifierOk =
          grant &&
          b64url(
            createHash("sha256")
              .update(form.code_verifier ?? "")
              .digest(),
          ) === grant.challenge;
        if (form.client_id !== clientId || form.client_secret !== clientSecret) return json(res, 401, { error: "invalid_client" });
        if (!grant || !verifierOk || form.redirect_uri !== grant.redirectUri) return json(res, 400, { error: "invalid_grant" });
        const accessToken = b64url(randomBytes(16));
        accessTokens.set(accessToken, grant.identity);
        return json(res, 200, {
          access_token: accessToken,
          token_type: "Bearer",
          expires_in: 3600,
          ...(kind === "google" ? { id_token: idToken(grant.identity) } : {}),
        });
      }
      const who = bearer(req);
      if (!who) return json(res, 401, { error: "invalid_token" });
      if (url.pathname === "/userinfo") {
        return json(res, 200, { sub: who.sub, email: who.email, email_verified: who.emailVerified, given_name: who.givenName, family_name: who.familyName });
      }
      if (url.pathname === "/user") return json(res, 200, { id: 1, login: "octo", name: `${who.givenName} ${who.familyName}` });
      if (url.pathname === "/user/emails") {
        return json(
          res,
          200,
          who.email
            ? [
                { email: "old@example.com", primary: false, verified: false },
                { email: who.email, primary: true, verified: who.emailVerified },
              ]
            : [],
        );
      }
      json(res, 404, { error: "not_found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const prefix = `OAUTH_${kind.toUpperCase()}_`;
  return {
    env: {
      [`${prefix}CLIENT_ID`]: clientId,
      [`${prefix}CLIENT_SECRET`]: clientSecret,
      [`${prefix}ISSUER`]: base,
      [`${prefix}AUTHORIZATION_URL`]: `${base}/authorize`,
      [`${prefix}TOKEN_URL`]: `${base}/token`,
      [`${prefix}USERINFO_URL`]: kind === "google" ? `${base}/userinfo` : `${base}/user`,
      ...(kind === "github" ? { [`${prefix}EMAILS_URL`]: `${base}/user/emails` } : {}),
    } as Record<string, string>,
    tokenRequests,
    /** The person who signs in at the provider from now on. */
    signInAs(who: Partial<FakeIdentity>) {
      identity = { ...identity, ...who };
    },
    /** Makes the user cancel at the provider. */
    denyNext(value = true) {
      deny = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
