/**
 * Throttles count in one store shared by every instance (lib/rate-limit/throttle.ts): PostgreSQL's
 * rate_limits table, or Redis when REDIS_URL is set. Two instances are two store clients here: a
 * budget spent through one is spent for the other.
 */
import { afterAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { call, makeTenant } from "./support/api";
import { apiKeyBudget, rateLimiter } from "../lib/api/rate-limit";
import { openThrottleStore, sharedThrottleStore, Throttle, type ThrottleStore } from "../lib/rate-limit/throttle";
import { getDb, openDatabase } from "../db/client";

const REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** A second instance's own connection to the same PostgreSQL database. */
async function secondPostgres(): Promise<ThrottleStore> {
  const other = await openDatabase({ url: process.env.DATABASE_URL });
  closers.push(() => other.close());
  return { kind: "postgres", db: other.db };
}
function redisClient(): ThrottleStore {
  const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  closers.push(() => client.quit());
  return { kind: "redis", client };
}

const budget = { points: 3, seconds: 60 };
/** The same throttle (name and budget) in two instances, each with its own store client. */
function twoInstances(first: () => Promise<ThrottleStore>, second: () => Promise<ThrottleStore>, of = budget) {
  const name = `test-${randomBytes(4).toString("hex")}`;
  return [new Throttle(name, () => of, first), new Throttle(name, () => of, second)];
}

describe("a throttle's budget, shared by every instance", () => {
  it("is Redis when REDIS_URL is set, else PostgreSQL when DATABASE_URL is (as here), else process memory", async () => {
    expect((await sharedThrottleStore()).kind).toBe("postgres");
    const url = process.env.DATABASE_URL;
    try {
      process.env.REDIS_URL = REDIS_URL;
      const redis = await openThrottleStore();
      expect(redis.kind).toBe("redis");
      if (redis.kind === "redis") await redis.client.quit();
      delete process.env.REDIS_URL;
      process.env.DATABASE_URL = "";
      expect((await openThrottleStore()).kind).toBe("memory");
    } finally {
      delete process.env.REDIS_URL;
      process.env.DATABASE_URL = url;
    }
  });

  for (const [store, first, second] of [
    ["PostgreSQL", async () => ({ kind: "postgres", db: await getDb() }) as ThrottleStore, secondPostgres],
    ["Redis", async () => redisClient(), async () => redisClient()],
  ] as const) {
    it(`${store}: a key's budget holds in total across two instances, and each key has its own`, async () => {
      const [a, b] = twoInstances(first, second);
      const waits = [await a.take("k"), await b.take("k"), await a.take("k"), await b.take("k"), await a.take("k")];
      expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
      expect(waits[3]).toBeGreaterThan(0);
      expect(waits[3]).toBeLessThanOrEqual(60);
      expect(waits[4]).toBeGreaterThan(0);
      expect(await b.peek("k")).toBeGreaterThan(0);
      expect(await a.peek("other")).toBe(0);
      expect(await b.take("other")).toBe(0);
    });

    it(`${store}: when the window ends the budget is whole again, on either instance, and spent again in the new window`, async () => {
      const [a, b] = twoInstances(first, second, { points: 2, seconds: 1 });
      expect([await a.take("k"), await b.take("k")]).toEqual([0, 0]);
      const wait = await a.take("k");
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(1);
      await new Promise((r) => setTimeout(r, wait * 1000 + 150));
      expect([await b.take("k"), await a.take("k")]).toEqual([0, 0]);
      expect(await b.take("k")).toBeGreaterThan(0);
    });

    it(`${store}: requests in flight together on both instances are allowed the budget once`, async () => {
      const [a, b] = twoInstances(first, second);
      const waits = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).take("k")));
      expect(waits.filter((w) => w === 0)).toHaveLength(budget.points);
    });
  }

  it("process memory (the embedded database's one process) counts per instance: the reason for a shared store", async () => {
    const memory = async () => ({ kind: "memory" }) as ThrottleStore;
    const [a, b] = twoInstances(memory, memory);
    for (let i = 0; i < 3; i++) expect(await a.take("k")).toBe(0);
    expect(await a.take("k")).toBeGreaterThan(0);
    expect(await b.take("k")).toBe(0);
  });
});

describe("throttling per API key", () => {
  afterAll(() => rateLimiter.configure(apiKeyBudget()));

  it("answers 429 with Retry-After past the limit, per key", async () => {
    const [a, b] = await Promise.all([makeTenant(), makeTenant()]);
    rateLimiter.configure({ points: 3, seconds: 6 });
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
