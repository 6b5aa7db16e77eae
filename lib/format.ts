import { INVOICE_STATUS, STATUS } from "../db/schema/status";
import { DEFAULT_CURRENCY, toMajor } from "./money";

/**
 * The one formatter for people: the dashboard, the portal and the invoice PDF show money, dates and
 * statuses through it (read rows carry cents, Dates and named statuses; nothing here parses the
 * wire). The wire's own codecs ("25.00", M/D/YYYY, ISO instants) are lib/money.ts and lib/dates.ts,
 * which only the API's views and parameter builders use.
 */

export { DEFAULT_CURRENCY };
export const DEFAULT_LOCALE = "en-US";

const safeLocale = (locale: string | null | undefined) => {
  try {
    return Intl.getCanonicalLocales(locale ?? DEFAULT_LOCALE)[0] ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
};

const safeZone = (locale: string, timeZone: string | null | undefined) => {
  try {
    new Intl.DateTimeFormat(locale, { timeZone: timeZone ?? "UTC" });
    return timeZone ?? "UTC";
  } catch {
    return "UTC";
  }
};

/** Intl formatters are costly to build and a list formats hundreds of values: one per settings. */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key);
  if (!f) cache.set(key, (f = make()));
  return f as T;
}

/** 123456 -> "$1,234.56" (en-US), "1 234,56 $US" (fr-CA); compact for chart axes: "$1.2k". */
export function formatMoney(cents: number, currency: string, locale = DEFAULT_LOCALE, opts: { compact?: boolean } = {}) {
  if (opts.compact) {
    const d = Math.abs(toMajor(cents, currency));
    const short = d >= 1_000_000 ? `${+(d / 1_000_000).toFixed(1)}M` : d >= 1_000 ? `${+(d / 1_000).toFixed(1)}k` : `${Math.round(d)}`;
    return `${cents < 0 ? "-" : ""}${currencySymbol(currency, locale)}${short}`;
  }
  const loc = safeLocale(locale);
  return cached(`m|${loc}|${currency}`, () => new Intl.NumberFormat(loc, { style: "currency", currency })).format(toMajor(cents, currency));
}

/** A share kept in hundredths of a percent (a coupon's 1250) as people read it: "12.5%". */
export function formatPercent(hundredths: number, locale = DEFAULT_LOCALE) {
  const loc = safeLocale(locale);
  return cached(`p|${loc}`, () => new Intl.NumberFormat(loc, { style: "percent", maximumFractionDigits: 2 })).format(hundredths / 10_000);
}

function currencySymbol(currency: string, locale: string) {
  const loc = safeLocale(locale);
  const parts = cached(`m|${loc}|${currency}`, () => new Intl.NumberFormat(loc, { style: "currency", currency })).formatToParts(0);
  return parts.find((p) => p.type === "currency")?.value ?? currency;
}

/** A calendar date "2026-11-22" (or a month "2026-11") as that day ("Nov 22, 2026"), never shifted by a time zone. */
export function formatDate(isoDate: string | null | undefined, locale = DEFAULT_LOCALE) {
  if (!isoDate) return "—";
  const loc = safeLocale(locale);
  if (/^\d{4}-\d{2}$/.test(isoDate)) {
    return cached(`M|${loc}`, () => new Intl.DateTimeFormat(loc, { month: "short", year: "numeric", timeZone: "UTC" })).format(
      new Date(`${isoDate}-01T00:00:00Z`),
    );
  }
  return cached(`d|${loc}`, () => new Intl.DateTimeFormat(loc, { dateStyle: "medium", timeZone: "UTC" })).format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/**
 * An instant. With a time zone: date and time there in the reader's locale ("Nov 22, 2026, 3:04 PM"),
 * or only its calendar day (`day`). Without one: the staff's stamp, "2026-11-22 15:04 UTC".
 */
export function formatInstant(at: Date | string | null | undefined, where?: { timeZone: string; locale?: string; day?: boolean }) {
  if (!at) return "—";
  const d = typeof at === "string" ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) return String(at);
  if (!where) return d.toISOString().slice(0, 16).replace("T", " ") + " UTC";
  const loc = safeLocale(where.locale);
  const zone = safeZone(loc, where.timeZone);
  const style = where.day ? ({ dateStyle: "medium" } as const) : ({ dateStyle: "medium", timeStyle: "short" } as const);
  return cached(`i|${loc}|${zone}|${where.day ? 1 : 0}`, () => new Intl.DateTimeFormat(loc, { ...style, timeZone: zone })).format(d);
}

/**
 * An invoice's name wherever a person reads one (issue 31): its number, "Invoice NC-000042". Only
 * a subscription's first invoice, while its charge is pending, has none yet.
 */
export const invoiceName = (i: { number: string | null }) => `Invoice ${i.number || "(not issued)"}`;

/** A record id shown short (its last 8 characters); the full id stays in links and titles. */
export const shortId = (id: string | null | undefined) => (id ? id.slice(-8) : "—");

/** Who reads a status: staff see the ledger's words, customers the words of their bill. */
export type Audience = "staff" | "customer";
/** A badge's colour: the dashboard's and the portal's stylesheets both know these. */
export type Tone = "ok" | "warn" | "bad" | "info" | "plain";
type Label = readonly [label: string, tone: Tone];
type Labels = Record<string | number, { staff: Label; customer?: Label }>;

/** Every status a person reads, named once: the ledger (db/schema/status.ts), invoices', payments', tickets' and credit notes' (reason, where the money went). */
const STATUS_LABELS = {
  record: {
    [STATUS.ACTIVE]: { staff: ["Active", "ok"] },
    [STATUS.SUSPENDED]: { staff: ["Suspended", "warn"] },
    [STATUS.DELETED]: { staff: ["Deleted", "bad"], customer: ["Cancelled", "plain"] },
  },
  invoice: {
    [INVOICE_STATUS.UNPAID]: { staff: ["Unpaid", "warn"], customer: ["Unpaid", "bad"] },
    [INVOICE_STATUS.PAID]: { staff: ["Paid", "ok"] },
    [INVOICE_STATUS.PARTIALLY_PAID]: { staff: ["Partly paid", "info"], customer: ["Partly paid", "warn"] },
    [INVOICE_STATUS.DELETED]: { staff: ["Void", "bad"], customer: ["Void", "plain"] },
  },
  payment: {
    pending: { staff: ["Pending", "info"] },
    succeeded: { staff: ["Succeeded", "ok"], customer: ["Paid", "ok"] },
    failed: { staff: ["Failed", "bad"] },
    reversed: { staff: ["Refunded", "warn"] },
  },
  /** A ticket's working_status (TICKET_WORKING_STATUSES): staff's word, and the customer's (whose turn it is). */
  ticket: {
    OPEN: { staff: ["Open", "warn"], customer: ["Waiting for support", "warn"] },
    ANSWERED: { staff: ["Answered", "ok"] },
    WORKING: { staff: ["Working", "info"], customer: ["In progress", "warn"] },
    "ON HOLD": { staff: ["On hold", "info"], customer: ["On hold", "plain"] },
    CLOSED: { staff: ["Closed", "bad"], customer: ["Closed", "plain"] },
  },
  /** A coupon's status as shown (lib/catalog/read.ts: an active one past its last day is expired). */
  coupon: {
    active: { staff: ["Active", "ok"] },
    inactive: { staff: ["Inactive", "warn"] },
    expired: { staff: ["Expired", "info"] },
    deleted: { staff: ["Deleted", "bad"] },
  },
  /** Why a credit note was issued (CREDIT_NOTE_REASONS, issue 31). */
  credit_reason: {
    repriced: { staff: ["Repriced", "info"], customer: ["Price changed", "info"] },
    deleted: { staff: ["Invoice voided", "plain"] },
    withdrawn: { staff: ["Period withdrawn", "plain"], customer: ["Period not started", "plain"] },
    refunded: { staff: ["Payment refunded", "warn"], customer: ["Payment refunded", "plain"] },
  },
  /** Where a credit note's money went (CREDIT_NOTE_DESTINATIONS). */
  credit_destination: {
    prepaid_balance: { staff: ["Prepaid balance", "info"], customer: ["Added to your prepaid balance", "info"] },
    refund: { staff: ["Refunded", "warn"], customer: ["Refunded to you", "plain"] },
  },
} as const satisfies Record<string, Labels>;
export type StatusKind = keyof typeof STATUS_LABELS;

/** A status in words with its tone; an unknown one is shown as it is. */
export function statusLook(kind: StatusKind, status: number | string, audience: Audience = "staff"): Label {
  const entry = (STATUS_LABELS[kind] as Labels)[status];
  if (!entry) return [String(status), "info"];
  return (audience === "customer" && entry.customer) || entry.staff;
}

/** A status in words: statusLabel("invoice", 2) -> "Partly paid". */
export const statusLabel = (kind: StatusKind, status: number | string, audience: Audience = "staff") => statusLook(kind, status, audience)[0];

/** A status filter's choices (value as the list's URL carries it, staff's label). */
export const statusOptions = (kind: StatusKind) => Object.entries(STATUS_LABELS[kind] as Labels).map(([value, { staff }]) => ({ value, label: staff[0] }));

/**
 * A billing period as people say it: "Monthly", "Every 3 months", "Yearly", "Weekly", "Every 30
 * days", "Daily"; a count of 0 is "One time" (a one-time purchase). Every page, email and PDF that
 * shows a product's period says it through this.
 */
export function formatPeriod(unit: "day" | "week" | "month" | "year", count: number): string {
  if (count === 0) return "One time";
  if (count === 1) return PERIOD_WORDS[unit];
  return `Every ${count} ${unit}s`;
}
const PERIOD_WORDS = { day: "Daily", week: "Weekly", month: "Monthly", year: "Yearly" } as const;

/** A reader's formats, bound once: the portal's customer (their locale and zone) or the PDF's. */
export interface Formats {
  locale: string;
  timeZone: string;
  currency: string;
  money(cents: number): string;
  /** A calendar date "2026-11-22" as that day, never shifted by a time zone. */
  date(iso: string | null | undefined): string;
  /** An instant in the reader's time zone, date and time. */
  instant(at: Date | string | null | undefined): string;
  /** An instant's calendar day in the reader's time zone. */
  day(at: Date | string | null | undefined): string;
  status(kind: StatusKind, status: number | string): string;
}

export function formatsFor(locale: string, timeZone: string, currency = DEFAULT_CURRENCY, audience: Audience = "customer"): Formats {
  const loc = safeLocale(locale);
  const zone = safeZone(loc, timeZone);
  return {
    locale: loc,
    timeZone: zone,
    currency,
    money: (cents) => formatMoney(cents, currency, loc),
    date: (iso) => formatDate(iso, loc),
    instant: (at) => formatInstant(at, { timeZone: zone, locale: loc }),
    day: (at) => formatInstant(at, { timeZone: zone, locale: loc, day: true }),
    status: (kind, status) => statusLabel(kind, status, audience),
  };
}
