import type { z } from "zod";
import { endpoints } from "./endpoints";
import type { Endpoint } from "./endpoint";
import { PARAM_META } from "../wire/params";
import { ERROR_STATUS } from "../errors";

type Json = Record<string, unknown>;

function paramDoc(name: string, schema: z.ZodType) {
  const meta = PARAM_META.get(schema);
  const description = meta?.description ?? schema.description ?? "";
  const s: Json = { type: "string" };
  if (meta?.example) s.example = meta.example;
  if (meta?.values) s.enum = meta.values;
  const values = enumValues(schema);
  if (values) s.enum = values;
  return { name, required: Boolean(meta?.required), description, schema: s };
}

/** Pulls the allowed values out of an enum parameter (possibly wrapped in optional/preprocess). */
function enumValues(schema: z.ZodType): string[] | undefined {
  // zod's internal definition chain (_zod.def) is not part of its typed API.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let s: any = schema;
  for (let i = 0; i < 6 && s; i++) {
    if (s.options && Array.isArray(s.options)) return s.options;
    s = s._zod?.def?.innerType ?? s._zod?.def?.out ?? s._zod?.def?.in;
  }
  return undefined;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function operation(e: Endpoint) {
  const params = Object.entries(e.params.shape).map(([name, schema]) => paramDoc(name, schema as z.ZodType));
  const op: Json = {
    operationId: `${e.resource}${e.action}`,
    tags: [e.resource],
    summary: e.summary,
    description: [e.summary, ...(e.refusals?.length ? ["", "Refusals:", ...e.refusals.map((r) => `- ${r}`)] : [])].join("\n"),
    parameters: [{ $ref: "#/components/parameters/format" }],
    responses: {
      "200": {
        description: e.list
          ? `A list: status, count, total and the '${e.list}' namespace of '${e.returns}' records`
          : `The '${e.returns}' namespace holding the record`,
        content: { "application/json": { schema: ref("Success") }, "application/xml": { schema: { type: "string" } } },
      },
      "400": { $ref: "#/components/responses/BadRequest" },
      "401": { $ref: "#/components/responses/Unauthenticated" },
      "404": { $ref: "#/components/responses/NotFound" },
      "405": { $ref: "#/components/responses/MethodNotAllowed" },
      "429": { $ref: "#/components/responses/RateLimited" },
    },
  };
  if (e.method === "GET") {
    (op.parameters as Json[]).push(...params.map((p) => ({ ...p, in: "query" })));
  } else {
    const properties = Object.fromEntries(params.map((p) => [p.name, { ...p.schema, description: p.description }]));
    const required = params.filter((p) => p.required).map((p) => p.name);
    const schema = { type: "object", properties, ...(required.length ? { required } : {}) };
    op.requestBody = {
      required: required.length > 0,
      content: { "application/x-www-form-urlencoded": { schema }, "multipart/form-data": { schema }, "application/json": { schema } },
    };
    (op.parameters as Json[]).push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description: "Repeats within 24 hours return the first response without doing the work again",
      schema: { type: "string", maxLength: 255 },
    });
  }
  return op;
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("Error") }, "application/xml": { schema: { type: "string" } } },
});

/** The OpenAPI 3.1 document, generated from the endpoint table (never typed twice). */
export function openApiDocument(serverUrl = "/api"): Json {
  const paths: Json = {};
  for (const e of endpoints) {
    const path = `/{format}/${e.resource}/${e.action}`;
    paths[path] = { ...(paths[path] as Json), [e.method.toLowerCase()]: operation(e) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Recurring Billing API",
      version: "1",
      description: [
        "Every request is made for one brand with three credentials: `key`, `user_key` and `brand_id`,",
        "as the headers X-Api-Key, X-User-Key and X-Brand-Id or as parameters (headers win).",
        "GET parameters travel in the query string; other methods also accept a form, multipart or JSON body.",
        "Every value is a string. Flags are Y or N, dates M/D/YYYY, money like 25.00.",
        "Answers are `{status: success, <namespace>: {...}}`, or `{status: error, exception: {code, message, parameter}}`.",
        `Error codes: ${Object.entries(ERROR_STATUS)
          .map(([c, s]) => `${c} (${s})`)
          .join(", ")}.`,
      ].join(" "),
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [], userKey: [], brandId: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
        userKey: { type: "apiKey", in: "header", name: "X-User-Key" },
        brandId: { type: "apiKey", in: "header", name: "X-Brand-Id" },
      },
      parameters: {
        format: { name: "format", in: "path", required: true, description: "Response format", schema: { type: "string", enum: ["json", "xml"] } },
      },
      schemas: {
        Success: { type: "object", properties: { status: { const: "success" } }, additionalProperties: true },
        Error: {
          type: "object",
          properties: {
            status: { const: "error" },
            exception: {
              type: "object",
              properties: { code: { type: "string", enum: Object.keys(ERROR_STATUS) }, message: { type: "string" }, parameter: { type: "string" } },
              required: ["code", "message"],
            },
          },
        },
      },
      responses: {
        BadRequest: errorResponse("A parameter is missing or malformed (MISSING_PARAMETER, INVALID_PARAMETER)"),
        Unauthenticated: errorResponse("Credentials missing or wrong, or the brand is deleted (UNAUTHENTICATED)"),
        NotFound: errorResponse("No such record in this brand (NOT_FOUND)"),
        MethodNotAllowed: errorResponse("Wrong HTTP method; the Allow header names the right one"),
        RateLimited: errorResponse("Throttled; retry after the Retry-After header's seconds"),
      },
    },
  };
}
