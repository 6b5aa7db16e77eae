/** The real server, called the way the original PHP client calls it: headers, query for GET, form for the rest. */
import { describe, expect, it } from "vitest";
import { type RunningApp } from "./support/server";
import { endpoints } from "../lib/api/endpoints";
import { useApp } from "./support/setup";

let app: RunningApp;
useApp({}, (s) => ({ app } = s));

const headers = () => ({ "X-Api-Key": app.creds.key, "X-User-Key": app.creds.user_key, "X-Brand-Id": app.creds.brand_id });

describe("over HTTP", () => {
  it("GET /api/health is 200 once the database is migrated", async () => {
    const r = await fetch(`${app.baseUrl}/api/health`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: "ok" });
  });

  it("a GET with query parameters answers json", async () => {
    const r = await fetch(`${app.baseUrl}/api/json/Brand/List?search_brand_id=${app.creds.brand_id}`, { headers: headers() });
    expect(r.status).toBe(200);
    expect(r.headers.get("x-request-id")).toBeTruthy();
    const body = await r.json();
    expect(body).toMatchObject({ status: "success", count: "1", total: "1" });
    expect(body.brands[0].brand_id).toBe(app.creds.brand_id);
  });

  it("a form POST answers xml, and unknown parameters are named", async () => {
    const r = await fetch(`${app.baseUrl}/api/xml/Brand/Create`, {
      method: "POST",
      headers: { ...headers(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Over HTTP", description: "Made <by> curl & co", logo_url: "https://example.com/l.gif", extra: "1" }),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("application/xml");
    expect(r.headers.get("x-ignored-parameters")).toBe("extra");
    const text = await r.text();
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<response><status>success<\/status><brand><brand_id>/);
    expect(text).toContain("Made &lt;by&gt; curl &amp; co");
  });

  it("credentials as parameters work too", async () => {
    const q = new URLSearchParams({ key: app.creds.key, user_key: app.creds.user_key, brand_id: app.creds.brand_id });
    expect((await fetch(`${app.baseUrl}/api/json/Reference/List?${q}&type=timezone`)).status).toBe(200);
  });

  it("a wrong method is 405 with Allow; an unknown endpoint 404; no credentials 401", async () => {
    const wrong = await fetch(`${app.baseUrl}/api/json/Brand/Create`, { headers: headers() });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
    expect((await fetch(`${app.baseUrl}/api/json/Brand/Fly`, { headers: headers() })).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/api/html/Brand/List`, { headers: headers() })).status).toBe(404);
    const anon = await fetch(`${app.baseUrl}/api/xml/Brand/List`);
    expect(anon.status).toBe(401);
    expect(await anon.text()).toContain('<exception code="UNAUTHENTICATED">');
  });

  it("GET /api/openapi.json documents every endpoint of the table", async () => {
    const doc = await (await fetch(`${app.baseUrl}/api/openapi.json`)).json();
    expect(doc.openapi).toBe("3.1.0");
    for (const e of endpoints) {
      const op = doc.paths[`/{format}/${e.resource}/${e.action}`]?.[e.method.toLowerCase()];
      expect(op, `${e.resource}/${e.action}`).toBeTruthy();
      expect(op.description).toContain(e.summary);
    }
    expect(doc.servers[0].url).toBe("/api");
  });
});
