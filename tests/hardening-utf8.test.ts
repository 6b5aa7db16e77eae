/**
 * Invalid UTF-8 in a query, form, multipart or JSON body used to be replaced silently (U+FFFD stored);
 * it is refused with 400, naming the parameter where there is one.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { errorOf, makeTenant, type Tenant } from "./support/api";
import { dispatch } from "../lib/api/dispatch";
import { parseUrlEncoded } from "../lib/api/read-params";
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

/** A request whose body is raw bytes (a string body cannot carry invalid UTF-8). */
async function send(format: string, path: string, opts: { query?: string; body?: Uint8Array; type?: string; method?: string }) {
  const [resource, action] = path.split("/");
  const headers: Record<string, string> = { "x-api-key": t.key, "x-user-key": t.user_key, "x-brand-id": t.brand_id };
  if (opts.type) headers["content-type"] = opts.type;
  const req = new Request(`http://test.local/api/${format}/${path}${opts.query ?? ""}`, {
    method: opts.method ?? "POST",
    headers,
    body: opts.body as Uint8Array<ArrayBuffer> | undefined,
  });
  const res = await dispatch(req, { format, resource, action });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: format === "json" ? JSON.parse(text) : text };
}
const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));

describe("invalid UTF-8 is refused, naming the parameter", () => {
  it("percent-encoded in a query value (a free-text one, which U+FFFD would have passed)", async () => {
    const before = await brandCount();
    const r = await send("json", "Brand/Create", { query: "?name=Acme&description=Plans%FF&logo_url=https://example.com/l.png" });
    expect(r.status).toBe(400);
    expect(r.body.exception).toMatchObject({ code: "INVALID_PARAMETER", parameter: "description" });
    expect(await brandCount()).toBe(before);
  });

  it("percent-encoded or raw in a form body; nothing is written", async () => {
    const before = await brandCount();
    const form = "application/x-www-form-urlencoded";
    const encoded = await send("json", "Brand/Create", { type: form, body: bytes("name=Acme&description=Plans%C3%28&logo_url=https://example.com/l.png") });
    expect(encoded.status).toBe(400);
    expect(encoded.body.exception).toMatchObject({ code: "INVALID_PARAMETER", parameter: "description" });
    const raw = await send("xml", "Brand/Create", { type: form, body: bytes("name=Ac", [0xe9], "me&logo_url=https://example.com/l.png") });
    expect(raw.status).toBe(400);
    expect(raw.body).toContain('<exception code="INVALID_PARAMETER" parameter="name">');
    expect(await brandCount()).toBe(before);
  });

  it("in a multipart field", async () => {
    const boundary = "XyZ";
    const body = bytes(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAc`, [0xff], `me\r\n--${boundary}--\r\n`);
    const r = await send("json", "Brand/Create", { type: `multipart/form-data; boundary=${boundary}`, body });
    expect(r.status).toBe(400);
    expect(r.body.exception).toMatchObject({ code: "INVALID_PARAMETER", parameter: "name" });
    // Valid, with the boundary's case kept (browsers send mixed-case ones).
    const good = bytes(
      ...["name", "Café", "description", "Plans", "logo_url", "https://example.com/l.png"].map((v, i, a) =>
        i % 2 ? "" : `--${boundary}\r\nContent-Disposition: form-data; name="${v}"\r\n\r\n${a[i + 1]}\r\n`,
      ),
      `--${boundary}--\r\n`,
    );
    const made = await send("json", "Brand/Create", { type: `multipart/form-data; boundary=${boundary}`, body: good });
    expect(made.status, made.text).toBe(200);
    expect(made.body.brand.name).toBe("Café");
  });

  it("in a JSON body (no parameter to name): INVALID_BODY", async () => {
    const r = await send("json", "Brand/Create", { type: "application/json", body: bytes('{"name":"Ac', [0xc3, 0x28], 'me"}') });
    expect(r.status).toBe(400);
    expect(errorOf({ ...r, body: r.body } as never).code).toBe("INVALID_BODY");
  });

  it("valid UTF-8, raw or percent-encoded, still reads as before", () => {
    expect(parseUrlEncoded(bytes("a=caf%C3%A9&b=caf\u00e9&c=1+2&d=%zz&&e&=f&a=2"))).toEqual({ a: "2", b: "café", c: "1 2", d: "%zz", e: "", "": "f" });
    const r = (q: string) => Object.fromEntries(new URLSearchParams(q));
    for (const q of ["x=%E5%90%8D", "x=%2B%26%3D", "x=a%", "x=%4", "%F0%9F%8E%89=1"]) expect(parseUrlEncoded(bytes(q))).toEqual(r(q));
  });
});
