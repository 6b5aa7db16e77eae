import { z } from "zod";
import type { Context } from "./context";
import { DomainError } from "../errors";
import { logger } from "../log";
import { runVerb, type Verb } from "../run-verb";
import { PARAM_META } from "../wire/params";

/**
 * The Customer Facing Portal's mutations, without Next.js: a portal action parses the browser's
 * fields with the endpoint's own zod schema and runs the endpoint's verb through runVerb on the
 * signed-in customer's context. Who acts is never the browser's to say: the customer account (and
 * the posting user, where the endpoint has one) come from the session, whatever was sent, and
 * `fixed` parameters (e.g. a ticket's direction) are the portal's choice, not the browser's.
 */

export type ActionError = { code: string; message: string; parameter?: string };
export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError };

/** Parameters filled from the session: sent by the browser, they are dropped. */
export const SESSION_PARAMS = { customer_account_id: "customerAccountId", customer_user_id: "userId" } as const;

type Shape = z.ZodRawShape;
export type BrowserInput = Record<string, unknown>;

export interface PortalActionSpec<S extends Shape, R> {
  /** The endpoint this action is, e.g. "Ticket/Create" (the contract test names it). */
  endpoint: string;
  schema: z.ZodObject<S>;
  verb: Verb<z.output<z.ZodObject<S>>, R>;
  /** Parameters the portal sets whatever the browser sends. */
  fixed?: Partial<Record<keyof S & string, string>>;
  /** Parameters the browser may send (all the others are dropped); the session's are added. */
  accepts: (keyof S & string)[];
}

export interface PortalActionDef<R = unknown> {
  endpoint: string;
  schema: z.ZodObject;
  accepts: string[];
  run(ctx: Context, input: BrowserInput): Promise<ActionResult<R>>;
}

export function definePortalAction<S extends Shape, R>(spec: PortalActionSpec<S, R>): PortalActionDef<R> {
  for (const p of Object.keys(SESSION_PARAMS)) {
    if ((spec.accepts as string[]).includes(p)) throw new Error(`${spec.endpoint}: ${p} comes from the session, never from the browser`);
  }
  return { endpoint: spec.endpoint, schema: spec.schema, accepts: spec.accepts, run: (ctx, input) => runPortalAction(ctx, spec, input) };
}

/** Runs one portal action for a customer context: `{ ok: true, data }`, or `{ ok: false, error }` for a form to show. */
export async function runPortalAction<S extends Shape, R>(ctx: Context, spec: PortalActionSpec<S, R>, input: BrowserInput): Promise<ActionResult<R>> {
  try {
    if (ctx.actor.kind !== "customer") throw new DomainError("UNAUTHENTICATED", "Please sign in again");
    const actor = ctx.actor;
    const raw: Record<string, string> = {};
    for (const key of spec.accepts) {
      const v = input?.[key];
      if (typeof v === "string" || typeof v === "number") raw[key] = String(v);
    }
    for (const [param, field] of Object.entries(SESSION_PARAMS)) {
      if (param in spec.schema.shape) raw[param] = actor[field];
    }
    Object.assign(raw, spec.fixed);
    const parsed = parse(spec.schema, raw);
    return { ok: true, data: await runVerb(ctx, spec.verb, parsed) };
  } catch (err) {
    if (err instanceof DomainError)
      return { ok: false, error: { code: err.code, message: err.message, ...(err.parameter ? { parameter: err.parameter } : {}) } };
    logger.error("portal action failed", { error: err, endpoint: spec.endpoint, requestId: ctx.requestId });
    return { ok: false, error: { code: "INTERNAL", message: `Something went wrong on our side. Please try again (reference ${ctx.requestId}).` } };
  }
}

/** As the API reads parameters: a required one absent or empty is MISSING_PARAMETER, an optional empty one is left out. */
function parse<S extends Shape>(schema: z.ZodObject<S>, raw: Record<string, string>) {
  const input: Record<string, string> = {};
  for (const [k, field] of Object.entries(schema.shape)) {
    const v = raw[k];
    const required = PARAM_META.get(field as z.ZodType)?.required ?? !(field as z.ZodType).safeParse(undefined).success;
    if (v === undefined || v.trim() === "") {
      if (required) throw new DomainError("MISSING_PARAMETER", `${k} is required`, { parameter: k });
      continue;
    }
    input[k] = v;
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const parameter = String(issue.path[0] ?? "");
  const code = (issue as { params?: { code?: string } }).params?.code === "MISSING_PARAMETER" ? "MISSING_PARAMETER" : "INVALID_PARAMETER";
  throw new DomainError(code, `${parameter} ${issue.message}`, { parameter });
}
