import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { customerAccounts, customerOAuthFlows } from "../db/schema";
import { GET as oauthCallback } from "../app/api/oauth/callback/route";
import { ManualClock, useClock } from "../lib/clock";
import { config } from "../lib/config";
import { call, ok } from "./support/api";
import { FORMATS, makeTenant, newCustomer, outbox, refused, setEnv, uniqueEmail, type Tenant } from "./support/fake-customers";
import { startFakeIdentityProvider } from "./support/fake-oauth";

const clock = new ManualClock("2026-07-01T10:00:00Z");
useClock(clock);

type Fake = Awaited<ReturnType<typeof startFakeIdentityProvider>>;
let t: Tenant;
let other: Tenant;
let google: Fake;
let github: Fake;
beforeAll(async () => {
  [t, other, google, github] = await Promise.all([makeTenant(), makeTenant(), startFakeIdentityProvider("google"), startFakeIdentityProvider("github")]);
  setEnv({ ...google.env, ...github.env });
});
afterAll(() => Promise.all([google.close(), github.close()]));

const REDIRECT = "https://shop.example/signed-in?from=app";
const FAILURE = "https://shop.example/sign-in";

/** User/OAuthAuthenticate; answers the link to the provider. */
async function start(format: string, params: Record<string, string>, tenant = t) {
  const body = await ok(tenant, format, "User/OAuthAuthenticate", {
    method: "POST",
    params: { redirect_uri: REDIRECT, failure_uri: FAILURE, create_if_not_exists: "N", ...params },
  });
  return body.oauth as { identity_service: string; link: string; expires: string };
}

/** The browser at the provider: answers where the provider sends it back (our callback). */
async function atProvider(link: string) {
  const res = await fetch(link, { redirect: "manual" });
  expect(res.status).toBe(302);
  return res.headers.get("location")!;
}

/** The browser back at our callback route: answers the final address, or the page's status and text. */
async function back(callbackUrl: string) {
  const res = await oauthCallback(new Request(callbackUrl));
  if (res.status === 303) return { location: new URL(res.headers.get("location")!) };
  return { status: res.status, text: await res.text() };
}

async function signIn(format: string, params: Record<string, string>, tenant = t) {
  return back(await atProvider((await start(format, params, tenant)).link));
}

const errorOf = (r: Awaited<ReturnType<typeof back>>) => {
  expect(r.location?.origin + r.location!.pathname).toBe(FAILURE);
  return r.location!.searchParams.get("error");
};

const authenticateWith = (token: string, tenant = t) =>
  call("json", "User/Authenticate", { method: "POST", creds: tenant, params: { temporary_token: token } });

describe("User/OAuthAuthenticate", () => {
  for (const format of FORMATS) {
    for (const provider of ["google", "github"] as const) {
      it(`${format}: ${provider}: signs in an existing user by the verified email, with state and PKCE`, async () => {
        const fake = provider === "google" ? google : github;
        const { account, user } = await newCustomer(t);
        fake.signInAs({ email: account.email_address.toUpperCase(), emailVerified: true });
        const started = await start(format, { identity_service: provider });
        const link = new URL(started.link);
        expect(link.origin).toBe(new URL(fake.env[`OAUTH_${provider.toUpperCase()}_AUTHORIZATION_URL`]).origin);
        expect(link.searchParams.get("code_challenge_method")).toBe("S256");
        expect(link.searchParams.get("redirect_uri")).toBe(`${config.publicUrl}/api/oauth/callback`);
        const state = link.searchParams.get("state")!;
        const db = await getDb();
        const [flow] = await db.select().from(customerOAuthFlows).where(eq(customerOAuthFlows.state, state));
        expect(flow).toMatchObject({ brandId: t.brand_id, identityService: provider, redirectUri: REDIRECT, failureUri: FAILURE, usedAt: null });

        const callbackUrl = await atProvider(started.link);
        const r = await back(callbackUrl);
        expect(r.location!.origin + r.location!.pathname).toBe("https://shop.example/signed-in");
        expect(r.location!.searchParams.get("from")).toBe("app");
        expect(fake.tokenRequests.at(-1)!.code_verifier).toBe(flow.codeVerifier);
        const token = r.location!.searchParams.get("temporary_token")!;
        const signedIn = await authenticateWith(token);
        expect(signedIn.status).toBe(200);
        expect(signedIn.body.user.user_id).toBe(user.user_id);
        expect(signedIn.body.authenticated).toBe("Y");
        // The token and the callback work once.
        expect((await authenticateWith(token)).status).toBe(403);
        expect(await back(callbackUrl)).toEqual({ status: 400, text: expect.stringContaining("expired or was already used") });
      });
    }

    it(`${format}: create_if_not_exists Y signs up a new customer; N sends the user to failure_uri`, async () => {
      const email = uniqueEmail("newbie");
      google.signInAs({ email, emailVerified: true, givenName: "Nia", familyName: "Newcomer" });
      const refusedSignUp = await signIn(format, { identity_service: "google" });
      expect(errorOf(refusedSignUp)).toBe(`No account uses the email address ${email}.`);
      const db = await getDb();
      expect(await db.select().from(customerAccounts).where(eq(customerAccounts.emailAddress, email))).toEqual([]);

      const r = await signIn(format, { identity_service: "google", create_if_not_exists: "Y" });
      const signedIn = await authenticateWith(r.location!.searchParams.get("temporary_token")!);
      expect(signedIn.body.user).toMatchObject({ email_address: email, first_name: "Nia", last_name: "Newcomer", access_level: "ADMIN" });
      const accounts = await ok(t, "json", "Account/List", { params: { email_address: email } });
      expect(accounts.customer_accounts[0]).toMatchObject({ first_name: "Nia", country: "", locale: "en-US", status: "1" });
      const [event] = (await outbox(t, "Account/Create")).filter((e) => e.to_email === email);
      expect(event.user.username).toBe(signedIn.body.user.username);
      expect(event.user.initial_password).toBeUndefined();
    });
  }

  it("sends the user to failure_uri when they cancel, have no verified email, are suspended, or take too long", async () => {
    google.denyNext();
    expect(errorOf(await signIn("json", { identity_service: "google" }))).toBe("Sign-in with Google was cancelled.");
    google.denyNext(false);

    github.signInAs({ email: uniqueEmail("unverified"), emailVerified: false });
    expect(errorOf(await signIn("json", { identity_service: "github", create_if_not_exists: "Y" }))).toBe("Your GitHub account has no verified email address.");

    const { account, user } = await newCustomer(t);
    await ok(t, "json", "User/Suspend", { method: "PATCH", params: { user_id: user.user_id } });
    google.signInAs({ email: account.email_address, emailVerified: true });
    expect(errorOf(await signIn("json", { identity_service: "google", create_if_not_exists: "Y" }))).toBe(
      "This account can't sign in right now. Please contact support.",
    );

    const slow = await start("json", { identity_service: "google" });
    const callbackUrl = await atProvider(slow.link);
    clock.advance({ minutes: 10, seconds: 1 });
    expect(errorOf(await back(callbackUrl))).toBe("This sign-in took too long. Please try again.");
  });

  it("fails safely when the PKCE verifier does not match or the state is unknown", async () => {
    const { account } = await newCustomer(t);
    google.signInAs({ email: account.email_address, emailVerified: true });
    const started = await start("json", { identity_service: "google" });
    const callbackUrl = await atProvider(started.link);
    const db = await getDb();
    await db
      .update(customerOAuthFlows)
      .set({ codeVerifier: "x".repeat(43) })
      .where(eq(customerOAuthFlows.state, new URL(callbackUrl).searchParams.get("state")!));
    expect(errorOf(await back(callbackUrl))).toBe("Sign-in with Google failed. Please try again.");

    const forged = new URL(callbackUrl);
    forged.searchParams.set("state", "made-up");
    expect((await back(forged.toString())).status).toBe(400);
    forged.searchParams.delete("state");
    expect((await back(forged.toString())).status).toBe(400);
  });

  it("matches users of the flow's brand only", async () => {
    const { account } = await newCustomer(t);
    google.signInAs({ email: account.email_address, emailVerified: true });
    expect(errorOf(await signIn("json", { identity_service: "google" }, other))).toBe(`No account uses the email address ${account.email_address}.`);
  });

  for (const format of FORMATS) {
    it(`${format}: refuses bad parameters and unconfigured providers`, async () => {
      const base = { identity_service: "google", redirect_uri: REDIRECT, failure_uri: FAILURE, create_if_not_exists: "N" };
      for (const [params, code, parameter] of [
        [{ identity_service: "facebook" }, "INVALID_PARAMETER", "identity_service"],
        [{ identity_service: "Google" }, "INVALID_PARAMETER", "identity_service"],
        [{ redirect_uri: "/relative" }, "INVALID_PARAMETER", "redirect_uri"],
        [{ failure_uri: "" }, "MISSING_PARAMETER", "failure_uri"],
        [{ create_if_not_exists: "maybe" }, "INVALID_PARAMETER", "create_if_not_exists"],
      ] as const) {
        const e = await refused(t, format, "User/OAuthAuthenticate", "POST", { ...base, ...params });
        expect([e.status, e.code, e.parameter], JSON.stringify(params)).toEqual([400, code, parameter]);
      }
      const secret = process.env.OAUTH_GITHUB_CLIENT_SECRET;
      delete process.env.OAUTH_GITHUB_CLIENT_SECRET;
      try {
        const e = await refused(t, format, "User/OAuthAuthenticate", "POST", { ...base, identity_service: "github" });
        expect([e.status, e.code, e.parameter]).toEqual([400, "INVALID_PARAMETER", "identity_service"]);
      } finally {
        process.env.OAUTH_GITHUB_CLIENT_SECRET = secret;
      }
    });
  }
});
