import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { count, eq } from "drizzle-orm";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { createDispatcher } from "../lib/api/dispatch";
import { defineEndpoint } from "../lib/api/endpoint";
import { getDb } from "../db/client";
import { brands } from "../db/schema";

let t: Tenant;
beforeAll(async () => {
  t = await makeTenant();
});

const brandCount = async (serviceAccountId: string) => {
  const db = await getDb();
  const [{ n }] = await db.select({ n: count() }).from(brands).where(eq(brands.serviceAccountId, serviceAccountId));
  return n;
};

const create = { name: "Acme", description: "Plans", logo_url: "https://example.com/logo.png" };

describe("success envelopes", () => {
  it("json: status and the record's namespace, every value a string", async () => {
    const body = await ok(t, "json", "Brand/List", {});
    expect(body.status).toBe("success");
    expect(body.count).toBe("1");
    expect(body.total).toBe("1");
    expect(body.brands[0].brand_id).toBe(t.brand_id);
    for (const v of Object.values(body.brands[0])) expect(typeof v).toBe("string");
  });

  it("xml: <response> with status, count, total, plural element and singular children", async () => {
    const r = await call("xml", "Brand/List", { creds: t });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("application/xml");
    expect(r.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(r.text).toMatch(/<response><status>success<\/status><count>1<\/count><total>1<\/total><brands><brand><brand_id>/);
    expect(r.body.brands.brand.brand_id).toBe(t.brand_id);
  });

  it("xml escapes markup in values and json keeps it verbatim", async () => {
    const tricky = `Tom & Jerry's <b>"best"</b> plans`;
    const r = await call("xml", "Brand/Create", { method: "POST", creds: t, params: { ...create, description: tricky } });
    expect(r.status).toBe(200);
    expect(r.text).toContain("Tom &amp; Jerry");
    expect(r.text).not.toContain("<b>");
    expect(r.body.brand.description).toBe(tricky);
    const id = r.body.brand.brand_id;
    const j = await ok(t, "json", "Brand/List", { params: { search_brand_id: id } });
    expect(j.brands[0].description).toBe(tricky);
    await ok(t, "json", "Brand/Delete", { method: "DELETE", params: { delete_brand_id: id } });
  });
});

describe("error envelopes", () => {
  it("json: status error with code, parameter and message", async () => {
    const r = await call("json", "Brand/Create", { method: "POST", creds: t, params: { ...create, logo_url: "https://example.com/logo.svg" } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      status: "error",
      exception: { code: "INVALID_PARAMETER", parameter: "logo_url", message: "logo_url must be the address of a gif, png, jpg, jpeg image" },
    });
  });

  it("xml: <exception code parameter>message</exception>", async () => {
    const r = await call("xml", "Brand/Create", { method: "POST", creds: t, params: { ...create, name: "" } });
    expect(r.status).toBe(400);
    expect(r.text).toContain('<exception code="MISSING_PARAMETER" parameter="name">name is required</exception>');
  });

  it("unknown format is 404 with a JSON body", async () => {
    const r = await call("yaml", "Brand/List", { creds: t });
    expect(r.status).toBe(404);
    expect(r.body.exception.code).toBe("NOT_FOUND");
  });

  it("unknown Resource/Action is 404 in the requested format", async () => {
    const r = await call("xml", "Brand/Explode", { creds: t });
    expect(r.status).toBe(404);
    expect(r.body.exception["@_code"]).toBe("NOT_FOUND");
    expect((await call("json", "Nothing/List", { creds: t })).status).toBe(404);
  });

  it("every response carries a request id", async () => {
    const a = await call("json", "Brand/List", { creds: t });
    const b = await call("json", "Brand/List", {});
    expect(a.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers.get("x-request-id")).not.toBe(a.headers.get("x-request-id"));
  });

  it("a 500 shows neither stack, SQL nor secret, and carries the logged request id", async () => {
    const boom = createDispatcher([
      defineEndpoint({
        resource: "Test",
        action: "Boom",
        method: "GET",
        summary: "fails",
        params: z.object({}),
        returns: "test",
        handler: async () => {
          throw new Error(`select * from api_keys where key_hash = '${t.key}'`);
        },
      }),
    ]);
    const headers = { "x-api-key": t.key, "x-user-key": t.user_key, "x-brand-id": t.brand_id };
    const res = await boom(new Request("http://x/api/json/Test/Boom", { headers }), { format: "json", resource: "Test", action: "Boom" });
    const body = await res.text();
    expect(res.status).toBe(500);
    expect(body).not.toMatch(/select|api_keys|at .*\.ts|rbk_/);
    expect(JSON.parse(body).exception.code).toBe("INTERNAL");
    expect(body).toContain(res.headers.get("x-request-id")!);
  });
});

describe("parameters", () => {
  const sources = ["form", "json", "multipart", "query"] as const;
  for (const bodyAs of sources) {
    it(`are read from ${bodyAs}`, async () => {
      const body = await ok(t, "json", "Brand/Create", { method: "POST", bodyAs, params: { ...create, name: `From ${bodyAs}` } });
      expect(body.brand.name).toBe(`From ${bodyAs}`);
      await ok(t, "json", "Brand/Delete", { method: "DELETE", params: { delete_brand_id: body.brand.brand_id } });
    });
  }

  it("the body wins over the query string", async () => {
    const r = await call("json", "Brand/Create", {
      method: "POST",
      creds: t,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      rawBody: new URLSearchParams({ ...create, name: "From body" }).toString(),
    });
    // rawBody skips query encoding; send the clash explicitly through the URL.
    expect(r.status).toBe(200);
    const url = new URL("http://x/api/json/Brand/Create?name=From+query&description=q&logo_url=https://example.com/q.png");
    const { dispatch } = await import("../lib/api/dispatch");
    const res = await dispatch(
      new Request(url, {
        method: "POST",
        headers: { "x-api-key": t.key, "x-user-key": t.user_key, "x-brand-id": t.brand_id, "content-type": "application/x-www-form-urlencoded" },
        body: "name=From+body",
      }),
      { format: "json", resource: "Brand", action: "Create" },
    );
    const body = await res.json();
    expect(body.brand.name).toBe("From body");
    expect(body.brand.description).toBe("q");
    for (const id of [r.body.brand.brand_id, body.brand.brand_id]) await ok(t, "json", "Brand/Delete", { method: "DELETE", params: { delete_brand_id: id } });
  });

  it("JSON bodies may carry numbers, which become strings", async () => {
    const r = await call("json", "Brand/List", { creds: t, params: {} });
    expect(r.status).toBe(200);
    const { dispatch } = await import("../lib/api/dispatch");
    const res = await dispatch(
      new Request("http://x/api/json/Brand/Update", {
        method: "PATCH",
        headers: { "x-api-key": t.key, "x-user-key": t.user_key, "x-brand-id": t.brand_id, "content-type": "application/json" },
        body: JSON.stringify({ update_brand_id: t.brand_id, support_phone: 5551234 }),
      }),
      { format: "json", resource: "Brand", action: "Update" },
    );
    expect((await res.json()).brand.support_phone).toBe("5551234");
  });

  it("unknown parameters are ignored and named in X-Ignored-Parameters", async () => {
    const r = await call("json", "Brand/List", { creds: t, params: { colour: "red", size: "L" } });
    expect(r.status).toBe(200);
    expect(r.headers.get("x-ignored-parameters")).toBe("colour,size");
    expect((await call("json", "Brand/List", { creds: t })).headers.get("x-ignored-parameters")).toBeNull();
  });

  it("absent leaves a field alone, empty clears it (Update semantics)", async () => {
    await ok(t, "json", "Brand/Update", {
      method: "PATCH",
      params: { update_brand_id: t.brand_id, website_url: "https://acme.example", support_phone: "555" },
    });
    let b = (await ok(t, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: t.brand_id, support_phone: "556" } })).brand;
    expect(b.website_url).toBe("https://acme.example");
    expect(b.support_phone).toBe("556");
    b = (await ok(t, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: t.brand_id, website_url: "" } })).brand;
    expect(b.website_url).toBe("");
    expect(b.support_phone).toBe("556");
  });

  it("a required field sent empty on Update is refused, not cleared", async () => {
    const r = await call("json", "Brand/Update", { method: "PATCH", creds: t, params: { update_brand_id: t.brand_id, name: "" } });
    expect(r.status).toBe(400);
    expect(r.body.exception).toMatchObject({ code: "INVALID_PARAMETER", parameter: "name" });
  });
});

describe("bad input is a clear 4xx and writes nothing", () => {
  it("a 1 MB parameter", async () => {
    const before = await brandCount(t.serviceAccountId);
    const r = await call("json", "Brand/Create", { method: "POST", creds: t, params: { ...create, description: "x".repeat(1024 * 1024) } });
    expect(r.status).toBe(400);
    expect(r.body.exception).toMatchObject({ code: "INVALID_PARAMETER", parameter: "description" });
    expect(await brandCount(t.serviceAccountId)).toBe(before);
  });

  it("a body over the size limit", async () => {
    const r = await call("json", "Brand/Create", { method: "POST", creds: t, params: { ...create, description: "x".repeat(3 * 1024 * 1024) } });
    expect(r.status).toBe(413);
    expect(r.body.exception.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("malformed JSON, a JSON array, an unsupported content type", async () => {
    const headers = { "content-type": "application/json" };
    const bad = await call("json", "Brand/Create", { method: "POST", creds: t, headers, rawBody: "{name:" });
    expect(bad.status).toBe(400);
    expect(bad.body.exception.code).toBe("INVALID_BODY");
    const arr = await call("xml", "Brand/Create", { method: "POST", creds: t, headers, rawBody: "[1,2]" });
    expect(arr.status).toBe(400);
    expect(arr.body.exception["@_code"]).toBe("INVALID_BODY");
    const other = await call("json", "Brand/Create", { method: "POST", creds: t, headers: { "content-type": "application/octet-stream" }, rawBody: "abc" });
    expect(other.status).toBe(415);
  });

  it("wrong types: a limit that is not a number, an email that is not one, a URL without scheme", async () => {
    const before = await brandCount(t.serviceAccountId);
    const cases: [string, Record<string, string>, string][] = [
      ["Brand/List", { limit: "ten" }, "limit"],
      ["Brand/List", { limit: "0" }, "limit"],
      ["Brand/Create", { ...create, support_email: "not-an-email" }, "support_email"],
      ["Brand/Create", { ...create, website_url: "example.com" }, "website_url"],
      ["Brand/Create", { ...create, logo_url: "javascript:alert(1).png" }, "logo_url"],
    ];
    for (const [path, params, parameter] of cases) {
      const method = path.endsWith("List") ? "GET" : "POST";
      const r = await call("json", path, { method, creds: t, params });
      expect(r.status, `${path} ${parameter}`).toBe(400);
      expect(r.body.exception.parameter).toBe(parameter);
    }
    expect(await brandCount(t.serviceAccountId)).toBe(before);
  });
});
