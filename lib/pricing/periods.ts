import { DateTime } from "luxon";

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

/** The first renewal of a subscription started on `startDate`: after the trial, or one period. */
export function firstRenewal(startDate: string, product: { expirationInterval: number; trial: boolean; trialIntervalDays: number | null }) {
  if (product.trial && (product.trialIntervalDays ?? 0) > 0) return addDays(startDate, product.trialIntervalDays!);
  if (product.expirationInterval === 0) return null;
  return addDays(startDate, product.expirationInterval);
}

/** Whole days an invoice is overdue on `now` (0 on its due date or before). */
export function daysOverdue(dueDate: string, now: Date, timeZone: string) {
  const d = DateTime.fromISO(today(now, timeZone), { zone: "UTC" }).diff(DateTime.fromISO(dueDate, { zone: "UTC" }), "days").days;
  return Math.max(0, Math.floor(d));
}
