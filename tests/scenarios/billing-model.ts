/**
 * The billing property's oracle: a small model of what docs/billing.md promises for
 * each subscription, driven by the same steps as the engine and compared with the database. It knows
 * nothing of the engine's tables beyond what it reads to compare; its rules are docs/billing.md's:
 * - a period starts on each renewal date while the subscription is active and billable (product not
 *   deleted, group active); restoring resumes from today; nothing after deletion; one-time ends;
 * - the invoice of a period is priced from the terms committed when it is generated (72 hours
 *   ahead, or at the renewal when no run generated it), and priced again by every change to the
 *   subscription until the period starts; a catalog price change (Product/Update) reaches only
 *   invoices priced after it;
 * - metered usage goes on the renewal that ends the cycle (not after a trial, and it waits when
 *   staff deleted that invoice);
 * - a coupon's cycles are the started invoices that carry it; percent coupons first, then amounts;
 * - periods are days, weeks, calendar months or years: a month or year renewal falls `months` after
 *   the one before, on the anchor's day clamped to the month's last day (computed here with Date.UTC,
 *   not lib/pricing/periods.ts); a renewal date moved by hand, a restore or a ChangeProduct to another
 *   period (which renews that day) moves the anchor's day; a Product/Update of the period keeps a
 *   calendar plan's day and takes the renewal date's from days or weeks.
 */
import { addDays, invoiceHorizon, today } from "../../lib/pricing/periods";

export type CouponDuration = "once" | "cycles" | "forever";
export type MUnit = "day" | "week" | "month" | "year";
export interface MProduct {
  id: string;
  price: number;
  interval: number;
  unit: MUnit;
  trial: boolean;
  /** Auto pay discount in cents (0: none); every subscription here has auto pay Y. */
  discount: number;
  deleted: boolean;
}
export interface MCoupon {
  code: string;
  duration: CouponDuration;
  cycles: number;
  percent: boolean;
}
/** An invoice the model expects: its period, total without credit lines, the coupons it carries. */
export interface MInvoice {
  start: string;
  total: number;
  coupons: string[];
  /** Deleted by staff (the period is forgiven, still billed once). */
  deleted: boolean;
}
export interface MSub {
  id: string;
  account: number;
  product: number | null;
  status: 1 | 2 | 3;
  renewal: string | null;
  /** The day of month month and year renewals fall on (clamped): the anchor's. */
  anchorDay: number;
  inTrial: boolean;
  /** Quantitative seats (units), null once detached; whether the meter is attached and its usage. */
  seats: number | null;
  meter: boolean;
  usage: number;
  coupons: string[];
  started: MInvoice[];
  /** The live invoice generated ahead for the coming renewal. */
  upcoming: MInvoice | null;
  /** Invoices of periods not started that staff deleted, by period: they still hold their period. */
  deletedAhead: Record<string, MInvoice>;
}
export interface Model {
  tz: string;
  products: MProduct[];
  seatPrice: number;
  meterPrice: number;
  seatsDeleted: boolean;
  meterDeleted: boolean;
  coupons: MCoupon[];
  groupActive: boolean;
  subs: MSub[];
}

const SEATS_FREE = 1;
const SEATS_MAX = 10;
const PERCENT = 2500; // 25.00 %, in hundredths
const AMOUNT_OFF = 300;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
export const couponOf = (m: Model, code: string) => m.coupons.find((c) => same(c.code, code))!;
const allowed = (c: MCoupon) => (c.duration === "once" ? 1 : c.duration === "cycles" ? c.cycles : Infinity);

/** Cycles a coupon used on a subscription: its started invoices that carry it (docs/billing.md, Coupon cycles). */
export const cyclesUsed = (s: MSub, code: string) => s.started.filter((i) => i.coupons.some((c) => same(c, code))).length;

export const productOf = (m: Model, s: MSub) => (s.product === null ? null : m.products[s.product]);
export const billable = (m: Model, s: MSub) => m.groupActive && productOf(m, s) !== null && !productOf(m, s)!.deleted;
const renews = (m: Model, s: MSub) => s.status === 1 && s.renewal !== null && billable(m, s);

/** One regular period's charge from the subscription's terms now, and the coupons on it. */
export function price(m: Model, s: MSub): { total: number; coupons: string[] } {
  const p = productOf(m, s)!;
  const seats = s.seats !== null && !m.seatsDeleted ? Math.max(0, Math.min(s.seats, SEATS_MAX) - SEATS_FREE) * m.seatPrice : 0;
  const gross = p.price + seats;
  const net = gross - Math.min(p.discount, gross);
  const on = s.coupons.map((code) => couponOf(m, code)).filter((c) => cyclesUsed(s, c.code) < allowed(c));
  let left = net;
  for (const c of [...on.filter((c) => c.percent), ...on.filter((c) => !c.percent)]) {
    left -= Math.min(c.percent ? Math.floor((net * PERCENT + 5000) / 10000) : AMOUNT_OFF, left);
  }
  return { total: left, coupons: on.map((c) => c.code) };
}

const dayOf = (iso: string) => Number(iso.slice(8, 10));

/** The renewal one period of `p` after `from`, a calendar month or year plan on `anchorDay` clamped. */
export function after(p: MProduct, from: string, anchorDay: number): string | null {
  if (p.interval === 0) return null;
  if (p.unit === "day") return addDays(from, p.interval);
  if (p.unit === "week") return addDays(from, 7 * p.interval);
  const d = new Date(`${from}T00:00:00Z`);
  const months = d.getUTCMonth() + p.interval * (p.unit === "year" ? 12 : 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(d.getUTCFullYear(), months, Math.min(anchorDay, last))).toISOString().slice(0, 10);
}

/** The up-front invoice of a new subscription: the trial (free here) or the first regular period. */
export function startSub(m: Model, s: MSub, now: Date) {
  const p = productOf(m, s)!;
  const start = today(now, m.tz);
  s.started.push(p.trial ? { start, total: 0, coupons: [], deleted: false } : { start, ...price(m, s), deleted: false });
  s.inTrial = p.trial;
  s.renewal = p.trial ? addDays(start, 3) : after(p, start, dayOf(start));
  s.anchorDay = dayOf(p.trial ? s.renewal! : start);
}

/** A renewal date moved other than by a renewal: it is the anchor from now on. */
export function moveRenewal(s: MSub, to: string, always = false) {
  if (always || to !== s.renewal) s.anchorDay = dayOf(to);
  s.renewal = to;
}

/** Billing resumes from today: a renewal date that passed while not billed becomes today. */
export function resume(m: Model, s: MSub, now: Date) {
  const day = today(now, m.tz);
  if (s.renewal !== null && s.renewal < day) moveRenewal(s, day);
}

/**
 * ChangeProduct of a billed subscription to a plan of another unit or length (not in a trial, not a
 * one-time purchase or plan): a new period starts today (it renews today; a period that started
 * today takes the new length), and today is the anchor.
 */
export function changePeriod(m: Model, s: MSub, to: MProduct, now: Date) {
  const from = productOf(m, s)!;
  if ((from.unit === to.unit && from.interval === to.interval) || s.inTrial || s.renewal === null || to.interval === 0) return;
  const day = today(now, m.tz);
  s.anchorDay = dayOf(day);
  s.renewal = s.started.at(-1)!.start < day ? day : after(to, day, dayOf(day));
}

/** A product's period changed: a calendar plan keeps its day of month; from days or weeks the renewal date's becomes it. */
export function productPeriodChanged(m: Model, i: number, from: MUnit) {
  for (const s of m.subs) {
    if (s.product !== i || s.renewal === null) continue;
    if (from !== "month" && from !== "year") s.anchorDay = dayOf(s.renewal);
  }
}

/**
 * After any change to a subscription: the invoice generated ahead follows the renewal (moved with
 * its date, priced again), or is voided when the renewal will not happen.
 */
export function afterChange(m: Model, s: MSub) {
  if (!s.upcoming) return;
  const taken = (day: string) => s.deletedAhead[day] !== undefined || s.started.some((i) => i.start === day);
  if (!renews(m, s) || (s.renewal !== s.upcoming.start && taken(s.renewal!))) s.upcoming = null;
  else s.upcoming = { ...s.upcoming, start: s.renewal!, ...price(m, s) };
}

/** What one billing run does (any number of runners): generate 72 hours ahead and renew, catching up. */
export function bill(m: Model, now: Date, beforePass: (pass: number) => void = () => {}) {
  const day = today(now, m.tz);
  const horizon = invoiceHorizon(now, m.tz);
  for (let pass = 0; pass < 400; pass++) {
    beforePass(pass);
    let renewed = 0;
    for (const s of m.subs) {
      if (!renews(m, s)) continue;
      const start = s.renewal!;
      if (!s.upcoming && !s.deletedAhead[start] && start <= horizon) s.upcoming = { start, ...price(m, s), deleted: false };
      if (start > day) continue;
      const invoice = s.upcoming ?? s.deletedAhead[start] ?? { start, ...price(m, s), deleted: false };
      delete s.deletedAhead[start];
      s.upcoming = null;
      if (s.meter && !m.meterDeleted) {
        if (s.inTrial) s.usage = 0;
        else if (!invoice.deleted) {
          invoice.total += s.usage * m.meterPrice;
          s.usage = 0;
        }
      }
      s.started.push(invoice);
      s.renewal = after(productOf(m, s)!, start, s.anchorDay);
      s.inTrial = false;
      renewed++;
    }
    if (renewed === 0) return;
  }
}
