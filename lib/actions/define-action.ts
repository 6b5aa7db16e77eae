import type { z } from "zod";
import { getDb, type Db } from "../../db/client";
import { contextFromStaffSession, type Context, type StaffSession } from "../auth/context";

export type { StaffSession };
import { DomainError } from "../errors";
import { refusalOf } from "../refusal";
import { isStepped, runVerb, type AnyVerb } from "../run-verb";
import { parseParams } from "../wire/parse";
import { WithExtras } from "../wire/results";

/**
 * The server actions of both UIs, without Next.js (app/ binds them to the session, one line each):
 * an action is an endpoint's schema and verb for an audience. The browser's fields are read as the
 * API reads its parameters (lib/wire/parse.ts: an empty optional value clears the field), the verb
 * runs through runVerb, and the answer is `{ ok: true, data }` or `{ ok: false, error }` for a form
 * to put on its field, unknown failures mapped as the API maps them (lib/refusal.ts). Never throws.
 * Staff: the brand id from the browser is only a selector checked against the session. Customers:
 * the account (and the acting user) come from the session, whatever was sent, and only the
 * parameters the action `accepts` are read; `fixed` ones are the portal's choice, not the browser's.
 */

export interface ActionError {
  code: string;
  message: string;
  parameter: string | null;
}

export type ActionResult<T = unknown> = { ok: true; data: T } | { ok: false; error: ActionError };

/** What a browser sends: field values by name (strings; numbers are read as their text). */
export type BrowserInput = Record<string, unknown>;

/** A customer's action fills these from the session: sent by the browser, they are dropped. */
export const SESSION_PARAMS = { customer_account_id: "customerAccountId", customer_user_id: "userId" } as const;

type Fixed = Record<string, string>;

interface Spec<S extends z.ZodObject, R> {
  /** The endpoint the action is, e.g. "Ticket/Create" (contract tests and logs name it). */
  endpoint?: string;
  schema: S;
  verb: AnyVerb<z.output<S>, R>;
  /** Parameters set whatever the browser sends (a function: from the signed-in actor). */
  fixed?: Partial<Record<keyof S["shape"] & string, string>> | ((ctx: Context) => Fixed);
}

export interface StaffSpec<S extends z.ZodObject, R> extends Spec<S, R> {
  audience: "staff";
}

export interface CustomerSpec<S extends z.ZodObject, R> extends Spec<S, R> {
  audience: "customer";
  endpoint: string;
  /** Parameters the browser may send (all the others are dropped); the session's are added. */
  accepts: (keyof S["shape"] & string)[];
}

/** What crosses to the browser: JSON-shaped (dates as ISO strings, WithExtras flattened). */
export type Plain<R> = R extends WithExtras<infer T> ? T & Record<string, unknown> : R;

interface ActionBase<S extends z.ZodObject, R> {
  endpoint: string | undefined;
  schema: S;
  /** Its verb is declared `stepped`: it may commit part-way (lib/run-verb.ts). */
  cutsSteps: boolean;
  /** Runs for a context already built (the session's), with the browser's fields. */
  perform(ctx: Context, raw: unknown): Promise<ActionResult<Plain<R>>>;
}

export interface StaffAction<S extends z.ZodObject = z.ZodObject, R = unknown> extends ActionBase<S, R> {
  audience: "staff";
  /** Runs for a session (null: signed out) on the brand the browser names. */
  run(session: StaffSession | null, brandId: unknown, raw: unknown, opts?: { db?: Db; clientAddress?: string }): Promise<ActionResult<Plain<R>>>;
}

export interface CustomerAction<S extends z.ZodObject = z.ZodObject, R = unknown> extends ActionBase<S, R> {
  audience: "customer";
  endpoint: string;
  accepts: string[];
  /** Runs for the signed-in customer's context. */
  run(ctx: Context, raw: unknown): Promise<ActionResult<Plain<R>>>;
}

const toPlain = (value: unknown) => JSON.parse(JSON.stringify(value instanceof WithExtras ? { ...value.record, ...value.extras } : (value ?? null)));

/** The staff context for a session and the brand the URL names (UNAUTHENTICATED / NOT_FOUND otherwise). */
export async function staffContext(session: StaffSession | null, brandId: unknown, db?: Db): Promise<Context> {
  if (!session?.staffUserId) throw new DomainError("UNAUTHENTICATED", "Sign in to continue");
  return contextFromStaffSession(db ?? (await getDb()), { ...session, brandId: typeof brandId === "string" ? brandId : "" });
}

/** A form's values as string parameters: strings, and numbers as their text; anything else is dropped. */
function fieldsOf(raw: unknown, only?: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return out;
  for (const [k, v] of Object.entries(raw)) {
    if (only && !only.includes(k)) continue;
    if (typeof v === "string") out[k] = v;
    else if (typeof v === "number" && Number.isFinite(v)) out[k] = String(v);
  }
  return out;
}

const refused = (err: unknown, requestId: string, endpoint?: string): { ok: false; error: ActionError } => {
  const e = refusalOf(err, requestId, { action: endpoint });
  return { ok: false, error: { code: e.code, message: e.message, parameter: e.parameter ?? null } };
};

export function defineAction<S extends z.ZodObject, R>(spec: StaffSpec<S, R>): StaffAction<S, R>;
export function defineAction<S extends z.ZodObject, R>(spec: CustomerSpec<S, R>): CustomerAction<S, R>;
export function defineAction<S extends z.ZodObject, R>(spec: StaffSpec<S, R> | CustomerSpec<S, R>): StaffAction<S, R> | CustomerAction<S, R> {
  const accepts = spec.audience === "customer" ? (spec.accepts as string[]) : undefined;
  for (const p of Object.keys(SESSION_PARAMS)) {
    if (accepts?.includes(p)) throw new Error(`${spec.endpoint}: ${p} comes from the session, never from the browser`);
  }
  const perform = async (ctx: Context, raw: unknown): Promise<ActionResult<Plain<R>>> => {
    try {
      if (ctx.actor.kind !== spec.audience) throw new DomainError("UNAUTHENTICATED", "Please sign in again");
      const params = fieldsOf(raw, accepts);
      if (ctx.actor.kind === "customer") {
        for (const [param, field] of Object.entries(SESSION_PARAMS)) if (param in spec.schema.shape) params[param] = ctx.actor[field];
      }
      Object.assign(params, typeof spec.fixed === "function" ? spec.fixed(ctx) : spec.fixed);
      const input = parseParams(spec.schema, params, ctx.brand.currency);
      return { ok: true, data: toPlain(await runVerb(ctx, spec.verb, input)) };
    } catch (err) {
      return refused(err, ctx.requestId, spec.endpoint);
    }
  };
  const base = { endpoint: spec.endpoint, schema: spec.schema, cutsSteps: isStepped(spec.verb), perform };
  if (spec.audience === "customer") return { ...base, audience: "customer", endpoint: spec.endpoint, accepts: accepts!, run: perform };
  return {
    ...base,
    audience: "staff",
    async run(session, brandId, raw, opts = {}) {
      let ctx: Context;
      try {
        ctx = { ...(await staffContext(session, brandId, opts.db)), clientAddress: opts.clientAddress };
      } catch (err) {
        return refused(err, "none", spec.endpoint);
      }
      return perform(ctx, raw);
    },
  };
}
