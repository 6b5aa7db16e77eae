/**
 * The brand overview's figures (lib/insights/overview.ts), on a brand built through the API while the
 * clock moves day by day and billing runs: each figure is checked to the cent against a computation
 * written here, from the scenario's prices and from what the API lists.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { getDb } from "../db/client";
import { brands } from "../db/schema";
import { systemContext, allBrandsContext } from "../lib/auth/context";
import { runBilling } from "../lib/billing/run-billing";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { brandOverview } from "../lib/insights/overview";
import { periodOf, type PeriodKey } from "../lib/insights/periods";
import { figureHref, figureLinks, type FigureLink } from "../lib/insights/links";
import { DASHBOARD_LISTS } from "../lib/dashboard/exports";
import { parseTableQuery } from "../components/data-table/search-params";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { makeComponent, makeCoupon, makeGroup, makeProduct } from "./support/catalog";
import { CARDS, items, makeAccount, makeCard, makeGateway } from "./support/payments";

const clock = new ManualClock("2026-01-10T09:00:00Z");
beforeAll(() => useClock(clock));
afterAll(() => useClock(systemClock));

const cents = (s: string) => Math.round(Number(s) * 100);
const NOW = "2026-04-20T12:00:00Z";

/** The scenario's catalog, as the test knows it (the independent side of every MRR check). */
const PRICES = {
  A: { recurring: 2000, days: 30, autoPayOff: 200 },
  B: { recurring: 9000, days: 90, autoPayOff: 0 },
  T: { recurring: 1000, days: 30, autoPayOff: 0 },
};
const TRADITIONAL = 499;
const QUANTITATIVE = { unit: 150, starting: 2 };

let t: Tenant;
const subs: Record<string, { id: string; product: keyof typeof PRICES; autoPay: boolean; traditional?: boolean; units?: number }> = {};
const coupons: Record<string, { code: string; percent?: number; amount?: number; cycles: number }> = {};

/** Events of the scenario by day (UTC, the brand's zone); billing runs every day in between. */
async function scenario() {
  const product = {} as Record<keyof typeof PRICES, string>;
  let trad = "";
  let quant = "";
  let card = "";
  const accounts: string[] = [];
  const subscribe = async (
    key: string,
    account: string,
    p: keyof typeof PRICES,
    extra: Record<string, string> = {},
    meta: Partial<(typeof subs)[string]> = {},
  ) => {
    const autoPay = extra.auto_pay === "Y";
    const s = await ok(t, "json", "Subscription/Create", {
      method: "POST",
      params: { customer_account_id: account, product_id: product[p], override_initial_billing: "Y", auto_pay: "N", ...extra },
    });
    subs[key] = { id: s.subscription.subscription_id, product: p, autoPay, ...meta };
  };
  const invoice = async (account: string, price: string, due: string) =>
    (await ok(t, "json", "Invoice/Create", { method: "POST", params: { customer_account_id: account, due_date: due, attached_items: items(price) } })).invoice
      .invoice_id as string;

  const events: Record<string, () => Promise<void>> = {
    "2026-01-10": async () => {
      await makeGateway(t);
      const group = await makeGroup(t);
      product.A = (
        await makeProduct(t, group.product_group_id, {
          recurring_price: "20.00",
          expiration_interval: "30",
          auto_pay_discount: "Y",
          auto_pay_discount_amount: "2.00",
        })
      ).product_id;
      product.B = (await makeProduct(t, group.product_group_id, { recurring_price: "90.00", expiration_interval: "90" })).product_id;
      product.T = (
        await makeProduct(t, group.product_group_id, { recurring_price: "10.00", trial: "Y", trial_interval: "14", trial_price: "0.00" })
      ).product_id;
      trad = (await makeComponent(t, group.product_group_id, { unit_price: "4.99" })).component_id;
      quant = (
        await makeComponent(t, group.product_group_id, { component_type: "quantitative", unit_price: "1.50", starting_quantity: "2", maximum_units: "10" })
      ).component_id;
      const forever = await makeCoupon(t, { discount_type: "percent", discount_value: "10", duration: "forever" });
      const once = await makeCoupon(t, { discount_type: "amount", discount_value: "5.00", duration: "once" });
      coupons.forever = { code: forever.coupon_code, percent: 1000, cycles: Infinity };
      coupons.once = { code: once.coupon_code, amount: 500, cycles: 1 };
      for (let i = 0; i < 5; i++) accounts.push(await makeAccount(t));
      card = await makeCard(t, accounts[0]);
      await subscribe(
        "s1",
        accounts[0],
        "A",
        { auto_pay: "Y", pay_method_id: card, coupon_code: coupons.forever.code, attached_components: JSON.stringify([{ component_id: trad, units: "1" }]) },
        { traditional: true },
      );
      await invoice(accounts[1], "100.00", "1/10/2026");
    },
    "2026-02-15": async () => {
      await subscribe(
        "s2",
        accounts[1],
        "B",
        { coupon_code: coupons.once.code, attached_components: JSON.stringify([{ component_id: quant, units: "5" }]) },
        { units: 5 },
      );
      await subscribe("s4", accounts[3], "A");
      await invoice(accounts[2], "50.00", "2/15/2026");
    },
    "2026-02-20": async () => {
      const inv = (await ok(t, "json", "Invoice/List", { params: { customer_account_id: accounts[2] } })).invoices.find((i: any) => i.total === "50.00");
      await ok(t, "json", "Payment/Create", {
        method: "POST",
        params: { customer_account_id: accounts[2], invoice_id: inv.invoice_id, apply_to_prepaid_balance: "N", override_billing: "Y", amount: "20.00" },
      });
    },
    "2026-03-10": async () => {
      await ok(t, "json", "Subscription/Delete", { method: "DELETE", params: { subscription_id: subs.s4.id } });
      await invoice(accounts[3], "40.00", "3/10/2026");
    },
    "2026-04-01": async () => {
      await subscribe("s4b", accounts[3], "A");
      await subscribe("s5", accounts[4], "A");
      await ok(t, "json", "Subscription/Suspend", { method: "PATCH", params: { subscription_id: subs.s5.id } });
      const declines = await makeCard(t, accounts[4], CARDS.declines, { require_verification: "N" });
      const inv = await invoice(accounts[4], "15.00", "4/1/2026");
      const r = await call("json", "Payment/Create", {
        method: "POST",
        creds: t,
        params: {
          customer_account_id: accounts[4],
          invoice_id: inv,
          apply_to_prepaid_balance: "N",
          override_billing: "N",
          amount: "15.00",
          pay_method_id: declines,
        },
      });
      expect(r.status).toBe(402);
    },
    "2026-04-10": async () => {
      await subscribe("s3", accounts[2], "T");
      await invoice(accounts[2], "30.00", "5/31/2026");
    },
  };
  const db = await getDb();
  for (let d = DateTime.fromISO("2026-01-10", { zone: "UTC" }); d.toISODate()! <= "2026-04-20"; d = d.plus({ days: 1 })) {
    clock.set(`${d.toISODate()}T00:30:00Z`);
    await runBilling({ ctx: allBrandsContext(db, clock.now()) });
    clock.set(`${d.toISODate()}T09:00:00Z`);
    await events[d.toISODate()!]?.();
  }
  clock.set(NOW);
}

/* ---------- the independent side ---------- */

const percentOf = (c: number, hundredths: number) => Math.floor((c * hundredths + 5000) / 10000);

/** A subscription's next regular charge from the scenario's prices and its coupons' cycles as listed. */
function expectedCharge(key: string, listed: any): number {
  const s = subs[key];
  const p = PRICES[s.product];
  let charge = p.recurring + (s.traditional ? TRADITIONAL : 0) + (s.units ? Math.max(0, s.units - QUANTITATIVE.starting) * QUANTITATIVE.unit : 0);
  if (s.autoPay) charge -= Math.min(p.autoPayOff, charge);
  let off = 0;
  for (const c of listed.coupons ?? []) {
    const def = Object.values(coupons).find((x) => x.code.toLowerCase() === String(c.coupon_code).toLowerCase())!;
    if (Number(c.cycles_applied) >= def.cycles) continue;
    off += def.percent ? percentOf(charge, def.percent) : def.amount!;
  }
  return charge - Math.min(off, charge);
}

const listAll = async (path: string, ns: string) => (await ok(t, "json", path, { params: {} }))[ns] as any[];
const instant = (v: string) => DateTime.fromISO(new Date(v).toISOString(), { zone: "UTC" });

describe("brand overview figures", () => {
  let listedSubs: any[];
  let listedInvoices: any[];
  let listedPayments: any[];
  const overview = async (key: PeriodKey) => {
    const db = await getDb();
    const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    return brandOverview(systemContext(db, brand, clock), key);
  };

  beforeAll(async () => {
    clock.set("2026-01-10T09:00:00Z");
    t = await makeTenant();
    await scenario();
    listedSubs = await listAll("Subscription/List", "subscriptions");
    listedInvoices = await listAll("Invoice/List", "invoices");
    listedPayments = await listAll("Payment/List", "payments");
  }, 120_000);

  const byKey = (key: string) => listedSubs.find((s) => s.subscription_id === subs[key].id);

  it("MRR and ARR: active subscriptions' next charge, net of auto pay and coupons, per month (an n-day plan's × 365/12/n)", async () => {
    const o = await overview("30d");
    // Hand-checked: s1 20.00 + 4.99 - 2.00 auto pay = 22.99, less 10% (2.30) = 20.69 a 30-day period;
    // s2 90.00 + 3 x 1.50 = 94.50 a 90-day period (its once coupon used up); s4b 20.00. A month is 365/12 days:
    // 2069 × 365/360 + 9450 × 365/1080 + 2000 × 365/360 = 7319.26 cents.
    const active = ["s1", "s2", "s4b"];
    for (const k of active) expect(cents(byKey(k).next_renewal_amount), k).toBe(expectedCharge(k, byKey(k)));
    const exact = active.reduce((sum, k) => sum + (expectedCharge(k, byKey(k)) * 365) / 12 / PRICES[subs[k].product].days, 0);
    expect(o.mrr).toBe(Math.round(exact));
    expect(o.mrr).toBe(7319);
    expect(o.arr).toBe(o.mrr * 12);
    expect(o.active).toBe(3);
    expect(o.trialing).toBe(1);
    expect(byKey("s3").in_trial).toBe("Y");
  });

  it("new, reactivated and churned subscriptions in the period", async () => {
    for (const key of ["30d", "12m", "month"] as const) {
      const o = await overview(key);
      const p = periodOf(key, clock.now(), "UTC");
      const inP = (v: string | null | undefined) => !!v && instant(v).toISODate()! >= p.from && instant(v).toISODate()! <= p.to;
      const returning = (s: any) =>
        listedSubs.some((o2) => o2.customer_account_id === s.customer_account_id && o2.deleted && new Date(o2.deleted) < new Date(s.created));
      const created = listedSubs.filter((s) => inP(s.created));
      expect(o.newSubscriptions, key).toBe(created.filter((s) => !returning(s)).length);
      expect(o.reactivated, key).toBe(created.filter(returning).length);
      expect(o.churned, key).toBe(listedSubs.filter((s) => inP(s.deleted)).length);
    }
    const year = await overview("12m");
    expect([year.newSubscriptions, year.reactivated, year.churned]).toEqual([5, 1, 1]);
  });

  it("invoiced and collected by month, and failed payments, to the cent", async () => {
    for (const key of ["30d", "12m", "ytd"] as const) {
      const o = await overview(key);
      const p = periodOf(key, clock.now(), "UTC");
      const inP = (v: string) => instant(v).toISODate()! >= p.from && instant(v).toISODate()! <= p.to;
      const month = (v: string) => instant(v).toFormat("yyyy-MM");
      const expected = p.months.map((m) => ({
        month: m,
        invoiced: listedInvoices.filter((i) => !i.deleted && inP(i.created) && month(i.created) === m).reduce((s, i) => s + cents(i.total), 0),
        collected: listedPayments
          .filter((x) => ["succeeded", "reversed"].includes(x.payment_status) && inP(x.created) && month(x.created) === m)
          .reduce((s, x) => s + cents(x.amount), 0),
      }));
      // (Tax and refunds: tests/insights-tax.test.ts.)
      expect(
        o.revenueByMonth.map(({ month, invoiced, collected }) => ({ month, invoiced, collected })),
        key,
      ).toEqual(expected);
      const failed = listedPayments.filter((x) => x.payment_status === "failed" && inP(x.created));
      expect(o.failedPayments, key).toEqual({ count: failed.length, amount: failed.reduce((s, x) => s + cents(x.amount), 0) });
    }
    const year = await overview("12m");
    expect(year.failedPayments).toEqual({ count: 1, amount: 1500 });
    expect(year.invoiced).toBeGreaterThan(0);
    expect(year.collected).toBeGreaterThan(0);
  });

  it("receivables by days past due", async () => {
    const o = await overview("30d");
    const today = "2026-04-20";
    const open = listedInvoices.filter((i) => !i.deleted && cents(i.balance) > 0);
    const overdue = (i: any) => {
      const [m, d, y] = i.due_date.split("/").map(Number);
      return DateTime.fromISO(today, { zone: "UTC" }).diff(DateTime.utc(y, m, d), "days").days;
    };
    const sum = (list: any[]) => ({ count: list.length, amount: list.reduce((s, i) => s + cents(i.balance), 0) });
    expect(o.receivables.notDue).toEqual(sum(open.filter((i) => overdue(i) <= 0)));
    const ranges = [
      [1, 30],
      [31, 60],
      [61, 90],
      [91, Infinity],
    ];
    expect(o.receivables.aging.map(({ count, amount }) => ({ count, amount }))).toEqual(
      ranges.map(([lo, hi]) => sum(open.filter((i) => overdue(i) >= lo && overdue(i) <= hi))),
    );
    expect(o.receivables.outstanding).toEqual(sum(open));
    // The manual invoices: 100.00 due Jan 10 (100 days), 30.00 left of 50.00 due Feb 15 (64 days),
    // 40.00 due Mar 10 (41 days), 15.00 due Apr 1 (19 days); 30.00 due May 31 is not yet due.
    expect(o.receivables.aging.find((a) => a.key === "90+")!.amount).toBeGreaterThanOrEqual(10000);
    expect(o.receivables.notDue.amount).toBeGreaterThanOrEqual(3000);
  });

  it("upcoming renewals in the next 7 and 30 days with their amounts", async () => {
    const o = await overview("30d");
    const live = listedSubs.filter((s) => Number(s.status) === 1);
    for (const days of [7, 30] as const) {
      const last = DateTime.fromISO("2026-04-20", { zone: "UTC" }).plus({ days }).toISODate()!;
      const due = live.filter((s) => {
        const [m, d, y] = s.renewal_date.split("/").map(Number);
        const iso = DateTime.utc(y, m, d).toISODate()!;
        return iso >= "2026-04-20" && iso <= last;
      });
      const key = (s: any) => Object.keys(subs).find((k) => subs[k].id === s.subscription_id)!;
      expect(
        o.renewals.find((r) => r.days === days),
        `${days}`,
      ).toEqual({ days, count: due.length, amount: due.reduce((sum, s) => sum + expectedCharge(key(s), s), 0) });
    }
    // The trial (s3) renews on Apr 24 at 10.00; in 30 days s1 (May 10), s2 (May 16) and s4b (May 1) too.
    expect(o.renewals[0]).toEqual({ days: 7, count: 1, amount: 1000 });
    expect(o.renewals[1]).toEqual({ days: 30, count: 4, amount: 1000 + 2069 + 9450 + 2000 });
  });

  it("each figure links to the list of exactly its records: the list's total (and sum) is the figure", async () => {
    const db = await getDb();
    const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    const ctx = systemContext(db, brand, clock);
    /** What the list page shows for a figure's link: its URL parsed as the page parses it, every row. */
    const listed = async (l: FigureLink) => {
      const url = new URL(figureHref(t.brand_id, l), "http://x");
      expect(url.pathname).toBe(`/dashboard/${t.brand_id}/${l.list}`);
      const spec = DASHBOARD_LISTS[l.list];
      const query = parseTableQuery(Object.fromEntries(url.searchParams), { sortKeys: spec.sortKeys, filters: spec.urlFilters });
      // Every filter of the link survives the page's parsing (none silently dropped).
      for (const k of Object.keys(l.params).filter((k) => k !== "sort" && k !== "dir")) expect(query.filters[k], `${l.list} ${k}`).toBe(l.params[k]);
      const { rows, total } = await spec.list.window(ctx, { filters: spec.filtersFor(query) });
      return { total, rows: rows as any[] };
    };
    // The lists answer typed rows: amounts are integer cents already.
    const sum = (rows: any[], field: string) => rows.reduce((s, r) => s + (r[field] as number), 0);
    const checked: string[] = [];
    for (const [movement, revenue] of [
      ["30d", "12m"],
      ["12m", "month"],
      ["ytd", "90d"],
    ] as const) {
      const o = await brandOverview(ctx, { movement, revenue });
      const links = figureLinks(o);
      const at = `${movement}/${revenue}`;
      expect((await listed(links.active)).total, `active ${at}`).toBe(o.active);
      expect((await listed(links.trialing)).total, `trialing ${at}`).toBe(o.trialing);
      expect((await listed(links.newSubscriptions)).total, `new ${at}`).toBe(o.newSubscriptions);
      expect((await listed(links.reactivated)).total, `reactivated ${at}`).toBe(o.reactivated);
      expect((await listed(links.churned)).total, `churned ${at}`).toBe(o.churned);
      const failed = await listed(links.failedPayments);
      expect({ count: failed.total, amount: sum(failed.rows, "amountCents") }, `failed ${at}`).toEqual(o.failedPayments);
      expect(sum((await listed(links.invoiced)).rows, "totalCents"), `invoiced ${at}`).toBe(o.invoiced);
      expect(sum((await listed(links.collected)).rows, "amountCents"), `collected ${at}`).toBe(o.collected);
      for (const m of o.revenueByMonth) {
        expect(sum((await listed(links.invoicedIn(m.month))).rows, "totalCents"), `invoiced ${m.month} ${at}`).toBe(m.invoiced);
        expect(sum((await listed(links.collectedIn(m.month))).rows, "amountCents"), `collected ${m.month} ${at}`).toBe(m.collected);
      }
      const bucket = async (l: FigureLink) => {
        const r = await listed(l);
        return { count: r.total, amount: sum(r.rows, "balanceCents") };
      };
      expect(await bucket(links.outstanding), `outstanding ${at}`).toEqual(o.receivables.outstanding);
      expect(await bucket(links.notDue), `not due ${at}`).toEqual(o.receivables.notDue);
      for (const a of o.receivables.aging) expect(await bucket(links.aging[a.key]), `${a.key} ${at}`).toEqual({ count: a.count, amount: a.amount });
      for (const r of o.renewals) {
        const renewing = await listed(links.renewals(r.days));
        expect({ count: renewing.total, amount: sum(renewing.rows, "nextRenewalCents") }, `renewals ${r.days} ${at}`).toEqual({
          count: r.count,
          amount: r.amount,
        });
      }
      checked.push(`${o.newSubscriptions}/${o.reactivated}/${o.churned}/${o.failedPayments.count}/${o.invoiced}/${o.collected}`);
    }
    // The figures compared are not all zero: the scenario has records behind each kind.
    const year = await brandOverview(ctx, "12m");
    expect(Math.min(year.active, year.trialing, year.newSubscriptions, year.reactivated, year.churned, year.failedPayments.count)).toBeGreaterThan(0);
    expect(year.receivables.aging.filter((a) => a.count > 0).length).toBeGreaterThanOrEqual(3);
    expect(new Set(checked).size).toBeGreaterThan(1);
  });

  it("is brand-scoped: another brand sees none of it", async () => {
    const other = await makeTenant();
    const db = await getDb();
    const [brand] = await db.select().from(brands).where(eq(brands.id, other.brand_id));
    const o = await brandOverview(systemContext(db, brand, clock), "12m");
    expect([o.mrr, o.active, o.trialing, o.invoiced, o.collected, o.receivables.outstanding.count, o.failedPayments.count]).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});
