import { z } from "zod";
import countries from "i18n-iso-countries";
import { amountPattern, amountRule, isCurrency, parseAmount } from "../money";
import { parseWireDate } from "../dates";
import { parsePercentage } from "../percentage";

/**
 * Parameter builders. Every wire value is a string; each builder validates one and turns it into
 * the value domain verbs use. `req` and `opt` attach the description (OpenAPI, forms) and mark
 * required-ness. An optional parameter sent empty parses to null ("clear it", Update semantics);
 * an absent one stays undefined ("leave it").
 */
export interface ParamMeta {
  description: string;
  example?: string;
  /** The resource an id parameter points at (contract tests make another brand's one). */
  refersTo?: string;
  /** Values listed in the docs. */
  values?: readonly string[];
  format?: string;
  [key: string]: unknown;
}

export const PARAM_META = new WeakMap<z.ZodType, ParamMeta & { required: boolean }>();

export function req<T extends z.ZodType>(schema: T, description: string, meta: Omit<ParamMeta, "description"> = {}) {
  const out = schema.describe(description) as T;
  PARAM_META.set(out, { ...meta, description, required: true });
  return out;
}

export function opt<T extends z.ZodType>(schema: T, description: string, meta: Omit<ParamMeta, "description"> = {}) {
  const out = z
    .preprocess((v) => (v === "" ? null : v), schema.nullable())
    .optional()
    .describe(description);
  PARAM_META.set(out, { ...meta, description, required: false });
  return out;
}

/** Optional but not clearable: absent leaves the field alone, empty is validated like any value. */
export function keep<T extends z.ZodType>(schema: T, description: string, meta: Omit<ParamMeta, "description"> = {}) {
  const out = schema.optional().describe(description);
  PARAM_META.set(out, { ...meta, description, required: false });
  return out;
}

/** C0 control characters and DEL: PostgreSQL refuses NUL in text, and none belongs in a one-line value. */
const CONTROLS = /[\u0000-\u001f\u007f]/;
/** The same but tab, CR and LF, which multi-line text (descriptions, bodies, notes) legitimately holds. */
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Free text on one line, with a length cap (a 1 MB value is refused, not stored). */
export const text = (max = 255) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((s) => !CONTROLS.test(s), { error: "must not contain control characters (line breaks, tabs, NUL)" });

/** Free text that may span lines (descriptions, bodies, notes): tab, CR and LF are kept, other controls refused. */
export const multilineText = (max = 2000) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((s) => !CONTROLS_BUT_LINES.test(s), { error: "must not contain control characters other than tab and line breaks" });

/** Deeper JSON than any honest parameter holds; past it recursive code (JSON.stringify) would overflow the stack. */
export const MAX_JSON_DEPTH = 64;

/**
 * What is wrong with a parsed JSON value, or null: nested deeper than MAX_JSON_DEPTH, a string (or key) with a
 * lone surrogate (a "\ud800" escape, which would be stored as U+FFFD), or with `controls` a string matching it.
 * Walked with a stack, not recursion, so 20,000 nested arrays are refused rather than overflowing.
 */
export function jsonProblem(value: unknown, controls?: RegExp): string | null {
  const stack: [unknown, number][] = [[value, 1]];
  const badString = (s: string) =>
    !s.isWellFormed()
      ? "is not valid UTF-8 (a lone surrogate escape)"
      : controls?.test(s)
        ? "must not contain control characters other than tab and line breaks"
        : null;
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === "string") {
      const problem = badString(v);
      if (problem) return problem;
    } else if (typeof v === "object" && v !== null) {
      if (depth > MAX_JSON_DEPTH) return `must not nest deeper than ${MAX_JSON_DEPTH} levels`;
      if (Array.isArray(v)) for (const x of v) stack.push([x, depth + 1]);
      else
        for (const k in v) {
          const problem = badString(k);
          if (problem) return problem;
          stack.push([(v as Record<string, unknown>)[k], depth + 1]);
        }
    }
  }
  return null;
}

export const flag = () => z.enum(["Y", "N"], { error: "must be Y or N" });

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of ${values.join(", ")}` });

/**
 * The currency amounts are read in while a parse runs: the brand's, set by parseParams (./parse.ts)
 * around the schema's synchronous safeParse, so "2500" is yen for a JPY brand and "25.00" dollars for
 * a USD one. Only synchronous: no parameter schema may have an async refinement.
 */
let parsingCurrency: string | undefined;

/** Runs a synchronous parse with amounts in `currency`. */
export function withAmountsIn<T>(currency: string, parse: () => T): T {
  const outer = parsingCurrency;
  parsingCurrency = currency;
  try {
    return parse();
  } finally {
    parsingCurrency = outer;
  }
}

/** The currency of the parse running now (for a rule that reads an amount its own way, e.g. a coupon's discount_value). */
export function amountsCurrency(): string {
  if (parsingCurrency === undefined) throw new Error("amounts are read in the brand's currency: parse through parseParams or withAmountsIn");
  return parsingCurrency;
}

/**
 * A non-negative amount with at most as many decimals as the brand's currency has (2 for USD, 0 for
 * JPY, 3 for KWD), as integer minor units. More decimals are refused, never rounded.
 */
export const money = () =>
  z.string().transform((s, c) => {
    const currency = amountsCurrency();
    if (!amountPattern(currency).test(s)) {
      c.issues.push({ code: "custom", message: amountRule(currency), input: s });
      return z.NEVER;
    }
    return parseAmount(s, currency);
  });

/** An ISO 4217 currency code in circulation (lib/money.ts); lower case is read as upper: "jpy" is JPY. */
export const currency = () =>
  z
    .string()
    .transform((s) => s.toUpperCase())
    .refine(isCurrency, { error: "must be an ISO 4217 currency code, like USD, EUR or JPY" });

/** A tax rate's percentage, 0 to 100 with at most 4 decimals ("20", "8.875"), as an integer of ten-thousandths of a percent (lib/percentage.ts). */
export const percentage = () =>
  z.string().transform((s, c) => {
    const value = parsePercentage(s);
    if (value === null) {
      c.issues.push({ code: "custom", message: "must be a percentage from 0 to 100 with at most 4 decimals, like 20 or 8.875", input: s });
      return z.NEVER;
    }
    return value;
  });

/** ISO 3166-1 alpha-2, any case on the wire, upper case inside. */
export const country = () =>
  z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: "must be a two-letter ISO 3166 country code, like US" })
    .transform((s) => s.toUpperCase())
    .refine((s) => countries.isValid(s), { error: "must be a two-letter ISO 3166 country code, like US" });

/**
 * A postal address on the wire: its lines in one string, separated by line feeds (CR LF too); lines
 * trimmed, empty ones dropped, at most `lines` of `width` characters. Stored and answered as the
 * lines joined by line feeds.
 */
export const addressLines = ({ lines = 6, width = 100 } = {}) =>
  multilineText(lines * (width + 2))
    .transform((s) =>
      s
        .split(/\r?\n|\r/)
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .refine((ls) => !ls.some((l) => l.includes("\t")), { error: "must not contain tabs" })
    .refine((ls) => ls.length <= lines, { error: `must have at most ${lines} lines` })
    .refine((ls) => ls.every((l) => l.length <= width), { error: `must have lines of at most ${width} characters` })
    .transform((ls) => ls.join("\n"));

export const integer = ({ min = 0, max = 2_147_483_647 } = {}) =>
  z
    .string()
    .regex(/^-?\d{1,10}$/, { error: "must be a whole number" })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );

/** M/D/YYYY on the wire, ISO YYYY-MM-DD inside. */
export const date = () =>
  z.string().transform((s, c) => {
    const iso = parseWireDate(s);
    if (!iso) {
      c.issues.push({ code: "custom", message: "must be a date like 11/22/2026", input: s });
      return z.NEVER;
    }
    return iso;
  });

/** Whitespace and controls: the URL parser silently drops some (tab, CR, LF), so an address holding them is refused. */
const URL_BLANKS = /[\s\u0000-\u001f\u007f]/;

export const isHttpUrl = (s: string) => {
  if (URL_BLANKS.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && Boolean(u.hostname) && /^https?:\/\//i.test(s);
  } catch {
    return false;
  }
};

/** A fully qualified http(s) address. URL parsing drops tabs and line breaks, so they are refused first, not stored. */
export const url = (max = 2048) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((s) => !URL_BLANKS.test(s), { error: "must not contain spaces or control characters", abort: true })
    .refine(isHttpUrl, { error: "must be a full http(s) address", abort: true });

/** A fully qualified http(s) address of an image (by extension). */
export const imageUrl = (extensions = ["gif", "png", "jpg", "jpeg"]) =>
  url().refine((s) => new RegExp(`\\.(${extensions.join("|")})$`, "i").test(new URL(s).pathname), {
    error: `must be the address of a ${extensions.join(", ")} image`,
  });

export const email = () =>
  z
    .string()
    .max(254, { error: "must be at most 254 characters" })
    .pipe(z.email({ error: "must be an email address" }));

/** A record id; ids that do not exist in the brand are answered 404 by the verb. */
export const id = () =>
  z
    .string()
    .max(64, { error: "must be at most 64 characters" })
    .refine((s) => !CONTROLS.test(s), { error: "must not contain control characters" });

/** A parameter carrying JSON text, validated by `schema`. */
export const json = <T extends z.ZodType>(schema: T, what = "JSON") =>
  z.string().transform((s, c): z.output<T> => {
    let value: unknown;
    try {
      value = JSON.parse(s);
    } catch {
      c.issues.push({ code: "custom", message: `must be valid ${what}`, input: s });
      return z.NEVER;
    }
    // Before any recursive check: a "\u0000" escape parses to NUL (refused by jsonb and text), deep nesting overflows.
    const problem = jsonProblem(value, CONTROLS_BUT_LINES);
    if (problem) {
      c.issues.push({ code: "custom", message: problem, input: s });
      return z.NEVER;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const at = first.path.length ? ` (at ${first.path.join(".")})` : "";
      c.issues.push({ code: "custom", message: `is not valid: ${first.message}${at}`, input: s });
      return z.NEVER;
    }
    return parsed.data;
  });

/** Credentials are read by dispatch, never by endpoints; listed here so they are not "ignored". */
export const CREDENTIAL_PARAMS = ["key", "user_key", "brand_id"] as const;

/**
 * A document number as typed by a person, for a lookup: trimmed, uppercase (prefixes are uppercase).
 * Here, not beside the counter in lib/document-numbers.ts: schemas reach the browser's forms, the
 * counter's database client must not.
 */
export const normalizeDocumentNumber = (text: string) => text.trim().toUpperCase();
