/**
 * Failed authentications are throttled per client address (6,000 wrong keys in 10 s used to answer
 * 6,000 401s): past the budget, failures answer 429 with Retry-After. Only failures count and only
 * failures are refused: valid credentials from the same address (a NAT, a proxy) keep working.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, errorOf, makeTenant, type Tenant } from "./support/api";
import { authFailureLimiter } from "../lib/api/rate-limit";
import { clientAddress } from "../lib/api/client-address";
import { config } from "../lib/config";

let t: Tenant;
beforeAll(async () => {
  t = await makeTenant();
});
afterEach(() => {
  delete process.env.TRUST_PROXY;
});
afterAll(() => {
  authFailureLimiter.configure({ points: config.authFailuresPerMinute, seconds: 60 });
});

const from = (forwardedFor: string) => ({ "x-forwarded-for": forwardedFor });
const wrong = { ...({} as Tenant), key: "rbk_wrong", user_key: "rbu_wrong", brand_id: "0190f0f0-0000-7000-8000-000000000000" };

describe("failed authentication per client address", () => {
  it("answers 401 up to the budget, then 429 RATE_LIMITED with Retry-After in the requested format, per address", async () => {
    authFailureLimiter.configure({ points: 3, seconds: 60 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call("json", "Brand/List", { creds: wrong, headers: from("203.0.113.7") })).status);
    expect(statuses).toEqual([401, 401, 401]);

    const json = await call("json", "Brand/List", { creds: wrong, headers: from("203.0.113.7") });
    expect(json.status).toBe(429);
    expect(errorOf(json).code).toBe("RATE_LIMITED");
    expect(Number(json.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const xml = await call("xml", "Brand/Create", { method: "POST", creds: wrong, headers: from("203.0.113.7"), params: { name: "x" } });
    expect(xml.status).toBe(429);
    expect(errorOf(xml).code).toBe("RATE_LIMITED");
    // Valid credentials from the blocked address are judged by their own budget: a client behind the
    // same NAT as someone guessing is not locked out. Failures from there are still refused.
    for (let i = 0; i < 3; i++) expect((await call("json", "Brand/List", { creds: t, headers: from("203.0.113.7") })).status).toBe(200);
    expect((await call("json", "Brand/List", { creds: wrong, headers: from("203.0.113.7") })).status).toBe(429);

    // Another address, and a client whose credentials work, are not affected.
    expect((await call("json", "Brand/List", { creds: wrong, headers: from("198.51.100.2") })).status).toBe(401);
    expect((await call("json", "Brand/List", { creds: t, headers: from("198.51.100.3") })).status).toBe(200);
  });

  it("successes never spend the budget", async () => {
    authFailureLimiter.configure({ points: 1, seconds: 60 });
    for (let i = 0; i < 5; i++) expect((await call("json", "Brand/List", { creds: t, headers: from("192.0.2.50") })).status).toBe(200);
    expect((await call("json", "Brand/List", { creds: wrong, headers: from("192.0.2.50") })).status).toBe(401);
    expect((await call("json", "Brand/List", { creds: wrong, headers: from("192.0.2.50") })).status).toBe(429);
  });

  it("the address: the last X-Forwarded-For entry (the peer scripts/serve.js appends); with TRUST_PROXY the one before it", () => {
    const req = (xff?: string) => new Request("http://x/", { headers: xff ? from(xff) : {} });
    expect(clientAddress(req("203.0.113.7"))).toBe("203.0.113.7");
    expect(clientAddress(req("10.9.9.9, 203.0.113.7"))).toBe("203.0.113.7");
    expect(clientAddress(req())).toBe("unknown");
    process.env.TRUST_PROXY = "1";
    // A proxy that replaces the header, then our server's peer (the proxy).
    expect(clientAddress(req("203.0.113.7, 10.0.0.1"))).toBe("203.0.113.7");
    // A proxy that appends: what the client wrote first is not believed.
    expect(clientAddress(req("198.51.100.66, 203.0.113.7, 10.0.0.1"))).toBe("203.0.113.7");
    expect(clientAddress(req("10.0.0.1"))).toBe("10.0.0.1");
  });
});
