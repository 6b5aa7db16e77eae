import type { z } from "zod";
import type { Context } from "../auth/context";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** What a list endpoint's handler answers: the page of records and how many matched in all. */
export interface ListResult<T = unknown> {
  items: T[];
  total: number;
}

/** A single-record answer with extra namespaces beside the record (e.g. Account/Create's `user`). */
export class WithExtras<T = unknown> {
  constructor(
    readonly record: T,
    readonly extras: Record<string, unknown>,
  ) {}
}

type Shape = z.ZodRawShape;

export interface Endpoint<S extends Shape = Shape> {
  resource: string;
  action: string;
  method: HttpMethod;
  summary: string;
  params: z.ZodObject<S>;
  /** Response namespace of one record, e.g. "brand". */
  returns: string;
  /** Plural namespace when the endpoint answers a list, e.g. "brands". */
  list?: string;
  /** Documentation of what the handler refuses beyond parameter validation. */
  refusals?: string[];
  handler(ctx: Context, input: z.output<z.ZodObject<S>>): Promise<unknown>;
}

/** Declares one endpoint; the router, validation, formats, OpenAPI and contract tests read it. */
export function defineEndpoint<S extends Shape>(e: Endpoint<S>): Endpoint {
  return e as unknown as Endpoint;
}
