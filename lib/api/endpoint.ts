import type { z } from "zod";
import type { AnyVerb } from "../run-verb";

export { WithExtras, type ListResult } from "../wire/results";

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

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
  /**
   * Turns a List verb's read rows into the wire (a domain's toWire, lib/<domain>/view.ts), item by
   * item, or a read verb's one read row (Subscription/Estimate's). None: the verb answers its wire
   * already (the write verbs, domains not yet converted).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  wire?: (row: any) => unknown;
  /**
   * A GET whose verb writes (Article/List counts a view; Subscription/Estimate makes the change it
   * estimates and rolls it back): run as a write, in a transaction audited as its caller. Every other
   * GET runs read only (lib/run-verb.ts) and fails if its verb writes or locks.
   */
  writes?: true;
  /** The verb: `({ ctx, input })`, as runVerb runs it (declared `stepped` when it commits part-way). */
  handler: AnyVerb<z.output<z.ZodObject<S>>, unknown>;
}

/** Declares one endpoint; the router, validation, formats, OpenAPI and contract tests read it. */
export function defineEndpoint<S extends Shape>(e: Endpoint<S>): Endpoint {
  return e as unknown as Endpoint;
}
