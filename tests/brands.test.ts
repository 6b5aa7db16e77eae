import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { getDb } from "../db/client";
import { brands } from "../db/schema";
import { MAX_BRANDS } from "../lib/brands/create-brand";

const fields = { name: "Acme", description: "Streaming plans", logo_url: "https://cdn.example.com/logo.JPEG" };

const brandRow = async (id: string) => {
  const db = await getDb();
  return (await db.select().from(brands).where(eq(brands.id, id)))[0];
};

let t: Tenant;
let other: Tenant;
beforeAll(async () => {
  [t, other] = await Promise.all([makeTenant(), makeTenant()]);
});

describe("Brand/Create", () => {
  for (const format of ["json", "xml"]) {
    it(`${format}: creates a brand with every optional field`, async () => {
      const params = {
        ...fields,
        website_url: "https://acme.example",
        website_login_url: "https://acme.example/login",
        support_email: "help@acme.example",
        support_link: "https://acme.example/help",
        support_phone: "+1 555 0100",
        terms_url: "https://acme.example/terms",
        privacy_url: "https://acme.example/privacy",
        social_media_site1: "https://social.example/acme",
        social_media_site2: "https://micro.example/acme",
        social_media_site3: "https://video.example/acme",
        social_media_site4: "https://photo.example/acme",
        currency: "EUR",
        legal_name: "Acme Streaming Inc.",
        address: "1 Main Street\nSpringfield, IL 62701",
        country: "US",
        tax_id: "12-3456789",
        invoice_prefix: "ACME",
        retry_days: "1,3,5",
        proration: "prorate",
      };
      const body = await ok(t, format, "Brand/Create", { method: "POST", params });
      expect(body.status).toBe("success");
      const { brand_id, created, updated, status, ...rest } = body.brand;
      expect(rest).toEqual(params);
      expect(status).toBe("active");
      expect(created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect((await brandRow(brand_id)).serviceAccountId).toBe(t.serviceAccountId);
      await ok(t, "json", "Brand/Delete", { method: "DELETE", params: { delete_brand_id: brand_id } });
    });
  }

  it("accepts gif, png, jpg and jpeg logos and refuses anything else", async () => {
    for (const ext of ["gif", "png", "jpg", "jpeg", "PNG"]) {
      const body = await ok(t, "json", "Brand/Create", { method: "POST", params: { ...fields, logo_url: `https://example.com/a.${ext}` } });
      await ok(t, "json", "Brand/Delete", { method: "DELETE", params: { delete_brand_id: body.brand.brand_id } });
    }
    for (const logo of ["https://example.com/a.svg", "https://example.com/png", "ftp://example.com/a.png", "a.png"]) {
      const r = await call("json", "Brand/Create", { method: "POST", creds: t, params: { ...fields, logo_url: logo } });
      expect(r.status, logo).toBe(400);
      expect(r.body.exception.parameter).toBe("logo_url");
    }
  });

  it(`allows ${MAX_BRANDS} live brands per service account and refuses the ${MAX_BRANDS + 1}th with 409`, async () => {
    const s = await makeTenant();
    const made: string[] = [];
    for (let i = 2; i <= MAX_BRANDS; i++) {
      made.push((await ok(s, "json", "Brand/Create", { method: "POST", params: { ...fields, name: `Brand ${i}` } })).brand.brand_id);
    }
    expect((await ok(s, "json", "Brand/List", {})).count).toBe(String(MAX_BRANDS));
    for (const format of ["json", "xml"]) {
      const r = await call(format, "Brand/Create", { method: "POST", creds: s, params: { ...fields, name: "Eleventh" } });
      expect(r.status).toBe(409);
      const code = format === "json" ? r.body.exception.code : r.body.exception["@_code"];
      expect(code).toBe("LIMIT_REACHED");
    }
    expect((await ok(s, "json", "Brand/List", {})).count).toBe(String(MAX_BRANDS));
    // A deleted brand frees its place.
    await ok(s, "json", "Brand/Delete", { method: "DELETE", params: { delete_brand_id: made[0] } });
    await ok(s, "json", "Brand/Create", { method: "POST", params: { ...fields, name: "Replacement" } });
  });

  it("concurrent creates cannot pass the limit", async () => {
    const s = await makeTenant();
    for (let i = 2; i <= MAX_BRANDS - 1; i++) await ok(s, "json", "Brand/Create", { method: "POST", params: fields });
    const results = await Promise.all([1, 2, 3].map(() => call("json", "Brand/Create", { method: "POST", creds: s, params: fields })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await ok(s, "json", "Brand/List", {})).count).toBe(String(MAX_BRANDS));
  });
});

describe("Brand/List", () => {
  it("lists the service account's live brands, filtered by search_brand_id and cut by limit", async () => {
    const s = await makeTenant();
    const second = (await ok(s, "json", "Brand/Create", { method: "POST", params: { ...fields, name: "Second" } })).brand.brand_id;
    const all = await ok(s, "json", "Brand/List", {});
    expect(all.brands.map((b: any) => b.brand_id)).toEqual([s.brand_id, second]);
    const one = await ok(s, "xml", "Brand/List", { params: { search_brand_id: second } });
    expect(one.count).toBe("1");
    expect(one.brands.brand.brand_id).toBe(second);
    const limited = await ok(s, "json", "Brand/List", { params: { limit: "1" } });
    expect(limited).toMatchObject({ count: "1", total: "2" });
    expect((await ok(s, "json", "Brand/List", { params: { search_brand_id: other.brand_id } })).count).toBe("0");
    const zero = await call("json", "Brand/List", { creds: s, params: { limit: "0" } });
    expect(zero.status).toBe(400);
  });
});

// Issue 14 item 10: limit is opt, default all (spec); no upper bound is given.
describe("Brand/List limit", () => {
  for (const format of ["json", "xml"]) {
    it(`${format}: takes any positive limit; above the number of brands it lists them all`, async () => {
      const s = await makeTenant();
      await ok(s, "json", "Brand/Create", { method: "POST", params: { ...fields, name: "Second" } });
      for (const limit of ["11", "300", "2147483647"])
        expect(await ok(s, format, "Brand/List", { params: { limit } })).toMatchObject({ count: "2", total: "2" });
      expect(await ok(s, format, "Brand/List", { params: { limit: "1" } })).toMatchObject({ count: "1", total: "2" });
      for (const limit of ["0", "-1", "ten"]) expect((await call(format, "Brand/List", { creds: s, params: { limit } })).status).toBe(400);
    });
  }
});

describe("Brand/Update", () => {
  it("changes only what is sent, in json and xml, and can update another brand of the account", async () => {
    const s = await makeTenant();
    const second = (await ok(s, "json", "Brand/Create", { method: "POST", params: { ...fields, support_phone: "1" } })).brand.brand_id;
    const j = await ok(s, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: second, name: "Renamed" } });
    expect(j.brand).toMatchObject({ name: "Renamed", description: fields.description, support_phone: "1" });
    const x = await ok(s, "xml", "Brand/Update", { method: "PATCH", params: { update_brand_id: second, support_phone: "" } });
    expect(x.brand.support_phone).toBe("");
    expect(x.brand.name).toBe("Renamed");
  });

  it("another service account's brand is 404 and stays unchanged", async () => {
    const before = await brandRow(other.brand_id);
    const r = await call("json", "Brand/Update", { method: "PATCH", creds: t, params: { update_brand_id: other.brand_id, name: "Hijacked" } });
    expect(r.status).toBe(404);
    expect(r.body.exception).toMatchObject({ code: "NOT_FOUND", parameter: "update_brand_id" });
    expect(await brandRow(other.brand_id)).toEqual(before);
  });
});

describe("Brand/Delete", () => {
  it("is irreversible: the brand disappears, stops authenticating and cannot be deleted again", async () => {
    const s = await makeTenant();
    const second = (await ok(s, "json", "Brand/Create", { method: "POST", params: fields })).brand.brand_id;
    const body = await ok(s, "xml", "Brand/Delete", { method: "DELETE", params: { delete_brand_id: second } });
    expect(body.brand.status).toBe("deleted");
    expect((await brandRow(second)).deletedAt).toBeInstanceOf(Date);
    expect((await call("json", "Brand/List", { creds: { ...s, brand_id: second } })).status).toBe(401);
    expect((await call("json", "Brand/Delete", { method: "DELETE", creds: s, params: { delete_brand_id: second } })).status).toBe(404);
    expect((await call("json", "Brand/Update", { method: "PATCH", creds: s, params: { update_brand_id: second, name: "Back" } })).status).toBe(404);
    expect((await ok(s, "json", "Brand/List", {})).count).toBe("1");
  });

  it("another service account's brand is 404 and stays live", async () => {
    const r = await call("xml", "Brand/Delete", { method: "DELETE", creds: t, params: { delete_brand_id: other.brand_id } });
    expect(r.status).toBe(404);
    expect((await brandRow(other.brand_id)).deletedAt).toBeNull();
  });
});
