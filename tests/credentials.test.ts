import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { getDb } from "../db/client";
import { apiKeys } from "../db/schema";
import { forgetResolvedCredentials } from "../lib/auth/context";

let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  [a, b] = await Promise.all([makeTenant(), makeTenant()]);
});

const status = async (creds: Partial<Tenant>, credsAs: "headers" | "params" = "headers") => (await call("json", "Brand/List", { creds, credsAs })).status;

describe("credentials", () => {
  it("are accepted as headers or as parameters", async () => {
    expect(await status(a, "headers")).toBe(200);
    expect(await status(a, "params")).toBe(200);
  });

  it("headers win over parameters", async () => {
    const r = await call("json", "Brand/List", {
      params: { key: "wrong", user_key: "wrong", brand_id: b.brand_id },
      headers: { "x-api-key": a.key, "x-user-key": a.user_key, "x-brand-id": a.brand_id },
    });
    expect(r.status).toBe(200);
    expect(r.body.brands.map((x: any) => x.brand_id)).toEqual([a.brand_id]);
  });

  it("each one missing, empty or wrong is 401 with the same message", async () => {
    const variants: Partial<Tenant>[] = [
      { user_key: a.user_key, brand_id: a.brand_id },
      { key: a.key, brand_id: a.brand_id },
      { key: a.key, user_key: a.user_key },
      { key: "", user_key: a.user_key, brand_id: a.brand_id },
      { key: `${a.key}x`, user_key: a.user_key, brand_id: a.brand_id },
      { key: a.key, user_key: `${a.user_key}x`, brand_id: a.brand_id },
      { key: a.key, user_key: a.user_key, brand_id: "not-a-uuid" },
      { key: a.key, user_key: a.user_key, brand_id: "01a20364-be82-7642-8c9d-6b63720adb7e" },
    ];
    for (const creds of variants) expect(await status(creds), JSON.stringify(creds)).toBe(401);
  });

  it("a key works only on its own service account's brands", async () => {
    expect(await status({ key: a.key, user_key: a.user_key, brand_id: b.brand_id })).toBe(401);
    expect(await status({ key: a.key, user_key: b.user_key, brand_id: a.brand_id })).toBe(401);
    expect(await status({ key: b.key, user_key: a.user_key, brand_id: a.brand_id })).toBe(401);
  });

  it("keys are stored only as hashes", async () => {
    const db = await getDb();
    const dump = JSON.stringify(await db.execute(sql`select * from api_keys, staff_users`));
    expect(dump).not.toContain(a.key);
    expect(dump).not.toContain(a.user_key);
    expect(a.key.length).toBeGreaterThanOrEqual(40);
  });

  it("a revoked key no longer authenticates", async () => {
    const t = await makeTenant();
    expect(await status(t)).toBe(200);
    const db = await getDb();
    await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.serviceAccountId, t.serviceAccountId));
    // Resolved credentials are cached briefly; whatever revokes a key clears that cache.
    forgetResolvedCredentials();
    expect(await status(t)).toBe(401);
  });

  it("a deleted brand no longer authenticates, in json and xml", async () => {
    const t = await makeTenant();
    const second = (
      await ok(t, "json", "Brand/Create", {
        method: "POST",
        params: { name: "Second", description: "Another", logo_url: "https://example.com/l.jpg" },
      })
    ).brand.brand_id;
    await ok(t, "json", "Brand/Delete", { method: "DELETE", params: { delete_brand_id: t.brand_id } });
    expect(await status(t)).toBe(401);
    const x = await call("xml", "Brand/List", { creds: t });
    expect(x.status).toBe(401);
    expect(x.body.exception["@_code"]).toBe("UNAUTHENTICATED");
    // The other brand of the same account still works.
    expect(await status({ ...t, brand_id: second })).toBe(200);
  });
});

describe("roles", () => {
  it("a USER staff user can read but not create, change or delete brands (403)", async () => {
    const u = await makeTenant("USER");
    expect(await status(u)).toBe(200);
    const create = await call("json", "Brand/Create", {
      method: "POST",
      creds: u,
      params: { name: "X", description: "Y", logo_url: "https://example.com/l.png" },
    });
    expect(create.status).toBe(403);
    expect(create.body.exception.code).toBe("FORBIDDEN");
    const upd = await call("xml", "Brand/Update", { method: "PATCH", creds: u, params: { update_brand_id: u.brand_id, name: "Z" } });
    expect(upd.status).toBe(403);
    const del = await call("json", "Brand/Delete", { method: "DELETE", creds: u, params: { delete_brand_id: u.brand_id } });
    expect(del.status).toBe(403);
    expect(await status(u)).toBe(200);
  });
});
