import { DomainError } from "../errors";
import { config } from "../config";
import { jsonProblem } from "../wire/params";

export type Params = Record<string, string>;

/** Invalid UTF-8 is refused, never replaced: a silently mangled value could be stored. */
const utf8 = new TextDecoder("utf-8", { fatal: true });

// Connection: close, so the rest of the body (never read) is not waited for on a kept-alive connection.
const tooLarge = (limit: number) =>
  new DomainError("PAYLOAD_TOO_LARGE", `The request body is larger than ${limit} bytes`, { headers: { connection: "close" } });

/**
 * The body's bytes, counted as they stream in: past `limit` the read stops and the request is refused,
 * whatever Content-Length says (or without one, chunked). Nothing larger is ever held in memory.
 */
export async function readBody(req: Request, limit = config.maxBodyBytes): Promise<Uint8Array> {
  if (Number(req.headers.get("content-length") ?? 0) > limit) throw tooLarge(limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Not cancelled: cancelling destroys the socket before the 413 is written; Node discards the rest.
    if (size > limit) throw tooLarge(limit);
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** %XX decoding on bytes (what URLSearchParams does), `+` as a space; a malformed escape stays as is. */
function percentDecode(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x2b) out[n++] = 0x20;
    else if (b === 0x25 && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      out[n++] = parseInt(String.fromCharCode(bytes[i + 1], bytes[i + 2]), 16);
      i += 2;
    } else out[n++] = b;
  }
  return out.subarray(0, n);
}
const isHex = (b: number | undefined) => b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66));

/**
 * application/x-www-form-urlencoded (a query string or a form body) into `into`, later names winning.
 * Each name and value is decoded from bytes with a fatal decoder, so invalid UTF-8 names its parameter.
 */
export function parseUrlEncoded(bytes: Uint8Array, into: Params = {}): Params {
  let start = 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(0x26, start);
    if (end === -1) end = bytes.length;
    const pair = bytes.subarray(start, end);
    start = end + 1;
    if (pair.length === 0) continue;
    const eq = pair.indexOf(0x3d);
    const rawName = percentDecode(eq === -1 ? pair : pair.subarray(0, eq));
    const rawValue = percentDecode(eq === -1 ? new Uint8Array(0) : pair.subarray(eq + 1));
    let name: string;
    try {
      name = utf8.decode(rawName);
    } catch {
      const lossy = new TextDecoder().decode(rawName);
      throw new DomainError("INVALID_PARAMETER", "A parameter name is not valid UTF-8", { parameter: lossy });
    }
    try {
      into[name] = utf8.decode(rawValue);
    } catch {
      throw new DomainError("INVALID_PARAMETER", `${name} is not valid UTF-8`, { parameter: name });
    }
  }
  return into;
}

/** Every value is a string; JSON bodies may carry numbers or nested JSON, which become strings. */
function stringValue(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

const REPLACEMENT_BYTES = Buffer.from("\uFFFD");

/** Query string for every method; for non-GET the body too (form, multipart or JSON), body wins. */
export async function readParams(req: Request, url: URL): Promise<Params> {
  const params = parseUrlEncoded(Buffer.from(url.search.slice(1)));
  if (req.method === "GET" || req.method === "HEAD") return params;
  const bytes = await readBody(req);
  if (bytes.every((b) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d)) return params;
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  if (type.includes("application/json")) {
    let raw: string;
    try {
      raw = utf8.decode(bytes);
    } catch {
      throw new DomainError("INVALID_BODY", "The request body is not valid UTF-8");
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new DomainError("INVALID_BODY", "The request body is not valid JSON");
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new DomainError("INVALID_BODY", "A JSON request body must be an object of parameters");
    }
    for (const [k, v] of Object.entries(parsed)) {
      // Before JSON.stringify (stringValue), which recursion would overflow on deep nesting.
      const problem = jsonProblem(k) ?? jsonProblem(v);
      if (problem) throw new DomainError("INVALID_PARAMETER", `${k.toWellFormed()} ${problem}`, { parameter: k.toWellFormed() });
      params[k] = stringValue(v);
    }
    return params;
  }
  if (type.includes("multipart/form-data")) {
    let form: FormData;
    // The header as sent: a boundary is case-sensitive.
    try {
      form = await new Request(req.url, {
        method: "POST",
        headers: { "content-type": req.headers.get("content-type")! },
        body: bytes as Uint8Array<ArrayBuffer>,
      }).formData();
    } catch {
      throw new DomainError("INVALID_BODY", "The multipart request body could not be read");
    }
    // The parser replaces invalid UTF-8 with U+FFFD; one the client really sent is in the bytes as EF BF BD.
    const sentReplacement = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(REPLACEMENT_BYTES);
    for (const [k, v] of form) {
      if (typeof v !== "string") continue;
      if (!sentReplacement && (v.includes("\uFFFD") || k.includes("\uFFFD"))) {
        throw new DomainError("INVALID_PARAMETER", `${k} is not valid UTF-8`, { parameter: k });
      }
      params[k] = v;
    }
    return params;
  }
  if (type === "" || type.includes("application/x-www-form-urlencoded") || type.startsWith("text/plain")) return parseUrlEncoded(bytes, params);
  throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Send parameters as a form, multipart form or JSON object");
}
