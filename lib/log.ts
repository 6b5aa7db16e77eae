import pino, { type DestinationStream, type Logger } from "pino";

/**
 * Structured logs (pino, one JSON line each; LOG_LEVEL sets the level, `silent` turns them off).
 * Nothing secret or personal reaches a line: fields named like a credential or personal data are
 * censored at any depth, errors keep only safe fields (never a failed query's SQL or values), and
 * email addresses, keys, tokens and hashes found in any text are masked. Ids are kept.
 */

const CENSORED = "[redacted]";
/** Field names whose values are never logged: credentials, hashes, card data, personal data. */
const SECRET_FIELD = /pass|secret|token|hash|code|key|card|cvv|cvc|iban|routing|auth|cookie|session|email|phone|address|subject|html|body|name$|^to$|^cc$/i;
const ID_FIELD = /(^id|Id|_id)$/;
/** Secrets recognised in free text (error messages, details): keys, sign-in tokens, password and code hashes. */
const SECRET_TEXT: [RegExp, string][] = [
  [/\b(?:tt|rbk|rbu|whsec)_[A-Za-z0-9_-]{16,}/g, "[secret]"],
  [/\$argon2[a-z]*\$[^\s"',)]+/g, "[hash]"],
  [/\b[0-9a-f]{64}\b/gi, "[hash]"],
];
/** Personal data recognised in free text: email addresses. */
const PERSONAL_TEXT: [RegExp, string][] = [[/[^\s"'<>(),;:=]+@[^\s"'<>(),;:]+\.[A-Za-z]{2,}/g, "[email]"]];

const mask = (s: string, patterns: [RegExp, string][]) => patterns.reduce((out, [re, m]) => out.replace(re, m), s);
const scrubText = (s: string) => mask(mask(s, SECRET_TEXT), PERSONAL_TEXT);

/** The fields of a database error that name what failed without its values (postgres.js, PGlite). */
const DB_NAMES: Record<string, string> = {
  severity: "severity",
  table_name: "table",
  table: "table",
  column_name: "column",
  column: "column",
  constraint_name: "constraint",
  constraint: "constraint",
  schema_name: "schema",
  schema: "schema",
};

/**
 * An error without its values: its type, its message (a database's without the value it may end
 * with, drizzle's without the SQL and parameters), its code (a SQLSTATE), the database's names, the
 * stack frames and its cause. A failed query's SQL, parameters and detail never.
 */
function safeError(err: Error, depth = 0): Record<string, unknown> {
  const e = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { type: e.constructor?.name || e.name };
  const sqlState = typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code);
  const message = String(e.message);
  out.message = "params" in e ? "Failed query" : sqlState ? message.replace(/: .*$/s, `: ${CENSORED}`) : mask(message, SECRET_TEXT);
  if (typeof e.code === "string") out.code = e.code;
  for (const [from, to] of Object.entries(DB_NAMES)) if (typeof e[from] === "string") out[to] = e[from];
  if (typeof e.status === "number") out.status = e.status;
  if (e.stack)
    out.stack = e.stack
      .split("\n")
      .filter((l) => l.trimStart().startsWith("at "))
      .join("\n");
  if (e.cause instanceof Error && depth < 4) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/**
 * An error in one line without the values it may carry (a failed query's parameters, a secret), for
 * what is stored about a failure (an outbox attempt's detail). Email addresses are kept there.
 */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return mask(String(err), SECRET_TEXT);
  const parts: string[] = [];
  for (let e: Record<string, unknown> | undefined = safeError(err); e; e = e.cause as Record<string, unknown> | undefined) {
    const names = (["code", "table", "constraint", "column"] as const).filter((k) => e![k]).map((k) => `${k} ${e![k]}`);
    parts.push(names.length ? `${e.message} (${names.join(", ")})` : String(e.message));
  }
  return parts.join(": ");
}

/** Applies scrubText to every string of a value built here (a safe error), keeping its keys. */
const maskStrings = (v: unknown): unknown =>
  typeof v === "string" ? scrubText(v) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, maskStrings(x)])) : v;

/** A copy of a log field that is safe to write. */
function scrub(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Date) return value;
  if (value instanceof Error) return maskStrings(safeError(value));
  if (seen.has(value) || depth > 6) return "[…]";
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) && !ID_FIELD.test(k) ? CENSORED : scrub(v, depth + 1, seen);
  return out;
}

/** LOG_LEVEL, read on each line so a change applies at once (tests turn logs on for a moment). */
const envLevel = () => {
  const wanted = process.env.LOG_LEVEL?.toLowerCase() || "info";
  return wanted === "silent" || wanted in pino.levels.values ? wanted : "info";
};

/** By default lines go through the console, as before: information to stdout, errors to stderr. */
const consoleStreams = () =>
  pino.multistream(
    [
      { level: "info", stream: { write: (line: string) => console.log(line.trimEnd()) } },
      { level: "error", stream: { write: (line: string) => console.error(line.trimEnd()) } },
    ],
    { dedupe: true },
  );

const make = (destination: DestinationStream, level: string): Logger =>
  pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } }, destination);

let base = make(consoleStreams(), envLevel());
let fixedLevel = false;

/** Tests: send the lines to `destination` (a stream, or pino.destination(file)) at `level`; no argument restores the console. */
export function logTo(destination?: DestinationStream, level?: string) {
  base = make(destination ?? consoleStreams(), level ?? envLevel());
  fixedLevel = level !== undefined;
}

function current() {
  if (!fixedLevel) base.level = envLevel();
  return base;
}

type Fields = Record<string, unknown>;

export const logger = {
  info: (msg: string, fields: Fields = {}) => current().info(scrub(fields) as Fields, scrubText(msg)),
  error: (msg: string, fields: Fields = {}) => current().error(scrub(fields) as Fields, scrubText(msg)),
};
