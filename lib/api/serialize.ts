import { XMLBuilder } from "fast-xml-parser";
import { formatInstant } from "../dates";

export type Format = "json" | "xml";

/** Record fields that the spec names as attributes: XML attributes, plain keys in JSON. */
export const XML_ATTRIBUTES = new Set(["qualification_status"]);

/** Element names for the children of nested lists whose singular is not the plain one. */
const SINGULAR: Record<string, string> = { login_history: "login", addresses: "address", statuses: "status" };
export const singular = (plural: string) =>
  SINGULAR[plural] ?? (plural.endsWith("ies") ? `${plural.slice(0, -3)}y` : plural.replace(/s$/, ""));

/** Every value on the wire is a string (api-conventions.md, Responses). A hot path: plain loops. */
function wireValue(v: unknown): unknown {
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
    const out: Record<string, unknown> = {};
    for (const k in v as Record<string, unknown>) out[k] = wireValue((v as Record<string, unknown>)[k]);
    return out;
  }
  return String(v);
}

/** Characters XML 1.0 cannot carry at all; escaping does not help, so they are dropped. */
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Turns a wire object into the builder's shape: lists get singular children, attributes get '@_'. */
function toXmlTree(v: unknown, name: string): unknown {
  if (Array.isArray(v)) return { [singular(name)]: v.map((x) => toXmlTree(x, singular(name))) };
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
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
  const wire = wireValue(envelope) as Record<string, unknown>;
  if (format === "json") return JSON.stringify(wire);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ response: toXmlTree(wire, "response") })}`;
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
