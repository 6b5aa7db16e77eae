import { afterAll, describe, expect, it } from "vitest";
import { call, makeTenant } from "./support/api";
import { rateLimiter, TokenBucketLimiter } from "../lib/api/rate-limit";
import { config } from "../lib/config";

describe("token bucket", () => {
  it("allows the burst, then refills at the configured rate", () => {
    let now = 0;
    const limiter = new TokenBucketLimiter(2, 3, () => now);
    expect([limiter.take("k"), limiter.take("k"), limiter.take("k")]).toEqual([0, 0, 0]);
    expect(limiter.take("k")).toBeCloseTo(0.5);
    now += 500;
    expect(limiter.take("k")).toBe(0);
    expect(limiter.take("other")).toBe(0);
  });
});

describe("throttling per API key", () => {
  afterAll(() => rateLimiter.configure(config.rateLimit.perSecond, config.rateLimit.burst));

  it("answers 429 with Retry-After past the limit, per key", async () => {
    const [a, b] = await Promise.all([makeTenant(), makeTenant()]);
    rateLimiter.configure(0.5, 3);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call("json", "Brand/List", { creds: a })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const r = await call("xml", "Brand/List", { creds: a });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(r.body.exception["@_code"]).toBe("RATE_LIMITED");
    expect((await call("json", "Brand/List", { creds: b })).status).toBe(200);
  });
});
