import { createHmac, randomUUID } from "node:crypto";
import { getDb } from "../../db/client";
import { refusalOf } from "../refusal";
import { contextFromApiCredentials, requesterId, type Context } from "../auth/context";
import { runVerb, wrapVerb, type StoredAnswer } from "../run-verb";
import { DomainError } from "../errors";
import { endpoints } from "./endpoints";
import { WithExtras, type Endpoint, type ListResult } from "./endpoint";
import { CREDENTIAL_PARAMS } from "../wire/params";
import { parseParams } from "../wire/parse";
import { CONTENT_TYPES, render, renderError, type Format } from "./serialize";
import { authFailureLimiter, rateLimiter } from "./rate-limit";
import { readParams, type Params } from "./read-params";
import { clientAddress } from "./client-address";
import { refuseCardNumbers } from "../gateways/card-numbers";

const FORMATS = new Set(["json", "xml"]);

export interface RouteParams {
  format: string;
  resource: string;
  action: string;
}

function respond(format: Format, status: number, body: string, headers: Record<string, string> | Headers) {
  const all = new Headers(headers);
  all.set("content-type", CONTENT_TYPES[format]);
  return new Response(body, { status, headers: all });
}

/**
 * Header values carry only visible ASCII: anything else in a name (and `%`, `,`) is percent-encoded
 * as UTF-8, so a client's parameter name can never make the response fail to build.
 */
const headerSafe = (name: string) =>
  name.replace(/[^\x21-\x24\x26-\x2b\x2d-\x7e]/gu, (c) => Array.from(Buffer.from(c), (b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""));

/** X-Ignored-Parameters: the names, header-safe, comma separated, whole names up to 2000 characters. */
function ignoredHeader(names: string[]) {
  let out = "";
  for (const name of names.map(headerSafe)) {
    if (out.length + name.length + 1 > 2000) break;
    out += out ? `,${name}` : name;
  }
  return out;
}

function errorResponse(format: Format, err: DomainError, headers: Record<string, string>) {
  const body = renderError(format, { code: err.code, message: err.message, parameter: err.parameter });
  return respond(format, err.status, body, { ...headers, ...err.headers });
}

const rateLimited = (wait: number) =>
  new DomainError("RATE_LIMITED", "Too many requests; retry after the time in Retry-After", { headers: { "retry-after": String(Math.ceil(wait)) } });

function envelope(endpoint: Endpoint, result: unknown): Record<string, unknown> {
  const wire = endpoint.wire ?? ((row: unknown) => row);
  if (endpoint.list) {
    const { items, total } = result as ListResult;
    return { status: "success", count: items.length, total, [endpoint.list]: items.map(wire) };
  }
  if (result instanceof WithExtras) return { status: "success", [endpoint.returns]: result.record, ...result.extras };
  return { status: "success", [endpoint.returns]: wire(result) };
}

const header = (req: Request, name: string) => req.headers.get(name)?.trim() || undefined;

/**
 * What an Idempotency-Key is bound to. Keyed with a per-brand secret: a plain hash of parameters
 * that may hold a card number could be reversed by trying every card number. Not the signing
 * secret: that one rotates, and a repeat after a rotation must still match.
 */
function requestHash(ctx: Context, req: Request, route: RouteParams, params: Params) {
  const sorted = Object.keys(params)
    .filter((k) => !(CREDENTIAL_PARAMS as readonly string[]).includes(k))
    .sort()
    .map((k) => [k, params[k]]);
  return createHmac("sha256", ctx.brand.requestHashKey)
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

/**
 * The 404 for a path that names no endpoint, naming the one it probably meant: the same letters in
 * another case (`brand/list`: Brand/List), or without the trailing slash (`Brand/List/`).
 */
export function unknownEndpoint(byPath: Map<string, Endpoint>, route: RouteParams, pathname: string) {
  const asked = `${route.resource}/${route.action}`;
  const meant = byPath.has(asked) ? asked : [...byPath.keys()].find((p) => p.toLowerCase() === asked.toLowerCase());
  const shown = pathname.endsWith("/") ? `${asked}/` : asked;
  if (!meant) return `Unknown endpoint ${shown}: see /docs for the list`;
  return `Unknown endpoint ${shown}: did you mean ${meant} (/api/${route.format}/${meant})?`;
}

async function handle(byPath: Map<string, Endpoint>, req: Request, route: RouteParams): Promise<Response> {
  // Only a label for logs and support; randomUUID draws from a buffered pool (cheaper than a v7 id).
  const requestId = randomUUID();
  const base: Record<string, string> = { "x-request-id": requestId };
  if (!FORMATS.has(route.format)) {
    return respond("json", 404, renderError("json", { code: "NOT_FOUND", message: `Unknown format '${route.format}': use json or xml` }), base);
  }
  const format = route.format as Format;
  try {
    const endpoint = new URL(req.url).pathname.endsWith("/") ? undefined : byPath.get(`${route.resource}/${route.action}`);
    if (!endpoint) throw new DomainError("NOT_FOUND", unknownEndpoint(byPath, route, new URL(req.url).pathname));
    if (req.method !== endpoint.method && !(req.method === "HEAD" && endpoint.method === "GET")) {
      throw new DomainError("METHOD_NOT_ALLOWED", `${route.resource}/${route.action} takes ${endpoint.method}, not ${req.method}`, {
        headers: { allow: endpoint.method },
      });
    }
    const url = new URL(req.url);
    const params = await readParams(req, url);
    // Before anything can store or log them: no full card number in free text (opaque values may pass Luhn by chance).
    refuseCardNumbers(params);
    // Only failures count against the client address, and only failures are refused past its
    // budget: a valid key sent from an address others failed from (a NAT, a proxy) still works.
    const address = clientAddress(req);
    const db = await getDb();
    const ctx = await contextFromApiCredentials(
      db,
      {
        key: header(req, "x-api-key") ?? params.key,
        userKey: header(req, "x-user-key") ?? params.user_key,
        brandId: header(req, "x-brand-id") ?? params.brand_id,
      },
      requestId,
    ).catch(async (err) => {
      if (err instanceof DomainError && err.code === "UNAUTHENTICATED") {
        const wait = await authFailureLimiter.take(address);
        if (wait > 0) throw rateLimited(wait);
      }
      throw err;
    });
    ctx.clientAddress = address;
    if (ctx.actor.kind === "staff") {
      const wait = await rateLimiter.take(requesterId(ctx.actor));
      if (wait > 0) throw rateLimited(wait);
    }
    const known = knownParams(endpoint);
    const ignored = Object.keys(params).filter((k) => !known.has(k));
    if (ignored.length) base["x-ignored-parameters"] = ignoredHeader(ignored);
    // Built before the verb runs: a header that cannot be sent must fail before anything is committed.
    const headers = new Headers(base);

    // Parsed and rendered inside the verb's run: the idempotent record stores these exact bytes.
    const execute = wrapVerb(endpoint.handler, async ({ ctx: c }, handler): Promise<StoredAnswer & { replayed?: boolean }> => {
      const input = parseParams(endpoint.params, params, c.brand.currency);
      const result = await handler({ ctx: c, input });
      return { status: 200, body: render(format, envelope(endpoint, result)) };
    });
    if (endpoint.method === "GET" && !endpoint.writes) {
      const out = await runVerb(ctx, execute, undefined, { read: true });
      return respond(format, out.status, out.body, headers);
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
    if (out.replayed) headers.set("idempotent-replayed", "true");
    return respond(format, out.status, out.body, headers);
  } catch (err) {
    return errorResponse(format, refusalOf(err, requestId, { route: `${route.format}/${route.resource}/${route.action}` }), base);
  }
}
