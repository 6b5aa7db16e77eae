import { XMLBuilder } from "fast-xml-parser";
import { formatInstant } from "../dates";

export type Format = "json" | "xml";

/** Record fields that the spec names as attributes: XML attributes, plain keys in JSON. */
export const XML_ATTRIBUTES = new Set(["qualification_status"]);

/** Element names for the children of nested lists whose singular is not the plain one. */
const SINGULAR: Record<string, string> = { login_history: "login", addresses: "address", statuses: "status", taxes: "tax", tax_rates: "tax_rate" };
export const singular = (plural: string) => SINGULAR[plural] ?? (plural.endsWith("ies") ? `${plural.slice(0, -3)}y` : plural.replace(/s$/, ""));

/** Every value on the wire is a string (api-conventions.md, Responses). A hot path: plain loops. */
export function wireValue(v: unknown): unknown {
  if (typeof v === "string") return v;
  if (v === null || v === undefined) return "";
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (typeof v === "boolean") return v ? "Y" : "N";
  if (v instanceof Date) return formatInstant(v);
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = wireValue(v[i]);
    return out;
  }
  if (typeof v === "object") {
    // No prototype: a key named "__proto__" (a client's JSON can hold one) stays a plain key.
    const out: Record<string, unknown> = Object.create(null);
    for (const k in v as Record<string, unknown>) out[k] = wireValue((v as Record<string, unknown>)[k]);
    return out;
  }
  return String(v);
}

/** Strings JSON can carry between plain quotes: no quote, backslash, control or surrogate character. */
const JSON_PLAIN = /^[^"\\\u0000-\u001f\u2028\u2029\ud800-\udfff]*$/;
const jsonString = (s: string) => (s.length <= 64 && JSON_PLAIN.test(s) ? `"${s}"` : JSON.stringify(s));

/** `"key":` of the keys seen so far: responses reuse a few hundred field names thousands of times. */
const jsonKeys = new Map<string, string>();
function jsonKey(k: string) {
  let quoted = jsonKeys.get(k);
  if (quoted === undefined) {
    quoted = `${jsonString(k)}:`;
    if (jsonKeys.size < 5000) jsonKeys.set(k, quoted);
  }
  return quoted;
}

/**
 * JSON.stringify(wireValue(v)) without building the converted copy first: on a 100-row list the
 * copy cost as much as the stringify (a replacer function measured slower still). A property test
 * checks the two produce the same text.
 */
export function wireJson(v: unknown): string {
  if (typeof v === "string") return jsonString(v);
  if (v === null || v === undefined) return '""';
  if (typeof v === "number" || typeof v === "bigint") return `"${v}"`;
  if (typeof v === "boolean") return v ? '"Y"' : '"N"';
  if (v instanceof Date) return `"${formatInstant(v)}"`;
  if (Array.isArray(v)) {
    let out = "[";
    for (let i = 0; i < v.length; i++) out += (i === 0 ? "" : ",") + wireJson(v[i]);
    return `${out}]`;
  }
  if (typeof v === "object") {
    let out = "{";
    let first = true;
    for (const k in v as Record<string, unknown>) {
      out += `${first ? "" : ","}${jsonKey(k)}${wireJson((v as Record<string, unknown>)[k])}`;
      first = false;
    }
    return `${out}}`;
  }
  return jsonString(String(v));
}

/** Characters XML 1.0 cannot carry at all; escaping does not help, so they are dropped. */
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Turns a wire object into the builder's shape: lists get singular children, attributes get '@_'. */
function toXmlTree(v: unknown, name: string): unknown {
  if (Array.isArray(v)) return { [singular(name)]: v.map((x) => toXmlTree(x, singular(name))) };
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = Object.create(null);
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (XML_ATTRIBUTES.has(k) && typeof x === "string") out[`@_${k}`] = x.replace(XML_INVALID, "");
      else out[k] = toXmlTree(x, k);
    }
    return out;
  }
  return typeof v === "string" ? v.replace(XML_INVALID, "") : v;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  suppressEmptyNode: false,
  processEntities: true,
  format: false,
});

export const CONTENT_TYPES: Record<Format, string> = {
  json: "application/json; charset=utf-8",
  xml: "application/xml; charset=utf-8",
};

/** Serialises an envelope (`{status, ...namespaces}`) in the requested format. */
export function render(format: Format, envelope: Record<string, unknown>): string {
  if (format === "json") return wireJson(envelope);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ response: toXmlTree(wireValue(envelope), "response") })}`;
}

export interface WireError {
  code: string;
  message: string;
  parameter?: string;
}

export function renderError(format: Format, e: WireError): string {
  if (format === "json") {
    const exception = e.parameter ? { code: e.code, parameter: e.parameter, message: e.message } : { code: e.code, message: e.message };
    return JSON.stringify({ status: "error", exception });
  }
  const exception: Record<string, string> = { "@_code": e.code, "#text": e.message.replace(XML_INVALID, "") };
  if (e.parameter) exception["@_parameter"] = e.parameter;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ response: { status: "error", exception } })}`;
}
