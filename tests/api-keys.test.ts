/**
 * API keys, user keys and the brand's signing secret (issue 19, item 5): a key is shown once and
 * works at once, its last use is kept (written at most once a minute), a revoked key is refused at
 * once, also by another process holding it in its cache, a USER is refused, another account's key
 * is not found; a rotated signing secret keeps signing beside the new one for its overlap, by the
 * brand's clock, and not after.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createServer, type Server } from "node:http";
import { createInterface, type Interface } from "node:readline";
import { eq, sql } from "drizzle-orm";
import { getDb, type Db } from "../db/client";
import { apiKeys, brands, staffUsers } from "../db/schema";
import { contextFromStaffSession, systemContext, allBrandsContext } from "../lib/auth/context";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { staffActions } from "../lib/dashboard/actions";
import { hashSecret, newId, newSecret } from "../lib/ids";
import { listApiKeys } from "../lib/keys/api-keys";
import { signingSecretStatus } from "../lib/keys/signing-secret";
import { ownUserKey } from "../lib/keys/user-key";
import { deliverDue } from "../lib/outbox/deliver";
import { emit } from "../lib/outbox/emit";
import { sinkFor } from "../lib/jobs/sinks";
import { SIGNATURE_HEADER, openSigningSecret, sealBrandSecrets, signingSecrets, verifySignature } from "../lib/webhooks/post";
import { call, makeTenant, type Tenant } from "./support/api";

let db: Db;
let a: Tenant;
let b: Tenant;
let userOfA: { staffUserId: string };
beforeAll(async () => {
  db = await getDb();
  [a, b] = await Promise.all([makeTenant(), makeTenant()]);
  const id = newId();
  await db.insert(staffUsers).values({
    id,
    serviceAccountId: a.serviceAccountId,
    email: `user-${id}@example.com`,
    name: "USER level",
    accessLevel: "USER",
    userKeyHash: hashSecret(newSecret("rbu")),
    userKeyPrefix: "rbu_xxxx",
  });
  userOfA = { staffUserId: id };
});
afterEach(() => useClock(systemClock));

const adminOf = (t: Tenant) => ({ staffUserId: t.staffUserId });
const status = async (creds: { key: string; user_key: string; brand_id: string }) => (await call("json", "Brand/List", { creds })).status;

/** The brand's current signing secret, opened (it is sealed at rest). */
async function storedSecret(brandId: string) {
  const [brand] = await db.select().from(brands).where(eq(brands.id, brandId));
  return openSigningSecret(brand.id, brand.webhookSecret);
}

async function createKey(t: Tenant, name = "Integration") {
  const r = await staffActions.apiKeyCreate.run(adminOf(t), t.brand_id, { name });
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

describe("API keys", () => {
  it("a created key works at once; the key is answered once and stored only as its hash", async () => {
    const made = await createKey(a, "Billing sync");
    expect(made.key).toMatch(/^rbk_/);
    expect(made).toMatchObject({ name: "Billing sync", status: "active", last_used: null, prefix: made.key.slice(0, 12) });
    expect(await status({ key: made.key, user_key: a.user_key, brand_id: a.brand_id })).toBe(200);
    const ctx = await contextFromStaffSession(db, { staffUserId: a.staffUserId, brandId: a.brand_id });
    const listed = await listApiKeys(ctx);
    expect(listed.find((k) => k.api_key_id === made.api_key_id)).toMatchObject({ name: "Billing sync", status: "active" });
    expect(JSON.stringify(listed)).not.toContain(made.key);
    expect(JSON.stringify(await db.select().from(apiKeys))).not.toContain(made.key);
  });

  it("last used is written on use, at most once a minute", async () => {
    const clock = new ManualClock("2031-03-01T10:00:00Z");
    useClock(clock);
    const made = await createKey(a);
    const creds = { key: made.key, user_key: a.user_key, brand_id: a.brand_id };
    const lastUsed = async () => (await db.select().from(apiKeys).where(eq(apiKeys.id, made.api_key_id)))[0].lastUsedAt?.toISOString();
    const userLastUsed = async () => (await db.select().from(staffUsers).where(eq(staffUsers.id, a.staffUserId)))[0].userKeyLastUsedAt?.toISOString();
    expect(await lastUsed()).toBeUndefined();
    expect(await status(creds)).toBe(200);
    expect(await lastUsed()).toBe("2031-03-01T10:00:00.000Z");
    expect(await userLastUsed()).toBe("2031-03-01T10:00:00.000Z");
    clock.advance({ seconds: 30 });
    expect(await status(creds)).toBe(200);
    expect(await lastUsed()).toBe("2031-03-01T10:00:00.000Z");
    clock.advance({ seconds: 31 });
    expect(await status(creds)).toBe(200);
    expect(await lastUsed()).toBe("2031-03-01T10:01:01.000Z");
    const ctx = await contextFromStaffSession(db, { staffUserId: a.staffUserId, brandId: a.brand_id });
    expect((await listApiKeys(ctx)).find((k) => k.api_key_id === made.api_key_id)?.last_used).toBe("2031-03-01T10:01:01.000Z");
    expect((await ownUserKey(ctx)).last_used).toBe("2031-03-01T10:01:01.000Z");
  });

  it("a revoked key is refused from the next request on; revoking again changes nothing", async () => {
    const made = await createKey(a);
    const creds = { key: made.key, user_key: a.user_key, brand_id: a.brand_id };
    expect(await status(creds)).toBe(200);
    expect(await status(creds)).toBe(200); // now held in the credentials cache
    const r = await staffActions.apiKeyRevoke.run(adminOf(a), a.brand_id, { api_key_id: made.api_key_id });
    expect(r).toMatchObject({ ok: true, data: { status: "revoked" } });
    expect(await status(creds)).toBe(401);
    const again = await staffActions.apiKeyRevoke.run(adminOf(a), a.brand_id, { api_key_id: made.api_key_id });
    expect(again).toMatchObject({ ok: true, data: { status: "revoked", revoked: r.ok ? r.data.revoked : "" } });
    // Other keys of the account keep working.
    expect(await status(a)).toBe(200);
  });

  it("a USER staff user is refused every key and secret action by the server, nothing changed", async () => {
    const made = await createKey(a);
    const before = JSON.stringify(await db.select().from(apiKeys).where(eq(apiKeys.serviceAccountId, a.serviceAccountId)));
    const brandBefore = JSON.stringify(await db.select().from(brands).where(eq(brands.id, a.brand_id)));
    for (const [name, input] of [
      ["apiKeyCreate", { name: "By a USER" }],
      ["apiKeyRevoke", { api_key_id: made.api_key_id }],
      ["signingSecretRotate", {}],
    ] as const) {
      const r = await staffActions[name].run(userOfA, a.brand_id, input);
      expect(r, name).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    }
    const userCtx = await contextFromStaffSession(db, { staffUserId: userOfA.staffUserId, brandId: a.brand_id });
    await expect(listApiKeys(userCtx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(signingSecretStatus(userCtx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(JSON.stringify(await db.select().from(apiKeys).where(eq(apiKeys.serviceAccountId, a.serviceAccountId)))).toBe(before);
    expect(JSON.stringify(await db.select().from(brands).where(eq(brands.id, a.brand_id)))).toBe(brandBefore);
  });

  it("another account's key: not listed, not revocable (NOT_FOUND), and no use on this account's brands", async () => {
    const theirs = await createKey(b);
    const ctx = await contextFromStaffSession(db, { staffUserId: a.staffUserId, brandId: a.brand_id });
    expect((await listApiKeys(ctx)).map((k) => k.api_key_id)).not.toContain(theirs.api_key_id);
    const r = await staffActions.apiKeyRevoke.run(adminOf(a), a.brand_id, { api_key_id: theirs.api_key_id });
    expect(r).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
    expect(await status({ key: theirs.key, user_key: b.user_key, brand_id: b.brand_id })).toBe(200);
    expect(await status({ key: theirs.key, user_key: a.user_key, brand_id: a.brand_id })).toBe(401);
    // A's session cannot pick B's brand either.
    const other = await staffActions.apiKeyCreate.run(adminOf(a), b.brand_id, { name: "Sneaky" });
    expect(other).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
  });
});

describe("user keys", () => {
  it("a staff user (USER too) rotates their own user_key: the old one is refused at once, the new one works", async () => {
    const t = await makeTenant("USER");
    expect(await status(t)).toBe(200);
    const r = await staffActions.userKeyRotate.run(adminOf(t), t.brand_id, {});
    if (!r.ok) throw new Error(r.error.message);
    expect(r.data.user_key).toMatch(/^rbu_/);
    expect(await status(t)).toBe(401);
    expect(await status({ ...t, user_key: r.data.user_key })).toBe(200);
    const ctx = await contextFromStaffSession(db, { staffUserId: t.staffUserId, brandId: t.brand_id });
    const mine = await ownUserKey(ctx);
    expect(mine.prefix).toBe(r.data.user_key.slice(0, 12));
    expect(JSON.stringify(mine)).not.toContain(r.data.user_key);
  });
});

describe("credentials changed by any process", () => {
  let child: ChildProcessWithoutNullStreams;
  let answers: Interface;
  const pending: ((line: string) => void)[] = [];
  beforeAll(async () => {
    // A 10-minute cache: only the database's notification can make the probe refuse a key it holds.
    child = spawn(process.execPath, ["--import", "tsx", "tests/support/credential-probe.ts"], {
      env: { ...process.env, AUTH_CACHE_MS: "600000" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    child.stderr.on("data", (d) => process.stderr.write(d));
    answers = createInterface({ input: child.stdout });
    answers.on("line", (line) => pending.shift()?.(line));
    await new Promise<void>((resolve) => pending.push(() => resolve()));
  });
  afterAll(() => {
    answers?.close();
    child?.kill();
  });
  const probe = (creds: Tenant | { key: string; user_key: string; brand_id: string }) =>
    new Promise<string>((resolve) => {
      pending.push(resolve);
      child.stdin.write(`${JSON.stringify({ key: creds.key, user_key: creds.user_key, brand_id: creds.brand_id })}\n`);
    });
  /** Asks the probe until it answers `want`, for at most 10 s (generous: a notification takes milliseconds). */
  async function probeUntil(creds: Parameters<typeof probe>[0], want: string) {
    let last = "";
    for (let i = 0; i < 200; i++) {
      last = await probe(creds);
      if (last === want) return last;
      await new Promise((r) => setTimeout(r, 50));
    }
    return last;
  }

  it("the other process holds resolved keys in its cache: a change that notifies nobody goes unseen there", async () => {
    const made = await createKey(a, "Cached elsewhere");
    const creds = { key: made.key, user_key: a.user_key, brand_id: a.brand_id };
    // Its listener starts with its first lookup; once live, lookups are cached.
    expect(await probe(creds)).toBe("ok");
    await new Promise((r) => setTimeout(r, 500));
    expect(await probe(creds)).toBe("ok");
    await db.execute(sql`alter table api_keys disable trigger api_keys_credentials_changed`);
    try {
      await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, made.api_key_id));
      expect(await probe(creds)).toBe("ok");
    } finally {
      await db.execute(sql`alter table api_keys enable trigger api_keys_credentials_changed`);
    }
  });

  it("a key revoked through this process is refused at once by the other, whose cache held it", async () => {
    const made = await createKey(a, "Two processes");
    const creds = { key: made.key, user_key: a.user_key, brand_id: a.brand_id };
    expect(await probe(creds)).toBe("ok");
    expect(await probe(creds)).toBe("ok");
    expect(await status(creds)).toBe(200);
    expect(await status(creds)).toBe(200);
    const r = await staffActions.apiKeyRevoke.run(adminOf(a), a.brand_id, { api_key_id: made.api_key_id });
    expect(r.ok).toBe(true);
    expect(await status(creds)).toBe(401);
    expect(await probeUntil(creds, "UNAUTHENTICATED")).toBe("UNAUTHENTICATED");
  });

  it("a rotated user_key and a deleted brand are refused by the other process too", async () => {
    const t = await makeTenant();
    expect(await probe(t)).toBe("ok");
    expect(await probe(t)).toBe("ok");
    const r = await staffActions.userKeyRotate.run(adminOf(t), t.brand_id, {});
    if (!r.ok) throw new Error(r.error.message);
    expect(await probeUntil(t, "UNAUTHENTICATED")).toBe("UNAUTHENTICATED");
    const fresh = { ...t, user_key: r.data.user_key };
    expect(await probe(fresh)).toBe("ok");
    await db.update(brands).set({ deletedAt: new Date() }).where(eq(brands.id, t.brand_id));
    expect(await probeUntil(fresh, "UNAUTHENTICATED")).toBe("UNAUTHENTICATED");
  });
});

describe("the brand's signing secret", () => {
  let server: Server;
  let url = "";
  const received: { header: string; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (d) => (body += d));
      req.on("end", () => {
        received.push({ header: String(req.headers[SIGNATURE_HEADER.toLowerCase()]), body });
        res.end("ok");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  /** Sends one post for the brand and answers what the receiver got, and when (the real time: deliveries run on it). */
  async function post(brandId: string) {
    const [brand] = await db.select().from(brands).where(eq(brands.id, brandId));
    const marker = newId();
    await emit(systemContext(db, brand), { type: "post/dunning", payload: { url, fields: [["invoice_id", marker]] } });
    const at = new Date();
    await deliverDue({ ctx: allBrandsContext(db, { now: () => at }), input: { sinkFor } });
    const got = received.filter((r) => r.body.includes(marker));
    expect(got).toHaveLength(1);
    return { ...got[0], at };
  }

  it("both secrets verify during the overlap, by the brand's clock; only the new one after it", async () => {
    const t = await makeTenant();
    // A sandbox brand: its clock is its test clock, far from the real time.
    await db
      .update(brands)
      .set({ sandbox: true, testClockAt: new Date("2030-01-01T00:00:00Z") })
      .where(eq(brands.id, t.brand_id));
    const old = await storedSecret(t.brand_id);
    const r = await staffActions.signingSecretRotate.run(adminOf(t), t.brand_id, { overlap_hours: "24" });
    if (!r.ok) throw new Error(r.error.message);
    const fresh = r.data.webhook_secret;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(old);
    expect(r.data.previous_valid_until).toBe("2030-01-02T00:00:00.000Z");

    // Delivered at the real time, years before the brand's clock, which alone decides the overlap.
    let got = await post(t.brand_id);
    let realNow = got.at;
    expect(got.header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifySignature(fresh, got.header, got.body, realNow)).toBe(true);
    expect(verifySignature(old, got.header, got.body, realNow)).toBe(true);
    expect(verifySignature("whsec_other", got.header, got.body, realNow)).toBe(false);

    // 23 hours on the brand's clock: still both.
    await db
      .update(brands)
      .set({ testClockAt: new Date("2030-01-01T23:00:00Z") })
      .where(eq(brands.id, t.brand_id));
    got = await post(t.brand_id);
    realNow = got.at;
    expect(verifySignature(old, got.header, got.body, realNow)).toBe(true);

    // Past the overlap on the brand's clock (the real time has not moved): the old secret is refused.
    await db
      .update(brands)
      .set({ testClockAt: new Date("2030-01-02T00:00:01Z") })
      .where(eq(brands.id, t.brand_id));
    got = await post(t.brand_id);
    realNow = got.at;
    expect(got.header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(fresh, got.header, got.body, realNow)).toBe(true);
    expect(verifySignature(old, got.header, got.body, realNow)).toBe(false);
    const ctx = await contextFromStaffSession(db, { staffUserId: t.staffUserId, brandId: t.brand_id });
    expect(await signingSecretStatus(ctx)).toEqual({ prefix: fresh.slice(0, 12), previous_prefix: null, previous_valid_until: null });
  });

  it("an overlap of 0 hours ends the old secret at once; a stale timestamp is refused", async () => {
    const t = await makeTenant();
    const old = await storedSecret(t.brand_id);
    const r = await staffActions.signingSecretRotate.run(adminOf(t), t.brand_id, { overlap_hours: "0" });
    if (!r.ok) throw new Error(r.error.message);
    const got = await post(t.brand_id);
    const realNow = got.at;
    expect(verifySignature(r.data.webhook_secret, got.header, got.body, realNow)).toBe(true);
    expect(verifySignature(old, got.header, got.body, realNow)).toBe(false);
    expect(verifySignature(r.data.webhook_secret, got.header, got.body, new Date(realNow.getTime() + 3_600_000))).toBe(false);
    const tooLong = await staffActions.signingSecretRotate.run(adminOf(t), t.brand_id, { overlap_hours: "169" });
    expect(tooLong).toMatchObject({ ok: false, error: { code: "INVALID_PARAMETER", parameter: "overlap_hours" } });
  });

  it("an Idempotency-Key repeat made before a rotation still replays after it", async () => {
    const t = await makeTenant();
    const params = { name: "Replayed", description: "Made once", logo_url: "https://example.com/l.png" };
    const headers = { "idempotency-key": `k-${newId()}` };
    const first = await call("json", "Brand/Create", { method: "POST", creds: t, params, headers });
    expect(first.status).toBe(200);
    const r = await staffActions.signingSecretRotate.run(adminOf(t), t.brand_id, {});
    expect(r.ok).toBe(true);
    const repeat = await call("json", "Brand/Create", { method: "POST", creds: t, params, headers });
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get("idempotent-replayed")).toBe("true");
    expect(repeat.body.brand.brand_id).toBe(first.body.brand.brand_id);
  });
});

describe("signing secrets at rest (issue 28 item 5)", () => {
  it("are sealed like gateway credentials, bound to their brand; a rotation keeps both sealed; rows stored in clear are sealed once", async () => {
    const t = await makeTenant();
    const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    expect(brand.webhookSecret).toMatch(/^v1:/);
    const secret = openSigningSecret(brand.id, brand.webhookSecret);
    expect(secret).toMatch(/^whsec_/);
    expect(brand.webhookSecret).not.toContain(secret);
    // Copied onto another brand, it does not open.
    const other = await makeTenant();
    expect(() => openSigningSecret(other.brand_id, brand.webhookSecret)).toThrow();
    const r = await staffActions.signingSecretRotate.run(adminOf(t), t.brand_id, { overlap_hours: "24" });
    if (!r.ok) throw new Error(r.error.message);
    const [rotated] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    expect(rotated.webhookSecret).toMatch(/^v1:/);
    expect(rotated.previousWebhookSecret).toBe(brand.webhookSecret);
    expect(signingSecrets(rotated, new Date())).toEqual([r.data.webhook_secret, secret]);
    expect(await signingSecretStatus(await contextFromStaffSession(db, { staffUserId: t.staffUserId, brandId: t.brand_id }))).toMatchObject({
      prefix: r.data.webhook_secret.slice(0, 12),
      previous_prefix: secret.slice(0, 12),
    });

    // A brand stored before sealing (clear secrets) is sealed by the sweep, once, and signs with the same secrets.
    const legacy = await makeTenant();
    await db
      .update(brands)
      .set({
        webhookSecret: "whsec_clear_current",
        previousWebhookSecret: "whsec_clear_previous",
        previousWebhookSecretUntil: new Date(Date.now() + 3_600_000),
      })
      .where(eq(brands.id, legacy.brand_id));
    expect(await sealBrandSecrets(db)).toBeGreaterThanOrEqual(1);
    const [sealed] = await db.select().from(brands).where(eq(brands.id, legacy.brand_id));
    expect(sealed.webhookSecret).toMatch(/^v1:/);
    expect(sealed.previousWebhookSecret).toMatch(/^v1:/);
    expect(JSON.stringify(sealed)).not.toContain("whsec_clear");
    expect(signingSecrets(sealed, new Date())).toEqual(["whsec_clear_current", "whsec_clear_previous"]);
    await sealBrandSecrets(db);
    const [again] = await db.select().from(brands).where(eq(brands.id, legacy.brand_id));
    expect(again.webhookSecret).toBe(sealed.webhookSecret);
  });
});
