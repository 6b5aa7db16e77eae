/**
 * A parameter name outside Latin-1 (or with control characters) used to make the X-Ignored-Parameters
 * header throw after the record was committed: an empty 500, so a client's retries made more records.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { call, makeTenant, type Tenant } from "./support/api";
import { getDb } from "../db/client";
import { brands } from "../db/schema";

let t: Tenant;
beforeAll(async () => {
  t = await makeTenant();
});

const brandCount = async () => {
  const db = await getDb();
  const [{ n }] = await db.select({ n: count() }).from(brands).where(eq(brands.serviceAccountId, t.serviceAccountId));
  return n;
};

const create = { name: "Acme", description: "Plans", logo_url: "https://example.com/logo.png" };

describe("unknown parameters whose names are not Latin-1", () => {
  it("a create answers 200 with a usable X-Ignored-Parameters header, and exactly one record is made", async () => {
    const before = await brandCount();
    for (const format of ["json", "xml"]) {
      const r = await call(format, "Brand/Create", { method: "POST", creds: t, params: { ...create, 名前: "x", "🎉": "y", "a,b%c d": "z" } });
      expect(r.status, r.text).toBe(200);
      const header = r.headers.get("x-ignored-parameters")!;
      // Visible ASCII only; each name percent-encoded where it had to be, commas left as separators.
      expect(header).toMatch(/^[\x21-\x7e]+$/);
      expect(header.split(",").map(decodeURIComponent)).toEqual(["名前", "🎉", "a,b%c d"]);
    }
    expect(await brandCount()).toBe(before + 2); // one each, not one per retry of an empty 500
  });

  it("also on a refusal and on a read", async () => {
    const refused = await call("json", "Brand/Create", { method: "POST", creds: t, params: { 名前: "x" } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("x-ignored-parameters")).toBe("%E5%90%8D%E5%89%8D");
    const read = await call("xml", "Brand/List", { creds: t, params: { "\u0001ctl": "x" } });
    expect(read.status).toBe(200);
    expect(read.headers.get("x-ignored-parameters")).toBe("%01ctl");
  });
});
