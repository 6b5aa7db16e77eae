import { DateTime } from "luxon";
import { addDays } from "../pricing/periods";
import { AGING, type AgingKey, type Overview } from "./overview";

/**
 * The list behind each overview figure: the dashboard list and the URL filters (as its page reads them,
 * lib/dashboard/exports.ts DASHBOARD_LISTS) that select exactly the records the figure counts or sums.
 * Days are the brand's calendar days, both ends inclusive.
 */
export type FigureList = "subscriptions" | "invoices" | "payments";
export interface FigureLink {
  list: FigureList;
  params: Record<string, string>;
}

const link = (list: FigureList, params: Record<string, string>): FigureLink => ({ list, params });

/** The days of `month` (YYYY-MM) inside [from, to]. */
function monthWithin(month: string, from: string, to: string) {
  const first = DateTime.fromISO(`${month}-01`, { zone: "UTC" });
  const start = first.toISODate()!;
  const end = first.endOf("month").toISODate()!;
  return { created_from: start > from ? start : from, created_to: end < to ? end : to };
}

export function figureLinks(o: Overview) {
  const { movement, revenue } = o.periods;
  const moved = { created_from: movement.from, created_to: movement.to };
  const invoiced = (range: Record<string, string>) => link("invoices", { status: "live", ...range, sort: "created_at", dir: "desc" });
  const collected = (range: Record<string, string>) => link("payments", { status: "collected", source: "received", ...range });
  const refunded = (range: { created_from: string; created_to: string }) =>
    link("payments", { status: "reversed", source: "received", reversed_from: range.created_from, reversed_to: range.created_to });
  return {
    /** MRR, ARR and the active count: active subscriptions not in a trial. */
    active: link("subscriptions", { status: "1", trial: "N" }),
    trialing: link("subscriptions", { status: "1", trial: "Y" }),
    newSubscriptions: link("subscriptions", { ...moved, returning: "N" }),
    reactivated: link("subscriptions", { ...moved, returning: "Y" }),
    churned: link("subscriptions", { ended_from: movement.from, ended_to: movement.to }),
    failedPayments: link("payments", { status: "failed", ...moved }),
    invoiced: invoiced({ created_from: revenue.from, created_to: revenue.to }),
    collected: collected({ created_from: revenue.from, created_to: revenue.to }),
    invoicedIn: (month: string) => invoiced(monthWithin(month, revenue.from, revenue.to)),
    collectedIn: (month: string) => collected(monthWithin(month, revenue.from, revenue.to)),
    /** Refunded: received payments reversed (money handed back) in the period, by the day they were reversed. */
    refunded: refunded({ created_from: revenue.from, created_to: revenue.to }),
    refundedIn: (month: string) => refunded(monthWithin(month, revenue.from, revenue.to)),
    outstanding: link("invoices", { status: "owed", sort: "due_date", dir: "asc" }),
    notDue: link("invoices", { age: "current", sort: "due_date", dir: "asc" }),
    aging: Object.fromEntries(AGING.map((a) => [a.key, link("invoices", { age: a.key, sort: "due_date", dir: "asc" })])) as Record<AgingKey, FigureLink>,
    renewals: (days: number) =>
      link("subscriptions", { status: "1", renews_from: o.today, renews_to: addDays(o.today, days), sort: "renewal_date", dir: "asc" }),
  };
}

/** A figure link's href under the brand's dashboard. */
export const figureHref = (brandId: string, l: FigureLink) => `/dashboard/${brandId}/${l.list}?${new URLSearchParams(l.params)}`;
