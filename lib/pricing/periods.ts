import { DateTime } from "luxon";
import type { IntervalUnit } from "../../db/schema/catalog";

export type { IntervalUnit };

/**
 * Billing dates are calendar dates (YYYY-MM-DD) in the brand's time zone; a renewal happens at the
 * start of its day there. Invoices for a renewal are generated 72 hours before it (spec, Limits).
 */
export const INVOICE_LEAD_HOURS = 72;

export const addDays = (isoDate: string, days: number) => DateTime.fromISO(isoDate, { zone: "UTC" }).plus({ days }).toISODate()!;

/** The instant a calendar date starts in a time zone. */
export const startOfDay = (isoDate: string, timeZone: string) => DateTime.fromISO(isoDate, { zone: timeZone }).startOf("day").toJSDate();

/** Today's calendar date in a time zone. */
export const today = (now: Date, timeZone: string) => DateTime.fromJSDate(now, { zone: timeZone }).toISODate()!;

/** When the invoice for a renewal is due to be generated. */
export const invoiceGenerationAt = (renewalDate: string, timeZone: string) =>
  DateTime.fromJSDate(startOfDay(renewalDate, timeZone)).minus({ hours: INVOICE_LEAD_HOURS }).toJSDate();

/** The latest renewal date whose invoice is due by `now`: renewals on or before it get invoiced. */
export const invoiceHorizon = (now: Date, timeZone: string) => DateTime.fromJSDate(now, { zone: timeZone }).plus({ hours: INVOICE_LEAD_HOURS }).toISODate()!;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** Days in a month (1-12) of a year. */
export const daysInMonth = (y: number, m: number) => (m === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[m - 1]);
const pad = (n: number) => String(n).padStart(2, "0");
const parts = (iso: string) => [Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))] as const;

/** A calendar date `months` months after `iso` with the given day of month, clamped to the month's last day. */
function monthsLater(iso: string, months: number, dayOfMonth = parts(iso)[2]) {
  const [y, m] = parts(iso);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${year}-${pad(month)}-${pad(Math.min(dayOfMonth, daysInMonth(year, month)))}`;
}

/** Months in one period of a month or year plan. */
const monthsPer = (unit: IntervalUnit, count: number) => (unit === "year" ? 12 * count : count);

/**
 * The end of the n-th period from a subscription's anchor (n = 0 is the anchor itself): the one
 * function every renewal date comes from. Day and week periods are n × count days or weeks after the
 * anchor (so weekly keeps the anchor's weekday); month and year periods fall on the anchor's day of
 * month, clamped to the month's last day (from January 31: February 28 or 29, March 31, April 30…;
 * yearly from February 29: February 28 in common years). Never from the previous renewal, so a short
 * month does not move the later ones. `dayOfMonth` (a billing_day) stands for the anchor's day when
 * the anchor itself was clamped (billing day 31 first falling on February 28).
 */
export function periodEnd(anchor: string, unit: IntervalUnit, count: number, n: number, dayOfMonth?: number | null): string {
  if (unit === "day") return addDays(anchor, n * count);
  if (unit === "week") return addDays(anchor, 7 * n * count);
  return monthsLater(anchor, n * monthsPer(unit, count), dayOfMonth ?? undefined);
}

/** The first period end from `anchor` after `after` (a renewal date): where a subscription renews next. */
export function nextRenewal(anchor: string, unit: IntervalUnit, count: number, after: string, dayOfMonth?: number | null): string {
  let n: number;
  if (unit === "day" || unit === "week") {
    const len = (unit === "week" ? 7 : 1) * count;
    n = Math.floor(daysBetween(anchor, after) / len) + 1;
  } else {
    const [ay, am] = parts(anchor);
    const [y, m] = parts(after);
    n = Math.floor((y * 12 + m - (ay * 12 + am)) / monthsPer(unit, count));
  }
  n = Math.max(1, n);
  const end = (k: number) => periodEnd(anchor, unit, count, k, dayOfMonth);
  while (end(n) <= after) n++;
  while (n > 1 && end(n - 1) > after) n--;
  return end(n);
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A product's period, as billing reads it. */
export interface PeriodTerms {
  expirationInterval: number;
  intervalUnit: IntervalUnit;
}

/** A subscription's anchor: the date its periods count from, and the billing day standing for its day of month. */
export interface Anchor {
  billingAnchor: string | null;
  billingDay: number | null;
}

/**
 * Where a subscription renews after the renewal on `renewalDate`: the next period end from its
 * anchor (a subscription without one, from before anchors, anchors on that renewal), or null for a
 * one-time product.
 */
export function renewalAfter(renewalDate: string, a: Anchor, p: PeriodTerms) {
  if (p.expirationInterval === 0) return null;
  const anchored = a.billingAnchor !== null && a.billingAnchor <= renewalDate;
  return nextRenewal(anchored ? a.billingAnchor! : renewalDate, p.intervalUnit, p.expirationInterval, renewalDate, anchored ? a.billingDay : null);
}

/**
 * The first day `billingDay` (1-31, clamped to the month's last day) after `startDate`: where a
 * subscription created with billing_day ends its first, partial period.
 */
export function nextBillingDay(startDate: string, billingDay: number) {
  const [, , d] = parts(startDate);
  const thisMonth = monthsLater(startDate, 0, billingDay);
  return d < Number(thisMonth.slice(8, 10)) ? thisMonth : monthsLater(startDate, 1, billingDay);
}

/**
 * The first, partial period of a subscription created with a billing day: its days from the start
 * to the first billing day, of the days of the full period ending there (lib/pricing/pricing.ts
 * prorates by them).
 */
export function firstPartialPeriod(startDate: string, anchor: string, p: PeriodTerms, billingDay: number) {
  const fullStart = periodEnd(anchor, p.intervalUnit, p.expirationInterval, -1, billingDay);
  return { days: daysBetween(startDate, anchor), ofDays: daysBetween(fullStart, anchor) };
}

/**
 * What is left of the current period on `day` (a change's day, in the brand's time zone): its days
 * from that day to the renewal, of the days from the period's start to it; null when nothing is
 * left (the renewal is due) or the period has no length. The same PartialPeriod a billing day's
 * first period is prorated by (lib/pricing/pricing.ts prorate). `fullStart`: a billing day's first
 * period, itself billed as a part of the full period ending on the renewal, counts that full
 * period's days (firstPartialPeriod), as its invoice did.
 */
export function unusedPart(periodStart: string, renewalDate: string, day: string, fullStart = periodStart) {
  const ofDays = daysBetween(fullStart, renewalDate);
  const days = Math.min(daysBetween(periodStart, renewalDate), daysBetween(day, renewalDate));
  return days > 0 && ofDays > 0 ? { days, ofDays } : null;
}

/**
 * The first renewal of a subscription started on `startDate`: after the trial, or one period from
 * the anchor (the start date), or the billing day's date for a subscription created with one.
 */
export function firstRenewal(startDate: string, product: PeriodTerms & { trial: boolean; trialIntervalDays: number | null }, billingDay?: number | null) {
  if (product.trial && (product.trialIntervalDays ?? 0) > 0) return addDays(startDate, product.trialIntervalDays!);
  if (product.expirationInterval === 0) return null;
  if (billingDay) return nextBillingDay(startDate, billingDay);
  return periodEnd(startDate, product.intervalUnit, product.expirationInterval, 1);
}

/**
 * The anchor a new subscription's renewals count from: the end of its trial, its billing day's
 * first date, or else its start date.
 */
export function billingAnchor(startDate: string, product: PeriodTerms & { trial: boolean; trialIntervalDays: number | null }, billingDay?: number | null) {
  if (product.trial && (product.trialIntervalDays ?? 0) > 0) return addDays(startDate, product.trialIntervalDays!);
  if (billingDay && product.expirationInterval > 0) return nextBillingDay(startDate, billingDay);
  return startDate;
}

/** Whole days an invoice is overdue on `now` (0 on its due date or before). */
export function daysOverdue(dueDate: string, now: Date, timeZone: string) {
  const d = DateTime.fromISO(today(now, timeZone), { zone: "UTC" }).diff(DateTime.fromISO(dueDate, { zone: "UTC" }), "days").days;
  return Math.max(0, Math.floor(d));
}

/**
 * What one period is of a month, as a fraction times / per: a month's 1, n months' 1/n, a year's
 * 1/12, n years' 1/(12n), a week's 52/12 (n weeks' 52/(12n)), n days' 365/12/n. MRR is each plan's
 * charge × its share (lib/insights/overview.ts sums them exactly).
 */
export function monthlyShare(unit: IntervalUnit, count: number): { times: number; per: number } {
  if (unit === "month") return { times: 1, per: count };
  if (unit === "year") return { times: 1, per: 12 * count };
  if (unit === "week") return { times: 52, per: 12 * count };
  return { times: 365, per: 12 * count };
}
