/**
 * Calendar intervals (issue 32), only through the HTTP API: products in days, weeks, months and
 * years; a sandbox brand's test clock rehearses a year of a monthly plan started January 31, a yearly
 * plan started February 29 2028 and a monthly plan with a billing day, every invoice checked by date
 * and to the cent; ChangeProduct to another period starts a new period on the day of the change.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { brands } from "../db/schema";
import { systemContext } from "../lib/auth/context";
import { invoicePdf } from "../lib/documents/invoice-pdf";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { FORMATS, makeGroup, makeProduct, PRODUCT_PARAMS } from "./support/catalog";
import { expectRefusal, makeAccount, makeCard, makeGateway } from "./support/payments";

let t: Tenant;
let group: string;

const advanceTo = async (isoDate: string, hour = 12) =>
  (await ok(t, "json", "TestClock/Advance", { method: "POST", params: { advance_to: `${isoDate}T${String(hour).padStart(2, "0")}:00:00Z` } })).test_clock;
const invoicesOf = async (subscriptionId: string) =>
  ((await ok(t, "json", "Invoice/List", { params: { subscription_id: subscriptionId } })).invoices as any[]).sort(
    (a, b) => Date.parse(a.billing_period_start) - Date.parse(b.billing_period_start),
  );
const getSub = async (id: string) => (await ok(t, "json", "Subscription/List", { params: { subscription_id: id } })).subscriptions[0];
const subscribe = async (productId: string, params: Record<string, string> = {}) => {
  const account = await makeAccount(t);
  const card = await makeCard(t, account);
  const r = await ok(t, "json", "Subscription/Create", {
    method: "POST",
    params: { customer_account_id: account, product_id: productId, pay_method_id: card, override_initial_billing: "N", auto_pay: "Y", ...params },
  });
  return { ...r.subscription, account };
};
/** A product of one month or one year at this price, no setup fee. */
const plan = (unit: string, price: string) =>
  makeProduct(t, group, { expiration_interval: "1", interval_unit: unit, setup_fee: "0.00", recurring_price: price });
/** A monthly plan's renewals from January 31 2028: the 31st clamped to each month. */
const THIRTY_FIRSTS = [
  "2028-01-31",
  "2028-02-29",
  "2028-03-31",
  "2028-04-30",
  "2028-05-31",
  "2028-06-30",
  "2028-07-31",
  "2028-08-31",
  "2028-09-30",
  "2028-10-31",
  "2028-11-30",
  "2028-12-31",
  "2029-01-31",
  "2029-02-28",
  "2029-03-31",
];
/** "2028-02-29" -> "2/29/2028", as the API writes dates. */
const wire = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;

/** A sandbox brand of its own (a test clock never goes back) with a gateway and a product group. */
async function sandbox() {
  const live = await makeTenant();
  const brand = await ok(live, "json", "Brand/Create", {
    method: "POST",
    params: { name: "Calendar", description: "A sandbox brand", logo_url: "https://example.com/logo.png", sandbox: "Y" },
  });
  t = { ...live, brand_id: brand.brand.brand_id };
  await makeGateway(t);
  group = (await makeGroup(t)).product_group_id;
}
beforeAll(sandbox);

describe("interval_unit on products", () => {
  it("defaults to day (the spec's meaning), takes week, month and year, answers it in json and xml, and refuses others", async () => {
    expect((await makeProduct(t, group)).interval_unit).toBe("day");
    for (const format of FORMATS) {
      const r = await ok(t, format, "Product/Create", {
        method: "POST",
        params: { product_group_id: group, ...PRODUCT_PARAMS, expiration_interval: "1", interval_unit: "year" },
      });
      expect(r.product.interval_unit).toBe("year");
    }
    const r = await call("json", "Product/Create", {
      method: "POST",
      creds: t,
      params: { product_group_id: group, ...PRODUCT_PARAMS, expiration_interval: "1", interval_unit: "fortnight" },
    });
    expectRefusal(r, 400, "INVALID_PARAMETER", "interval_unit");
  });

  it("Product/Update keeps the unit when absent and changes it when sent", async () => {
    const p = await makeProduct(t, group, { expiration_interval: "1", interval_unit: "month" });
    const base = {
      product_id: p.product_id,
      name: p.name,
      description: p.description,
      expiration_interval: "3",
      setup_fee: "0.00",
      recurring_price: "30.00",
      trial: "N",
      auto_pay_discount: "N",
      prompt_for_variables: "N",
      tax_exempt: "N",
    };
    expect((await ok(t, "json", "Product/Update", { method: "PATCH", params: base })).product).toMatchObject({
      interval_unit: "month",
      expiration_interval: "3",
    });
    expect((await ok(t, "xml", "Product/Update", { method: "PATCH", params: { ...base, interval_unit: "week" } })).product.interval_unit).toBe("week");
  });

  it("billing_day is refused for day and week plans and plans with a trial", async () => {
    const account = await makeAccount(t);
    for (const extra of [
      { interval_unit: "day" } as Record<string, string>,
      { interval_unit: "week" },
      { interval_unit: "month", trial: "Y", trial_interval: "7" },
    ]) {
      const p = await makeProduct(t, group, { expiration_interval: "1", ...extra });
      const r = await call("json", "Subscription/Create", {
        method: "POST",
        creds: t,
        params: { customer_account_id: account, product_id: p.product_id, override_initial_billing: "Y", auto_pay: "N", billing_day: "1" },
      });
      expectRefusal(r, 400, "INVALID_PARAMETER", "billing_day");
    }
  });
});

describe("a test clock year of calendar periods", () => {
  let monthly: any;
  let yearly: any;
  let billingDay: any;
  let changed: any;
  let yearlyProduct: any;

  it("January 31 2028: a monthly plan from today, and one with billing_day 15 prorated to February 15 (15 of 31 days)", async () => {
    await advanceTo("2028-01-31");
    const product = await plan("month", "29.99");
    monthly = await subscribe(product.product_id);
    expect(monthly).toMatchObject({ start_date: "1/31/2028", renewal_date: "2/29/2028", interval_unit: "month" });
    billingDay = await subscribe(product.product_id, { billing_day: "15" });
    expect(billingDay).toMatchObject({ start_date: "1/31/2028", renewal_date: "2/15/2028", billing_day: "15" });
    // 29.99 × 15 / 31 = 14.5113 -> 14.51
    expect((await invoicesOf(billingDay.subscription_id)).map((i) => [i.billing_period_start, i.total, i.balance])).toEqual([["1/31/2028", "14.51", "0.00"]]);
    changed = await subscribe(product.product_id);
  });

  it("February 29 2028: a yearly plan from today", async () => {
    await advanceTo("2028-02-29");
    yearlyProduct = await plan("year", "299.00");
    yearly = await subscribe(yearlyProduct.product_id);
    expect(yearly).toMatchObject({ start_date: "2/29/2028", renewal_date: "2/28/2029", interval_unit: "year" });
  });

  it("ChangeProduct to a yearly plan on March 10 starts a new period that day, renewing March 10 2029", async () => {
    await advanceTo("2028-03-10");
    await ok(t, "json", "Subscription/ChangeProduct", {
      method: "POST",
      params: { subscription_id: changed.subscription_id, customer_account_id: changed.account, product_id: yearlyProduct.product_id },
    });
    await advanceTo("2028-03-10", 13);
    expect(await getSub(changed.subscription_id)).toMatchObject({ period_start: "3/10/2028", renewal_date: "3/10/2029", interval_unit: "year" });
    expect((await invoicesOf(changed.subscription_id)).map((i) => [i.billing_period_start, i.total, i.balance])).toEqual([
      ["1/31/2028", "29.99", "0.00"],
      ["2/29/2028", "29.99", "0.00"],
      ["3/10/2028", "299.00", "0.00"],
    ]);
  });

  it("the yearly renewal's invoice is generated 72 hours ahead and charged on the renewal date", async () => {
    await advanceTo("2029-02-24", 23);
    expect((await invoicesOf(yearly.subscription_id)).length).toBe(1);
    await advanceTo("2029-02-25", 0);
    const ahead = await invoicesOf(yearly.subscription_id);
    expect(ahead.map((i) => [i.billing_period_start, i.total, i.balance])).toEqual([
      ["2/29/2028", "299.00", "0.00"],
      ["2/28/2029", "299.00", "299.00"],
    ]);
    await advanceTo("2029-02-28", 1);
    expect((await invoicesOf(yearly.subscription_id)).at(-1).balance).toBe("0.00");
  });

  it("March 1 2029: every renewal on the anchor's day clamped to its month, invoiced once, to the cent", async () => {
    await advanceTo("2029-03-01");
    const months = THIRTY_FIRSTS.slice(0, 14);
    expect((await invoicesOf(monthly.subscription_id)).map((i) => [i.billing_period_start, i.total, i.balance])).toEqual(
      months.map((d) => [wire(d), "29.99", "0.00"]),
    );
    expect(await getSub(monthly.subscription_id)).toMatchObject({ period_start: "2/28/2029", renewal_date: "3/31/2029" });

    const fifteenths = [
      "2028-02-15",
      "2028-03-15",
      "2028-04-15",
      "2028-05-15",
      "2028-06-15",
      "2028-07-15",
      "2028-08-15",
      "2028-09-15",
      "2028-10-15",
      "2028-11-15",
      "2028-12-15",
      "2029-01-15",
      "2029-02-15",
    ];
    expect((await invoicesOf(billingDay.subscription_id)).map((i) => [i.billing_period_start, i.total, i.balance])).toEqual([
      ["1/31/2028", "14.51", "0.00"],
      ...fifteenths.map((d) => [wire(d), "29.99", "0.00"]),
    ]);

    expect((await invoicesOf(yearly.subscription_id)).map((i) => [i.billing_period_start, i.total, i.balance])).toEqual([
      ["2/29/2028", "299.00", "0.00"],
      ["2/28/2029", "299.00", "0.00"],
    ]);
    expect(await getSub(yearly.subscription_id)).toMatchObject({ period_start: "2/28/2029", renewal_date: "2/28/2030" });
    expect((await invoicesOf(changed.subscription_id)).length).toBe(3);
  });

  it("the invoice PDF says the period and how often it renews", async () => {
    const invoice = (await invoicesOf(monthly.subscription_id))[1];
    const db = await getDb();
    const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    const { bytes } = await invoicePdf(systemContext(db, brand), invoice.invoice_id, { fetchLogo: async () => null });
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const pdf = await pdfjs.getDocument({ data: bytes, verbosity: 0 }).promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join("\n");
    expect(text).toContain("Period Feb 29, 2028 – Mar 31, 2028 · Monthly");
  });
});

/**
 * The same year date by date (issue 32): on a sandbox brand of its own, the test clock is moved to
 * the day before each renewal (its invoice generated 72 hours ahead, unpaid) and to the renewal
 * (charged, the next renewal on the anchor's day clamped to its month), every date and amount to the
 * cent: a monthly plan from January 31 2028, a yearly plan from February 29 2028 to February 29 2032.
 */
describe("a test clock year over the API, date by date", () => {
  const rows = async (id: string) => (await invoicesOf(id)).map((i) => [i.billing_period_start, i.due_date, i.total, i.balance]);
  const day = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it("a monthly plan from January 31 2028 renews on the 31st clamped to each month, and a yearly one from February 29 on February 28 until a leap year", async () => {
    await sandbox();
    await advanceTo("2028-01-31");
    const monthly = await subscribe((await plan("month", "29.99")).product_id);
    const yearlyPlan = (await plan("year", "299.00")).product_id;
    let yearly: any = null;
    const renewals = THIRTY_FIRSTS.slice(1);
    const billed: string[][] = [[wire("2028-01-31"), wire("2028-01-31"), "29.99", "0.00"]];
    expect(await rows(monthly.subscription_id)).toEqual(billed);
    for (const [n, renewal] of renewals.entries()) {
      // The day before: still in the period, the renewal's invoice written ahead and not yet charged.
      await advanceTo(day(renewal, -1));
      expect(await getSub(monthly.subscription_id)).toMatchObject({ renewal_date: wire(renewal) });
      expect(await rows(monthly.subscription_id)).toEqual([...billed, [wire(renewal), wire(renewal), "29.99", "29.99"]]);
      // The renewal: charged, the next period starts, the next renewal on the 31st clamped.
      await advanceTo(renewal);
      billed.push([wire(renewal), wire(renewal), "29.99", "0.00"]);
      expect(await rows(monthly.subscription_id)).toEqual(billed);
      const next = renewals[n + 1];
      if (next) expect(await getSub(monthly.subscription_id)).toMatchObject({ period_start: wire(renewal), renewal_date: wire(next) });
      if (renewal === "2028-02-29") {
        yearly = await subscribe(yearlyPlan);
        expect(yearly).toMatchObject({ start_date: "2/29/2028", renewal_date: "2/28/2029" });
      }
      if (yearly && renewal !== "2029-02-28" && renewal !== "2029-03-31") {
        expect(await getSub(yearly.subscription_id)).toMatchObject({ renewal_date: "2/28/2029" });
        expect(await rows(yearly.subscription_id)).toEqual([["2/29/2028", "2/29/2028", "299.00", "0.00"]]);
      }
    }
    // The yearly plan, renewal by renewal: February 28 in common years, February 29 in 2032.
    const years = ["2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29", "2033-02-28"];
    const yearlyBilled: string[][] = [["2/29/2028", "2/29/2028", "299.00", "0.00"]];
    for (const [n, renewal] of years.entries()) {
      if (renewal > "2029-03-31") {
        await advanceTo(day(renewal, -1));
        expect(await getSub(yearly.subscription_id)).toMatchObject({ renewal_date: wire(renewal) });
        expect(await rows(yearly.subscription_id)).toEqual([...yearlyBilled, [wire(renewal), wire(renewal), "299.00", "299.00"]]);
        await advanceTo(renewal);
      }
      yearlyBilled.push([wire(renewal), wire(renewal), "299.00", "0.00"]);
      expect(await rows(yearly.subscription_id)).toEqual(yearlyBilled);
      if (years[n + 1]) expect(await getSub(yearly.subscription_id)).toMatchObject({ period_start: wire(renewal), renewal_date: wire(years[n + 1]) });
      if (renewal === "2032-02-29") break;
    }
  }, 300_000);
});
