import { createHmac, randomUUID } from "node:crypto";
import { getDb } from "../../db/client";
import { contextFromApiCredentials, requesterId, type Context } from "../auth/context";
import { runVerb, type StoredAnswer } from "../run-verb";
import { DomainError } from "../errors";
import { config } from "../config";
import { endpoints } from "./endpoints";
import { WithExtras, type Endpoint, type ListResult } from "./endpoint";
import { CREDENTIAL_PARAMS } from "../wire/params";
import { parseParams } from "../wire/parse";
import { CONTENT_TYPES, render, renderError, type Format } from "./serialize";
import { rateLimiter } from "./rate-limit";
import { logger } from "../log";
import { refuseCardNumbers } from "../payments/card-numbers";

const FORMATS = new Set(["json", "xml"]);

export interface RouteParams {
  format: string;
  resource: string;
  action: string;
}

type Params = Record<string, string>;

function respond(format: Format, status: number, body: string, headers: Record<string, string>) {
  return new Response(body, { status, headers: { "content-type": CONTENT_TYPES[format], ...headers } });
}

function errorResponse(format: Format, err: DomainError, headers: Record<string, string>) {
  const body = renderError(format, { code: err.code, message: err.message, parameter: err.parameter });
  return respond(format, err.status, body, { ...headers, ...err.headers });
}

/** Every value is a string; JSON bodies may carry numbers or nested JSON, which become strings. */
function stringValue(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

/** Query string for every method; for non-GET the body too (form, multipart or JSON), body wins. */
async function readParams(req: Request, url: URL): Promise<Params> {
  const params: Params = Object.fromEntries(url.searchParams);
  if (req.method === "GET" || req.method === "HEAD") return params;
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > config.maxBodyBytes) throw new DomainError("PAYLOAD_TOO_LARGE", `The request body is larger than ${config.maxBodyBytes} bytes`);
  const raw = await req.text();
  if (Buffer.byteLength(raw) > config.maxBodyBytes) {
    throw new DomainError("PAYLOAD_TOO_LARGE", `The request body is larger than ${config.maxBodyBytes} bytes`);
  }
  if (raw.trim() === "") return params;
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  if (type.includes("application/json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new DomainError("INVALID_BODY", "The request body is not valid JSON");
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new DomainError("INVALID_BODY", "A JSON request body must be an object of parameters");
    }
    for (const [k, v] of Object.entries(parsed)) params[k] = stringValue(v);
    return params;
  }
  if (type.includes("multipart/form-data")) {
    let form: FormData;
    try {
      form = await new Request(req.url, { method: "POST", headers: { "content-type": type }, body: raw }).formData();
    } catch {
      throw new DomainError("INVALID_BODY", "The multipart request body could not be read");
    }
    for (const [k, v] of form) if (typeof v === "string") params[k] = v;
    return params;
  }
  if (type === "" || type.includes("application/x-www-form-urlencoded") || type.startsWith("text/plain")) {
    for (const [k, v] of new URLSearchParams(raw)) params[k] = v;
    return params;
  }
  throw new DomainError("UNSUPPORTED_MEDIA_TYPE", "Send parameters as a form, multipart form or JSON object");
}

const parseInput = (endpoint: Endpoint, raw: Params) => parseParams(endpoint.params, raw);

function envelope(endpoint: Endpoint, result: unknown): Record<string, unknown> {
  if (endpoint.list) {
    const { items, total } = result as ListResult;
    return { status: "success", count: items.length, total, [endpoint.list]: items };
  }
  if (result instanceof WithExtras) return { status: "success", [endpoint.returns]: result.record, ...result.extras };
  return { status: "success", [endpoint.returns]: result };
}

const header = (req: Request, name: string) => req.headers.get(name)?.trim() || undefined;

/**
 * What an Idempotency-Key is bound to. Keyed with the brand's secret: a plain hash of parameters
 * that may hold a card number could be reversed by trying every card number.
 */
function requestHash(ctx: Context, req: Request, route: RouteParams, params: Params) {
  const sorted = Object.keys(params)
    .filter((k) => !(CREDENTIAL_PARAMS as readonly string[]).includes(k))
    .sort()
    .map((k) => [k, params[k]]);
  return createHmac("sha256", ctx.brand.webhookSecret)
    .update(JSON.stringify([req.method, route.format, route.resource, route.action, sorted]))
    .digest("hex");
}

/** The parameters an endpoint reads, credentials included; anything else is named in X-Ignored-Parameters. */
const knownParamSets = new WeakMap<Endpoint, Set<string>>();
function knownParams(endpoint: Endpoint) {
  let known = knownParamSets.get(endpoint);
  if (!known) knownParamSets.set(endpoint, (known = new Set([...Object.keys(endpoint.params.shape), ...CREDENTIAL_PARAMS])));
  return known;
}

/** The whole API over an endpoint table: route, read, authenticate, throttle, validate, run, serialise. */
export function createDispatcher(table: Endpoint[]) {
  const byPath = new Map<string, Endpoint>(table.map((e) => [`${e.resource}/${e.action}`, e]));
  return (req: Request, route: RouteParams) => handle(byPath, req, route);
}

export const dispatch = createDispatcher(endpoints);

async function handle(byPath: Map<string, Endpoint>, req: Request, route: RouteParams): Promise<Response> {
  // Only a label for logs and support; randomUUID draws from a buffered pool (cheaper than a v7 id).
  const requestId = randomUUID();
  const base: Record<string, string> = { "x-request-id": requestId };
  if (!FORMATS.has(route.format)) {
    return respond("json", 404, renderError("json", { code: "NOT_FOUND", message: `Unknown format '${route.format}': use json or xml` }), base);
  }
  const format = route.format as Format;
  try {
    const endpoint = byPath.get(`${route.resource}/${route.action}`);
    if (!endpoint) throw new DomainError("NOT_FOUND", `Unknown endpoint ${route.resource}/${route.action}`);
    if (req.method !== endpoint.method && !(req.method === "HEAD" && endpoint.method === "GET")) {
      throw new DomainError("METHOD_NOT_ALLOWED", `${route.resource}/${route.action} takes ${endpoint.method}, not ${req.method}`, {
        headers: { allow: endpoint.method },
      });
    }
    const url = new URL(req.url);
    const params = await readParams(req, url);
    // Before anything can store or log them: full card numbers only where a gateway takes them.
    refuseCardNumbers(`${route.resource}/${route.action}`, params);
    const db = await getDb();
    const ctx = await contextFromApiCredentials(
      db,
      {
        key: header(req, "x-api-key") ?? params.key,
        userKey: header(req, "x-user-key") ?? params.user_key,
        brandId: header(req, "x-brand-id") ?? params.brand_id,
      },
      requestId,
    );
    if (ctx.actor.kind === "staff") {
      const wait = rateLimiter.take(requesterId(ctx.actor));
      if (wait > 0) {
        throw new DomainError("RATE_LIMITED", "Too many requests; retry after the time in Retry-After", {
          headers: { "retry-after": String(Math.ceil(wait)) },
        });
      }
    }
    const known = knownParams(endpoint);
    const ignored = Object.keys(params).filter((k) => !known.has(k));
    if (ignored.length) base["x-ignored-parameters"] = ignored.join(",").slice(0, 2000);

    // Parsed and rendered inside the verb's run: the idempotent record stores these exact bytes.
    const execute = async (c: Context): Promise<StoredAnswer & { replayed?: boolean }> => {
      const input = parseInput(endpoint, params);
      const result = await endpoint.handler(c, input);
      return { status: 200, body: render(format, envelope(endpoint, result)) };
    };
    if (endpoint.method === "GET") {
      const out = await runVerb(ctx, execute, undefined, { read: true });
      return respond(format, out.status, out.body, base);
    }
    const idemKey = header(req, "idempotency-key");
    if (idemKey && idemKey.length > 255) {
      throw new DomainError("INVALID_PARAMETER", "Idempotency-Key must be at most 255 characters", { parameter: "Idempotency-Key" });
    }
    const out = await runVerb(ctx, execute, undefined, {
      idempotencyKey: idemKey,
      requestHash: requestHash(ctx, req, route, params),
      encode: ({ status, body }) => ({ status, body }),
      replay: (stored) => ({ ...stored, replayed: true }),
    });
    return respond(format, out.status, out.body, out.replayed ? { ...base, "idempotent-replayed": "true" } : base);
  } catch (err) {
    if (err instanceof DomainError) return errorResponse(format, err, base);
    logger.error("request failed", { requestId, route: `${route.format}/${route.resource}/${route.action}`, error: err });
    const internal = new DomainError(
      "INTERNAL",
      `Something went wrong on our side; nothing was changed. Quote request id ${requestId} if you contact support.`,
    );
    return errorResponse(format, internal, base);
  }
}
