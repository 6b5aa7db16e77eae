import { XMLParser } from "fast-xml-parser";
import { dispatch } from "../../lib/api/dispatch";
import { getDb } from "../../db/client";
import { createServiceAccount } from "../../lib/platform/bootstrap";
import { newId } from "../../lib/ids";

export type Creds = { key: string; user_key: string; brand_id: string };
export type Tenant = Creds & { serviceAccountId: string; staffUserId: string };

/** A fresh service account with one brand and an ADMIN (or USER) staff user, made for one test. */
export async function makeTenant(accessLevel: "ADMIN" | "USER" = "ADMIN"): Promise<Tenant> {
  const db = await getDb();
  const id = newId();
  return createServiceAccount(db, { name: `Test ${id}`, brandName: `Brand ${id.slice(-6)}`, staffEmail: `staff-${id}@example.com`, accessLevel });
}

export interface CallOptions {
  method?: string;
  params?: Record<string, string>;
  creds?: Partial<Creds> | null;
  /** How credentials travel: headers (default) or parameters. */
  credsAs?: "headers" | "params";
  /** How non-GET parameters travel: form (default, as the original PHP client), json, multipart or query. */
  bodyAs?: "form" | "json" | "multipart" | "query";
  headers?: Record<string, string>;
  rawBody?: string;
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body: JSON as is, XML through a parser (attributes under '@_'). */
  body: any;
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_", parseTagValue: false, isArray: () => false });

/** Calls the API in process through the same dispatch the route handler uses (a real Request). */
export async function call(format: string, path: string, opts: CallOptions = {}): Promise<ApiAnswer> {
  const [resource, action] = path.split("/");
  const method = opts.method ?? "GET";
  const url = new URL(`http://test.local/api/${format}/${path}`);
  const headers = new Headers(opts.headers);
  const params: Record<string, string> = { ...opts.params };
  if (opts.creds) {
    const c = opts.creds;
    if (opts.credsAs === "params") Object.assign(params, Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)));
    else {
      if (c.key !== undefined) headers.set("x-api-key", c.key);
      if (c.user_key !== undefined) headers.set("x-user-key", c.user_key);
      if (c.brand_id !== undefined) headers.set("x-brand-id", c.brand_id);
    }
  }
  let body: BodyInit | undefined = opts.rawBody;
  const bodyAs = opts.bodyAs ?? "form";
  if (method === "GET" || bodyAs === "query") {
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  } else if (body === undefined) {
    if (bodyAs === "json") {
      headers.set("content-type", "application/json");
      body = JSON.stringify(params);
    } else if (bodyAs === "multipart") {
      const form = new FormData();
      for (const [k, v] of Object.entries(params)) form.set(k, v);
      body = form;
    } else {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(params).toString();
    }
  }
  const res = await dispatch(new Request(url, { method, headers, body }), { format, resource, action });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = format === "xml" && text.startsWith("<?xml") ? xml.parse(text).response : JSON.parse(text);
  } catch {
    /* left as text */
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

/** Shorthand: call with a tenant's credentials and expect success, answering the body. */
export async function ok(tenant: Creds, format: string, path: string, opts: Omit<CallOptions, "creds"> = {}) {
  const r = await call(format, path, { ...opts, creds: tenant });
  if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${r.text}`);
  return r.body;
}

/** An error answer's exception in either format: JSON keys, or XML attributes and text. */
export function errorOf(r: ApiAnswer): { code: string; parameter?: string; message: string } {
  const e = r.body.exception;
  return typeof e.code === "string" ? e : { code: e["@_code"], parameter: e["@_parameter"], message: e["#text"] };
}
