/**
 * Retries of declined renewals (issue 32): a brand's `retry_days` (Brand/Create and Brand/Update,
 * json and xml, validated), the retries a sandbox brand's test clock makes in order on their days
 * (each an attempt in the invoice's payment history, before and apart from dunning; a success stops
 * both), none without a schedule, and exactly one attempt per retry with one, two or three runners
 * at once, billing directly or through the fanned-out Inngest function.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { eq, sql } from "drizzle-orm";
import { brands } from "../db/schema";
import { systemContext, allBrandsContext } from "../lib/auth/context";
import { scheduledRetry } from "../lib/invoices/read";
import { getDb, resultRows } from "../db/client";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { makeGroup, makeProduct } from "./support/catalog";
import { CARDS, expectRefusal, makeCard, makeGateway, subscribeOnCard } from "./support/payments";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { runBilling } from "../lib/billing/run-billing";
import { billBrand, BILL_BRAND, type BillBrandData } from "../inngest/functions/run-billing";
import { nextRetry, parseRetryDays, retryDue } from "../lib/pricing/retries";

const sandboxBrand = async (live: Tenant, params: Record<string, string> = {}) => {
  const brand = await ok(live, "json", "Brand/Create", {
    method: "POST",
    params: { name: "Retries", description: "A sandbox brand", logo_url: "https://example.com/logo.png", sandbox: "Y", ...params },
  });
  return { ...live, brand_id: brand.brand.brand_id as string };
};
const advanceTo = async (t: Tenant, iso: string) => (await ok(t, "json", "TestClock/Advance", { method: "POST", params: { advance_to: iso } })).test_clock;
const invoicesOf = async (t: Tenant, subscriptionId: string) =>
  ((await ok(t, "json", "Invoice/List", { params: { subscription_id: subscriptionId } })).invoices as any[]).sort(
    (a, b) => Date.parse(a.billing_period_start) - Date.parse(b.billing_period_start),
  );
/** The invoice's gateway attempts, oldest first: [created instant, status, retry]. */
const attemptsOf = async (t: Tenant, invoiceId: string) =>
  ((await ok(t, "json", "Payment/List", { params: { invoice_id: invoiceId } })).payments as any[])
    .filter((p) => p.payment_gateway !== "prepaid_balance")
    .sort((a, b) => a.created.localeCompare(b.created))
    .map((p) => [p.created, p.payment_status, p.retry]);

/** The next retry the dashboard and the portal show for an invoice, at the brand's (test clock's) time. */
const shownRetry = async (t: Tenant, invoiceId: string) => {
  const db = await getDb();
  const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
  return scheduledRetry(systemContext(db, brand), invoiceId);
};

/** A subscription to a 10-day plan at 20.00 paid up front by a good card, then renewing on `card`. */
async function subscribe(t: Tenant, productId: string, card: string = CARDS.declines) {
  const { account, card: good, sub } = await subscribeOnCard(t, productId);
  const renewing = await makeCard(t, account, card, { require_verification: "N" });
  await ok(t, "json", "Subscription/Update", {
    method: "POST",
    params: { subscription_id: sub.subscription_id, customer_account_id: account, pay_method_id: renewing, auto_pay: "Y" },
  });
  return { id: sub.subscription_id as string, account, good };
}

describe("the schedule (lib/pricing/retries.ts)", () => {
  it("parses ascending days and says what is wrong otherwise", () => {
    expect(parseRetryDays("1,3,5")).toEqual([1, 3, 5]);
    expect(parseRetryDays(" 2 , 7 ")).toEqual([2, 7]);
    expect(parseRetryDays("")).toEqual([]);
    for (const bad of ["3,1", "1,1", "0", "61", "1,,2", "a", "1.5", "-1", "1,2,3,4,5,6,7,8,9"]) expect(typeof parseRetryDays(bad), bad).toBe("string");
  });

  it("makes the latest retry whose day has come, once; the next one's day after that", () => {
    expect(retryDue("2027-01-15", [1, 3, 5], "2027-01-15", null)).toBeNull();
    expect(retryDue("2027-01-15", [1, 3, 5], "2027-01-16", null)).toBe(1);
    expect(retryDue("2027-01-15", [1, 3, 5], "2027-01-17", 1)).toBeNull();
    // Runs missed: only the latest passed retry is made, not every one on the same day.
    expect(retryDue("2027-01-15", [1, 3, 5], "2027-01-19", null)).toBe(2);
    expect(retryDue("2027-01-15", [1, 3, 5], "2027-03-01", 3)).toBeNull();
    expect(nextRetry("2027-01-15", [1, 3, 5], "2027-01-16", 1)).toEqual({ retry: 2, on: "2027-01-18" });
    expect(nextRetry("2027-01-31", [1, 3, 5], "2027-01-31", null)).toEqual({ retry: 1, on: "2027-02-01" });
    expect(nextRetry("2027-01-15", [1, 3, 5], "2027-01-20", 3)).toBeNull();
  });
});

describe("retry_days on Brand/Create and Brand/Update", () => {
  let live: Tenant;
  beforeAll(async () => {
    live = await makeTenant();
  });

  it("defaults to none, is set and answered in json and xml, left alone when absent and cleared when empty", async () => {
    expect((await ok(live, "json", "Brand/List", { params: { search_brand_id: live.brand_id } })).brands[0].retry_days).toBe("");
    const created = await ok(live, "xml", "Brand/Create", {
      method: "POST",
      params: { name: "Retrying", description: "Retries", logo_url: "https://example.com/logo.png", retry_days: "2,4" },
    });
    expect(created.brand.retry_days).toBe("2,4");
    const id = created.brand.brand_id;
    expect((await ok(live, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: id, retry_days: "1, 3,5" } })).brand.retry_days).toBe("1,3,5");
    expect((await ok(live, "xml", "Brand/Update", { method: "PATCH", params: { update_brand_id: id, name: "Still retrying" } })).brand.retry_days).toBe(
      "1,3,5",
    );
    expect((await ok(live, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: id, retry_days: "" } })).brand.retry_days).toBe("");
  });

  it("refuses days out of order, repeated, zero, past 60 days, more than 8 or not numbers, naming retry_days, changing nothing", async () => {
    await ok(live, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: live.brand_id, retry_days: "1,2" } });
    for (const bad of ["3,1", "2,2", "0", "61", "1,,2", "x", "1,2,3,4,5,6,7,8,9", "1".repeat(101)]) {
      for (const format of ["json", "xml"]) {
        const r = await call(format, "Brand/Update", { method: "PATCH", creds: live, params: { update_brand_id: live.brand_id, retry_days: bad } });
        expectRefusal(r, 400, "INVALID_PARAMETER", "retry_days");
      }
    }
    const r = await call("json", "Brand/Create", {
      method: "POST",
      creds: live,
      params: { name: "Bad", description: "Bad", logo_url: "https://example.com/logo.png", retry_days: "5,1" },
    });
    expectRefusal(r, 400, "INVALID_PARAMETER", "retry_days");
    expect((await ok(live, "json", "Brand/List", { params: { search_brand_id: live.brand_id } })).brands[0].retry_days).toBe("1,2");
  });
});

describe("a test clock retries declined renewals on the brand's days, in order, before and apart from dunning", () => {
  let t: Tenant;
  let dunned: { id: string; account: string; good: string };
  let declining: { id: string };
  let plain: Tenant;
  let plainSub: { id: string };

  beforeAll(async () => {
    const live = await makeTenant();
    t = await sandboxBrand(live, { retry_days: "1,3,5" });
    plain = await sandboxBrand(live);
    for (const b of [t, plain]) {
      await makeGateway(b);
      await advanceTo(b, "2027-01-05T12:00:00Z");
    }
    // Group A reminds on day 2 and suspends on day 6 after the due date; group B has no rules.
    const a = await makeGroup(t);
    const b = await makeGroup(t);
    for (const [days, action] of [
      ["2", "REMIND"],
      ["6", "SUSPEND"],
    ]) {
      await ok(t, "json", "DunningRule/Create", {
        method: "POST",
        params: {
          product_group_id: a.product_group_id,
          name: `${action} after ${days} days`,
          description: "Dunning of unpaid renewals",
          overdue_days: days,
          overdue_amount: "1.00",
          enforcement_action: action,
        },
      });
    }
    const plan = { setup_fee: "0.00", recurring_price: "20.00", expiration_interval: "10" };
    dunned = await subscribe(t, (await makeProduct(t, a.product_group_id, plan)).product_id);
    declining = await subscribe(t, (await makeProduct(t, b.product_group_id, plan)).product_id);
    plainSub = await subscribe(plain, (await makeProduct(plain, (await makeGroup(plain)).product_group_id, plan)).product_id);
  });

  it("January 15: the renewal charge is declined; January 16: the first retry, declined, in the payment history", async () => {
    expect(await advanceTo(t, "2027-01-15T12:00:00Z")).toMatchObject({ charges_declined: "2", charges_succeeded: "0" });
    const s = await advanceTo(t, "2027-01-16T12:00:00Z");
    expect(s).toMatchObject({ charges_declined: "2", charges_succeeded: "0", dunning_rules_fired: "0" });
    const invoice = (await invoicesOf(t, dunned.id)).at(-1);
    expect(invoice).toMatchObject({ billing_period_start: "1/15/2027", balance: "20.00" });
    expect(await attemptsOf(t, invoice.invoice_id)).toEqual([
      ["2027-01-15T00:00:00Z", "failed", ""],
      ["2027-01-16T00:00:00Z", "failed", "1"],
    ]);
    expect(await shownRetry(t, invoice.invoice_id)).toEqual({ retry: 2, of: 3, on: "2027-01-18" });
  });

  it("January 17: the dunning rule reminds (it does not wait for the retries); January 18: the second retry", async () => {
    expect(await advanceTo(t, "2027-01-17T12:00:00Z")).toMatchObject({ dunning_rules_fired: "1", charges_declined: "0" });
    expect(await advanceTo(t, "2027-01-18T12:00:00Z")).toMatchObject({ dunning_rules_fired: "0", charges_declined: "2" });
  });

  it("January 20: with a good card the third retry pays; no dunning, no retry follows", async () => {
    await ok(t, "json", "Subscription/Update", {
      method: "POST",
      params: { subscription_id: dunned.id, customer_account_id: dunned.account, pay_method_id: dunned.good, auto_pay: "Y" },
    });
    expect(await advanceTo(t, "2027-01-20T12:00:00Z")).toMatchObject({ charges_succeeded: "1", charges_declined: "1" });
    const invoice = (await invoicesOf(t, dunned.id)).at(-1);
    expect(invoice.balance).toBe("0.00");
    expect(await shownRetry(t, invoice.invoice_id)).toBeNull();
    expect(await attemptsOf(t, invoice.invoice_id)).toEqual([
      ["2027-01-15T00:00:00Z", "failed", ""],
      ["2027-01-16T00:00:00Z", "failed", "1"],
      ["2027-01-18T00:00:00Z", "failed", "2"],
      ["2027-01-20T00:00:00Z", "succeeded", "3"],
    ]);
    // Day 6 after the due date: the suspend rule does not fire on the paid invoice.
    expect(await advanceTo(t, "2027-01-22T12:00:00Z")).toMatchObject({ dunning_rules_fired: "0", charges_declined: "0" });
    expect((await ok(t, "json", "Subscription/List", { params: { subscription_id: dunned.id } })).subscriptions[0].status).toBe("1");
  });

  it("one advance over the next cycle makes every retry on its day, in order, and none after the schedule", async () => {
    // January 25: the good card pays the first subscription's renewal; the other's card declines again.
    const s = await advanceTo(t, "2027-02-03T12:00:00Z");
    expect(s).toMatchObject({ charges_succeeded: "1", charges_declined: "4" });
    const [first, second] = (await invoicesOf(t, declining.id)).slice(-3, -1);
    expect(first.billing_period_start).toBe("1/15/2027");
    expect(await attemptsOf(t, first.invoice_id)).toEqual([
      ["2027-01-15T00:00:00Z", "failed", ""],
      ["2027-01-16T00:00:00Z", "failed", "1"],
      ["2027-01-18T00:00:00Z", "failed", "2"],
      ["2027-01-20T00:00:00Z", "failed", "3"],
    ]);
    expect(second.billing_period_start).toBe("1/25/2027");
    expect(await attemptsOf(t, second.invoice_id)).toEqual([
      ["2027-01-25T00:00:00Z", "failed", ""],
      ["2027-01-26T00:00:00Z", "failed", "1"],
      ["2027-01-28T00:00:00Z", "failed", "2"],
      ["2027-01-30T00:00:00Z", "failed", "3"],
    ]);
  });

  it("a brand without a schedule never retries (the spec's behaviour)", async () => {
    await advanceTo(plain, "2027-02-03T12:00:00Z");
    expect(await shownRetry(plain, (await invoicesOf(plain, plainSub.id))[1].invoice_id)).toBeNull();
    for (const invoice of (await invoicesOf(plain, plainSub.id)).slice(1, -1)) {
      expect((await attemptsOf(plain, invoice.invoice_id)).map(([, status, retry]) => [status, retry])).toEqual([["failed", ""]]);
    }
  });
});

describe("exactly one attempt per retry, whatever the runners", () => {
  const clock = new ManualClock("2026-03-01T10:00:00Z");
  beforeAll(() => useClock(clock));
  afterAll(() => useClock(systemClock));

  /** `runners` billing runs at once; runner i with bit i of `fanned` through the fanned-out function (chunks of 2). */
  const bill = async (brandId: string, runners: number, fanned: number) => {
    const db = await getDb();
    const now = clock.now();
    await Promise.all(
      Array.from({ length: runners }, async (_, i) => {
        if (!(fanned & (1 << i))) return runBilling({ ctx: allBrandsContext(db, now) });
        const run = await new InngestTestEngine({ function: billBrand }).execute({
          events: [{ name: BILL_BRAND, data: { brandId, now: now.toISOString(), chunkSize: 2 } satisfies BillBrandData }],
        });
        expect(run.error).toBeUndefined();
      }),
    );
  };

  for (const [runners, fanned] of [
    [1, 0],
    [1, 1],
    [2, 0b01],
    [3, 0b010],
    [3, 0b111],
  ] as const) {
    it(`${runners} runner(s), ${fanned.toString(2).padStart(runners, "0")} fanned out: retries 1 and 2 once each, on their days`, async () => {
      clock.set("2026-03-01T10:00:00Z");
      const t = await makeTenant();
      await ok(t, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: t.brand_id, retry_days: "1,2" } });
      await makeGateway(t);
      const product = await makeProduct(t, (await makeGroup(t)).product_group_id, { setup_fee: "0.00", recurring_price: "20.00", expiration_interval: "10" });
      const subs = [];
      for (let i = 0; i < 5; i++) subs.push(await subscribe(t, product.product_id));
      const counts = async () =>
        resultRows<{ retry: number | null; n: number }>(
          await (
            await getDb()
          ).execute(sql`
            select p.retry, count(*)::int as n from payments p join invoices i on i.id = p.invoice_id
            where p.brand_id = ${t.brand_id} and p.processed_by = 'gateway' and i.billing_period_start = '2026-03-11'
            group by p.retry order by p.retry nulls first`),
        ).map((r) => [r.retry, r.n]);
      clock.set("2026-03-11T10:00:00Z");
      await bill(t.brand_id, runners, fanned);
      expect(await counts()).toEqual([[null, 5]]);
      clock.set("2026-03-11T20:00:00Z");
      await bill(t.brand_id, runners, fanned);
      expect(await counts()).toEqual([[null, 5]]);
      clock.set("2026-03-12T01:00:00Z");
      await bill(t.brand_id, runners, fanned);
      await bill(t.brand_id, runners, fanned);
      expect(await counts()).toEqual([
        [null, 5],
        [1, 5],
      ]);
      clock.set("2026-03-13T01:00:00Z");
      await bill(t.brand_id, runners, fanned);
      clock.set("2026-03-15T01:00:00Z");
      await bill(t.brand_id, runners, fanned);
      expect(await counts()).toEqual([
        [null, 5],
        [1, 5],
        [2, 5],
      ]);
    });
  }
});
