/**
 * The overview's tax and refunds (issues 33 and 31): tax collected by month and by rate sums exactly to
 * the tax of the invoices the API lists, its CSV export is the table, revenue is shown net of tax; money
 * handed back is counted in the month it went back, so collected net of refunds is visible per month,
 * and every figure is the sum of the list it links to.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { parse } from "csv-parse/sync";
import { getDb } from "../db/client";
import { brands } from "../db/schema";
import { systemContext, type Context } from "../lib/auth/context";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { brandOverview } from "../lib/insights/overview";
import { figureHref, figureLinks, type FigureLink } from "../lib/insights/links";
import { periodOf, type PeriodKey } from "../lib/insights/periods";
import { taxCollectedToWire } from "../lib/insights/tax";
import { csvStream, DASHBOARD_LISTS } from "../lib/dashboard/exports";
import { parseTableQuery } from "../components/data-table/search-params";
import { makeTenant, ok, type Tenant } from "./support/api";
import { accountIn } from "./support/tax";

const clock = new ManualClock("2026-01-05T10:00:00Z");
beforeAll(() => useClock(clock));
afterAll(() => useClock(systemClock));

const cents = (s: string) => Math.round(Number(s) * 100);
let t: Tenant;
let ctx: Context;
const rates: Record<string, string> = {};
const accounts: Record<string, string> = {};
const refunded: { amount: number; month: string }[] = [];

const rate = async (params: Record<string, string>) => (await ok(t, "json", "TaxRate/Create", { method: "POST", params })).tax_rate.tax_rate_id as string;
const account = (country: string, state: string, more: Record<string, string> = {}) => accountIn(t, country, { state, ...more });
const invoice = async (accountId: string, ...prices: string[]) =>
  (
    await ok(t, "json", "Invoice/Create", {
      method: "POST",
      params: {
        customer_account_id: accountId,
        due_date: "12/31/2030",
        attached_items: JSON.stringify(prices.map((p, i) => ({ item_name: `Item ${i}`, item_price: p, quantity: "1", tax_exempt: "N" }))),
      },
    })
  ).invoice as { invoice_id: string; total: string };
const pay = async (accountId: string, inv: { invoice_id: string; total: string }) =>
  (
    await ok(t, "json", "Payment/Create", {
      method: "POST",
      params: { customer_account_id: accountId, invoice_id: inv.invoice_id, apply_to_prepaid_balance: "N", override_billing: "Y", amount: inv.total },
    })
  ).payment.payment_id as string;

beforeAll(async () => {
  t = await makeTenant();
  await ok(t, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: t.brand_id, country: "US", tax_id: "US-987" } });
  // Stacked (Canada's GST and British Columbia's PST), included in prices (the UK), reverse charged (Germany).
  rates.gst = await rate({ name: "GST", percentage: "5", country: "CA" });
  rates.pst = await rate({ name: "PST", percentage: "7", country: "CA", state: "BC" });
  rates.vat = await rate({ name: "VAT", percentage: "20", country: "GB", inclusive: "Y" });
  rates.de = await rate({ name: "MwSt", percentage: "19", country: "DE", reverse_charge: "Y" });
  accounts.bc = await account("CA", "BC");
  accounts.on = await account("CA", "ON");
  accounts.gb = await account("GB", "LND");
  accounts.de = await account("DE", "BE", { tax_id: "DE123456789" });
  accounts.exempt = await account("CA", "BC", { tax_exempt: "Y", tax_exempt_reason: "Reseller" });

  // January: odd amounts, so every rate rounds.
  await invoice(accounts.bc, "33.33", "10.01");
  await invoice(accounts.on, "19.99");
  await invoice(accounts.gb, "12.34");
  await invoice(accounts.de, "100.00");
  await invoice(accounts.exempt, "50.00");
  const paidJan = await invoice(accounts.on, "7.77");
  await pay(accounts.on, paidJan);

  // February: GST goes up to 6%, so the month has a second GST row; one invoice deleted (not counted).
  clock.set("2026-02-10T10:00:00Z");
  await ok(t, "json", "TaxRate/Update", { method: "PATCH", params: { tax_rate_id: rates.gst, percentage: "6" } });
  const feb = await invoice(accounts.bc, "45.45");
  const refundedLater = await invoice(accounts.on, "20.00");
  const payment = await pay(accounts.on, refundedLater);
  await invoice(accounts.gb, "9.99");
  const deleted = await invoice(accounts.bc, "80.00");
  await ok(t, "json", "Invoice/Delete", { method: "DELETE", params: { customer_account_id: accounts.bc, invoice_id: deleted.invoice_id } });
  await pay(accounts.bc, feb);

  // March: February's 20.00 (21.20 with GST) is handed back.
  clock.set("2026-03-03T10:00:00Z");
  await ok(t, "json", "Payment/Delete", {
    method: "DELETE",
    params: { customer_account_id: accounts.on, payment_id: payment, invoice_id: refundedLater.invoice_id },
  });
  refunded.push({ amount: cents(refundedLater.total), month: "2026-03" });
  await invoice(accounts.bc, "1.00");

  clock.set("2026-03-20T10:00:00Z");
  const db = await getDb();
  const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
  ctx = systemContext(db, brand, clock);
}, 120_000);

const overview = (key: PeriodKey) => brandOverview(ctx, { movement: key, revenue: key });
const month = (v: string) => DateTime.fromISO(new Date(v).toISOString(), { zone: "UTC" }).toFormat("yyyy-MM");

describe("tax collected by month and by rate", () => {
  it("sums exactly to the tax of the invoices the API lists (live, issued, in the period), month by month and rate by rate", async () => {
    const listed = (await ok(t, "json", "Invoice/List", { params: {} })).invoices as any[];
    for (const key of ["12m", "ytd", "month", "30d"] as const) {
      const o = await overview(key);
      const p = periodOf(key, clock.now(), "UTC");
      const live = listed.filter((i) => !i.deleted && new Date(i.created) >= p.start && new Date(i.created) < p.end);
      for (const m of o.revenueByMonth) {
        const ofMonth = live.filter((i) => month(i.created) === m.month);
        // The month's tax: the invoices' tax_total, and the table's rows of the month.
        const invoiceTax = ofMonth.reduce((s, i) => s + cents(i.tax_total), 0);
        expect(m.tax, `${key} ${m.month}`).toBe(invoiceTax);
        expect(
          o.taxByRate.filter((r) => r.month === m.month).reduce((s, r) => s + r.tax, 0),
          `${key} ${m.month} rows`,
        ).toBe(invoiceTax);
        expect(m.invoiced, `${key} ${m.month} invoiced`).toBe(ofMonth.reduce((s, i) => s + cents(i.total), 0));
        expect(m.netOfTax).toBe(m.invoiced - m.tax);
        // Each row: the invoices' taxes of that rate (as they kept it) in that month.
        for (const r of o.taxByRate.filter((r) => r.month === m.month)) {
          const taxes = ofMonth.flatMap((i) => (i.taxes as any[]).filter((x) => x.tax_rate_id === r.taxRateId && cents(x.percentage) === r.percentage / 100));
          expect({ invoices: r.invoices, taxedAmount: r.taxedAmount, tax: r.tax }, `${key} ${r.month} ${r.name}`).toEqual({
            invoices: taxes.length,
            taxedAmount: taxes.reduce((s, x) => s + cents(x.taxed_amount), 0),
            tax: taxes.reduce((s, x) => s + cents(x.tax), 0),
          });
        }
      }
      expect(o.tax, key).toBe(live.reduce((s, i) => s + cents(i.tax_total), 0));
      expect(o.netOfTax).toBe(o.invoiced - o.tax);
    }
  });

  it("has a row per month and rate as the invoices kept it: GST changed in February shows at 5% in January, 6% in February", async () => {
    const o = await overview("12m");
    const rows = o.taxByRate.map((r) => [r.month, r.name, r.percentage / 10_000, r.inclusive, r.reverseCharge, r.invoices, r.taxedAmount, r.tax]);
    // January: BC 43.34 at GST 5% (2.17) and PST 7% (3.03); Ontario's 19.99 and 7.77 at GST 5% (1.00 and 0.39, rounded per invoice);
    // the UK's 12.34 includes 20% VAT (2.06); Germany reverse charged (0); the exempt account none.
    expect(rows.filter((r) => r[0] === "2026-01")).toEqual([
      ["2026-01", "GST", 5, "N", "N", 3, 4334 + 2776, 217 + 100 + 39],
      ["2026-01", "MwSt", 19, "N", "Y", 1, 10000, 0],
      ["2026-01", "PST", 7, "N", "N", 1, 4334, 303],
      ["2026-01", "VAT", 20, "Y", "N", 1, 1234, 206],
    ]);
    // February: GST at 6% now (45.45 and 20.00: 2.73 + 1.20); the deleted invoice is not counted.
    expect(rows.filter((r) => r[0] === "2026-02")).toEqual([
      ["2026-02", "GST", 6, "N", "N", 2, 4545 + 2000, 273 + 120],
      ["2026-02", "PST", 7, "N", "N", 1, 4545, 318],
      ["2026-02", "VAT", 20, "Y", "N", 1, 999, 167],
    ]);
    expect(o.taxByRate.every((r) => r.currency === "USD")).toBe(true);
  });

  it("the CSV export is the table: the same rows, plain decimals beside the currency", async () => {
    for (const key of ["12m", "month"] as const) {
      const o = await overview(key);
      const spec = DASHBOARD_LISTS["tax-collected"];
      const query = parseTableQuery({ period: key }, { sortKeys: spec.sortKeys, filters: spec.urlFilters });
      expect(query.filters.period).toBe(key);
      const text = await new Response(csvStream(ctx, spec, query)).text();
      const records = parse(text, { columns: true }) as Record<string, string>[];
      const table = o.taxByRate.map(taxCollectedToWire).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])));
      expect(records, key).toEqual(table);
      expect(records.length).toBeGreaterThan(0);
      expect(Object.keys(records[0])).toEqual([
        "month",
        "tax_rate_id",
        "name",
        "percentage",
        "inclusive",
        "reverse_charge",
        "invoices",
        "taxed_amount",
        "tax",
        "currency",
      ]);
      expect(records.reduce((s, r) => s + cents(r.tax), 0)).toBe(o.tax);
    }
    const year = await overview("12m");
    const gst = taxCollectedToWire(year.taxByRate.find((r) => r.name === "GST" && r.month === "2026-01")!);
    expect(gst).toMatchObject({ percentage: "5", taxed_amount: "71.10", tax: "3.56", currency: "USD" });
  });

  it("another brand's export has none of it", async () => {
    const other = await makeTenant();
    const db = await getDb();
    const [brand] = await db.select().from(brands).where(eq(brands.id, other.brand_id));
    const spec = DASHBOARD_LISTS["tax-collected"];
    const text = await new Response(csvStream(systemContext(db, brand, clock), spec, { q: "", filters: { period: "12m" } })).text();
    expect(text).toBe("");
  });
});

describe("refunds by month", () => {
  it("collected counts money in the month it came in, refunded in the month it went back; collected net of refunds per month", async () => {
    const o = await overview("12m");
    const payments = (await ok(t, "json", "Payment/List", { params: {} })).payments as any[];
    const byMonth = Object.fromEntries(o.revenueByMonth.map((m) => [m.month, m]));
    for (const m of o.revenueByMonth) {
      const received = payments.filter((p) => ["succeeded", "reversed"].includes(p.payment_status) && month(p.created) === m.month);
      expect(m.collected, m.month).toBe(received.reduce((s, p) => s + cents(p.amount), 0));
      const back = payments.filter((p) => p.payment_status === "reversed" && month(p.reversed) === m.month);
      expect(m.refunded, m.month).toBe(back.reduce((s, p) => s + cents(p.amount), 0));
      expect(m.netCollected).toBe(m.collected - m.refunded);
    }
    // February's 21.20 stays collected in February; it went back in March.
    expect(byMonth["2026-02"].collected).toBe(2120 + 4545 + 273 + 318);
    expect(byMonth["2026-03"]).toMatchObject({ collected: 0, refunded: 2120, netCollected: -2120 });
    expect(refunded).toEqual([{ amount: 2120, month: "2026-03" }]);
    expect(o.refunded).toBe(2120);
    expect(o.netCollected).toBe(o.collected - o.refunded);
    // The money handed back is the credit notes sent to a refund (each reversed payment on an invoice has one).
    const notes = (await ok(t, "json", "CreditNote/List", { params: {} })).credit_notes as any[];
    expect(notes.filter((n) => n.destination === "refund").reduce((s, n) => s + cents(n.amount), 0)).toBe(o.refunded);
  });

  it("collected and refunded link to lists whose sums are the figures", async () => {
    const listed = async (l: FigureLink) => {
      const url = new URL(figureHref(t.brand_id, l), "http://x");
      const spec = DASHBOARD_LISTS[l.list];
      const query = parseTableQuery(Object.fromEntries(url.searchParams), { sortKeys: spec.sortKeys, filters: spec.urlFilters });
      for (const k of Object.keys(l.params).filter((k) => k !== "sort" && k !== "dir")) expect(query.filters[k], `${l.list} ${k}`).toBe(l.params[k]);
      const { rows } = await spec.list.window(ctx, { filters: spec.filtersFor(query) });
      return (rows as any[]).reduce((s, r) => s + r.amountCents, 0);
    };
    for (const key of ["12m", "30d", "month"] as const) {
      const o = await overview(key);
      const links = figureLinks(o);
      expect(await listed(links.collected), key).toBe(o.collected);
      expect(await listed(links.refunded), key).toBe(o.refunded);
      for (const m of o.revenueByMonth) {
        expect(await listed(links.collectedIn(m.month)), `${key} ${m.month}`).toBe(m.collected);
        expect(await listed(links.refundedIn(m.month)), `${key} ${m.month}`).toBe(m.refunded);
      }
    }
  });
});
