import type { z } from "zod";
import { getDb, type Db } from "../../db/client";
import { contextFromStaffSession, type Context } from "./context";
import { DomainError } from "../errors";
import { logger } from "../log";
import { runVerb, type Verb } from "../run-verb";
import { parseParams } from "../wire/parse";
import { WithExtras } from "../wire/results";

/**
 * The pure half of the dashboard's server actions (the half that reads the session lives in app/,
 * app/_auth/staff-action.ts): the context comes from the session, the brand id from the browser is
 * only a selector checked against it, the input is parsed with the endpoint's own schema exactly as
 * the API parses it, and the verb runs through runVerb. Never throws: a form gets its error back.
 */

/** What a signed-in staff user's session carries (the JWT); nothing else is trusted from it. */
export interface StaffSession {
  staffUserId: string;
}

export interface ActionError {
  code: string;
  message: string;
  parameter: string | null;
}

export type ActionResult<T = unknown> = { ok: true; data: T } | { ok: false; error: ActionError };

export interface StaffAction<S extends z.ZodObject = z.ZodObject, R = unknown> {
  schema: S;
  /** Runs for a session (null: signed out) on the brand the browser names, with string parameters. */
  run(session: StaffSession | null, brandId: unknown, raw: unknown, opts?: { db?: Db; clientAddress?: string }): Promise<ActionResult<Plain<R>>>;
}

/** What crosses to the browser: JSON-shaped (dates as ISO strings, WithExtras flattened). */
type Plain<R> = R extends WithExtras<infer T> ? T & Record<string, unknown> : R;

const toPlain = (value: unknown) => JSON.parse(JSON.stringify(value instanceof WithExtras ? { ...value.record, ...value.extras } : (value ?? null)));

/** A form's values as the API's string parameters: non-strings are dropped, never coerced. */
function stringParams(raw: unknown): Record<string, string> {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === "string"));
}

export const refusedAction = (err: unknown, requestId: string): { ok: false; error: ActionError } => {
  if (err instanceof DomainError) return { ok: false, error: { code: err.code, message: err.message, parameter: err.parameter ?? null } };
  logger.error("dashboard action failed", { requestId, error: err });
  return {
    ok: false,
    error: {
      code: "INTERNAL",
      message: `Something went wrong on our side; nothing was changed. Quote request id ${requestId} if you contact support.`,
      parameter: null,
    },
  };
};

/** The staff context for a session and the brand the URL names (UNAUTHENTICATED / NOT_FOUND otherwise). */
export async function staffContext(session: StaffSession | null, brandId: unknown, db?: Db): Promise<Context> {
  if (!session?.staffUserId) throw new DomainError("UNAUTHENTICATED", "Sign in to continue");
  return contextFromStaffSession(db ?? (await getDb()), { staffUserId: session.staffUserId, brandId: typeof brandId === "string" ? brandId : "" });
}

export function staffAction<S extends z.ZodObject, R>(schema: S, verb: Verb<z.output<S>, R>): StaffAction<S, R> {
  return {
    schema,
    async run(session, brandId, raw, opts = {}) {
      let requestId = "none";
      try {
        const ctx = { ...(await staffContext(session, brandId, opts.db)), clientAddress: opts.clientAddress };
        requestId = ctx.requestId;
        const input = parseParams(schema, stringParams(raw));
        const data = await runVerb(ctx, verb, input);
        return { ok: true, data: toPlain(data) };
      } catch (err) {
        return refusedAction(err, requestId);
      }
    },
  };
}
