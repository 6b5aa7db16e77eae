/**
 * JSON the API parses (a JSON body, JSON-in-parameter values, tags) is scanned without recursion before
 * anything recursive touches it (issue 28): 20,000 nested arrays answered 500 (Maximum call stack size
 * exceeded) and a "\ud800" escape was stored as U+FFFD. Both are 400 naming the parameter; nothing is written.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { call, errorOf, makeTenant, ok, type Tenant } from "./support/api";
import { fixtures } from "./support/fixtures";
import { jsonProblem, MAX_JSON_DEPTH } from "../lib/wire/params";
import { getDb } from "../db/client";
import { brands, invoices } from "../db/schema";

let t: Tenant;
let account: string;
beforeAll(async () => {
  t = await makeTenant();
  account = await fixtures.Account(t);
});

const nested = (depth: number, inner = "1") => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;
const DEEP = nested(20_000);
const rows = async () => {
  const db = await getDb();
  const [{ b }] = await db.select({ b: count() }).from(brands).where(eq(brands.serviceAccountId, t.serviceAccountId));
  const [{ i }] = await db.select({ i: count() }).from(invoices).where(eq(invoices.brandId, t.brand_id));
  return { b, i };
};
/** A JSON body sent as is (the helper would send it as a form). */
const jsonBody = (path: string, body: string, format = "json") =>
  call(format, path, { method: "POST", creds: t, headers: { "content-type": "application/json" }, rawBody: body });

describe("deeply nested JSON", () => {
  it("in a JSON body's parameter: 400 naming it, in json and xml, nothing written", async () => {
    const before = await rows();
    for (const format of ["json", "xml"]) {
      const r = await jsonBody("Brand/Create", `{"name":"Acme","description":${DEEP},"logo_url":"https://example.com/l.png"}`, format);
      expect(r.status, r.text).toBe(400);
      expect(errorOf(r)).toMatchObject({ code: "INVALID_PARAMETER", parameter: "description" });
      expect(errorOf(r).message).toContain(`deeper than ${MAX_JSON_DEPTH}`);
    }
    // An object nested as deep, and a parameter the endpoint does not even define.
    const objects = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
    const r = await jsonBody("Brand/Create", `{"name":"Acme","nonsense":${objects}}`);
    expect(r.status, r.text).toBe(400);
    expect(errorOf(r).parameter).toBe("nonsense");
    expect(await rows()).toEqual(before);
  });

  it("in a JSON-in-parameter value (attached_items, attached_components, VAR1): 400 naming it, nothing written", async () => {
    const before = await rows();
    const items = `[{"item_name":${DEEP},"item_price":"1.00"}]`;
    for (const bodyAs of ["form", "json"] as const) {
      const r = await call("json", "Invoice/Create", {
        method: "POST",
        creds: t,
        bodyAs,
        params: { customer_account_id: account, due_date: "1/1/2030", attached_items: items },
      });
      expect(r.status, r.text).toBe(400);
      expect(errorOf(r)).toMatchObject({ code: "INVALID_PARAMETER", parameter: "attached_items" });
    }
    const components = await call("json", "Subscription/Create", {
      method: "POST",
      creds: t,
      params: {
        customer_account_id: account,
        product_id: "0190a0b0-0000-7000-8000-000000000001",
        override_initial_billing: "N",
        auto_pay: "N",
        attached_components: DEEP,
      },
    });
    expect(components.status, components.text).toBe(400);
    expect(errorOf(components).parameter).toBe("attached_components");
    const variable = await call("json", "ProductGroup/Create", { method: "POST", creds: t, params: { name: "G", description: "G", VAR1: `{"name":${DEEP}}` } });
    expect(variable.status, variable.text).toBe(400);
    expect(errorOf(variable).parameter).toBe("VAR1");
    expect(await rows()).toEqual(before);
  });

  it("honest nesting passes; the scan needs no recursion; a huge flat array is scanned and refused by its schema", async () => {
    expect(jsonProblem(JSON.parse(nested(MAX_JSON_DEPTH)))).toBeNull();
    expect(jsonProblem(JSON.parse(nested(MAX_JSON_DEPTH + 1)))).toContain("deeper than");
    expect(jsonProblem(JSON.parse(nested(1_000_000)))).toContain("deeper than");
    // As many items as a body at MAX_BODY_BYTES (2 MB) can hold.
    const flat = JSON.parse(JSON.stringify(Array.from({ length: 50_000 }, (_, i) => ({ item_name: `n${i}`, item_price: "1.00" }))));
    expect(jsonProblem(flat)).toBeNull();
    const items = JSON.stringify(Array.from({ length: 25_000 }, () => ({ item_name: "Fee", item_price: "1.00" }))); // about 1 MB
    const huge = await call("json", "Invoice/Create", {
      method: "POST",
      creds: t,
      bodyAs: "json",
      params: { customer_account_id: account, due_date: "1/1/2030", attached_items: items },
    });
    expect(huge.status, huge.text.slice(0, 300)).toBe(400);
    expect(errorOf(huge).parameter).toBe("attached_items");
    const made = await ok(t, "json", "Invoice/Create", {
      method: "POST",
      bodyAs: "json",
      params: { customer_account_id: account, due_date: "1/1/2030", attached_items: '[{"item_name":"Fee","item_price":"1.00"}]' },
    });
    expect(made.invoice.invoice_id).toBeTruthy();
  });
});

describe("lone surrogates", () => {
  it("a \\ud800 escape in a JSON body, a JSON-in-parameter value or tags is 400 naming the parameter, not stored as U+FFFD", async () => {
    const before = await rows();
    const body = await jsonBody("Brand/Create", '{"name":"Acme\\ud800","description":"Plans","logo_url":"https://example.com/l.png"}');
    expect(body.status, body.text).toBe(400);
    expect(errorOf(body)).toMatchObject({ code: "INVALID_PARAMETER", parameter: "name" });
    expect(errorOf(body).message).toContain("not valid UTF-8");
    const low = await jsonBody("Brand/Create", '{"name":"Acme","description":"x\\udc00y","logo_url":"https://example.com/l.png"}', "xml");
    expect(low.status).toBe(400);
    expect(errorOf(low).parameter).toBe("description");
    const inItems = await call("json", "Invoice/Create", {
      method: "POST",
      creds: t,
      params: { customer_account_id: account, due_date: "1/1/2030", attached_items: '[{"item_name":"Fee \\ud83d","item_price":"1.00"}]' },
    });
    expect(inItems.status, inItems.text).toBe(400);
    expect(errorOf(inItems).parameter).toBe("attached_items");
    expect(await rows()).toEqual(before);
    const category = await fixtures.Category(t);
    const tags = await call("json", "Article/Create", {
      method: "POST",
      creds: t,
      params: { category_id: category, title: "T", contents: "C", visibility: "1", tags: '["ok","bad\\udfff"]' },
    });
    expect(tags.status, tags.text).toBe(400);
    expect(errorOf(tags).parameter).toBe("tags");
    // A pair, escaped or not, is a real character and is kept.
    const pair = await jsonBody("Brand/Create", '{"name":"Acme \\ud83d\\ude00","description":"Plans 😀","logo_url":"https://example.com/l.png"}');
    expect(pair.status, pair.text).toBe(200);
    expect(pair.body.brand.name).toBe("Acme 😀");
  });
});
