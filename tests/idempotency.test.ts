import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { call, makeTenant, type Tenant } from "./support/api";
import { getDb } from "../db/client";
import { brands } from "../db/schema";
import { ManualClock, systemClock, useClock } from "../lib/clock";

const fields = { name: "Idem", description: "Once only", logo_url: "https://example.com/l.png" };
let t: Tenant;
beforeAll(async () => {
  t = await makeTenant();
});
afterEach(() => useClock(systemClock));

const brandsOf = async (s: Tenant) => {
  const db = await getDb();
  return (await db.select({ n: count() }).from(brands).where(eq(brands.serviceAccountId, s.serviceAccountId)))[0].n;
};

const create = (s: Tenant, key: string, params = fields, format = "json") =>
  call(format, "Brand/Create", { method: "POST", creds: s, params, headers: { "idempotency-key": key } });

describe("Idempotency-Key", () => {
  it("a repeat returns the first response without doing the work again", async () => {
    const s = await makeTenant();
    const first = await create(s, "k-1");
    const again = await create(s, "k-1");
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await brandsOf(s)).toBe(2);
  });

  it("the same key with other parameters is 409 and writes nothing", async () => {
    const s = await makeTenant();
    await create(s, "k-2");
    const r = await create(s, "k-2", { ...fields, name: "Other" });
    expect(r.status).toBe(409);
    expect(r.body.exception.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await brandsOf(s)).toBe(2);
  });

  it("concurrent repeats do the work once", async () => {
    const s = await makeTenant();
    const results = await Promise.all([1, 2, 3, 4].map(() => create(s, "k-3")));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.brand.brand_id)).size).toBe(1);
    expect(await brandsOf(s)).toBe(2);
  });

  it("keys last 24 hours", async () => {
    const s = await makeTenant();
    const clock = new ManualClock("2026-11-22T10:00:00Z");
    useClock(clock);
    await create(s, "k-4");
    clock.advance({ hours: 23, minutes: 59 });
    expect((await create(s, "k-4")).headers.get("idempotent-replayed")).toBe("true");
    clock.advance({ minutes: 2 });
    const fresh = await create(s, "k-4");
    expect(fresh.headers.get("idempotent-replayed")).toBeNull();
    expect(await brandsOf(s)).toBe(3);
  });

  it("a request that failed keeps no key, so a corrected retry works", async () => {
    const s = await makeTenant();
    const bad = await create(s, "k-5", { ...fields, logo_url: "https://example.com/l.svg" });
    expect(bad.status).toBe(400);
    const good = await create(s, "k-5", fields);
    expect(good.status).toBe(200);
  });

  it("keys are per API key and brand: another tenant's same key is independent", async () => {
    const s = await makeTenant();
    await create(s, "shared-key");
    const r = await create(t, "shared-key", { ...fields, name: "Mine" });
    expect(r.status).toBe(200);
    expect(r.body.brand.name).toBe("Mine");
  });
});
