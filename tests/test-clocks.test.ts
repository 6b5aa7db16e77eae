/**
 * Test clocks, only through the HTTP API (no internal clock): a sandbox brand rehearses a year of a
 * trial, renewals with usage and a two-cycle coupon, a card that starts declining and the dunning
 * that follows, each invoice checked to the cent; the same advance on a live brand is refused.
 * (The last check calls the scheduled run directly: it must never bill a sandbox brand.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { runBilling } from "../lib/billing/run-billing";
import { eq } from "drizzle-orm";
import { outboxEvents } from "../db/schema";
import { deliverDue } from "../lib/outbox/deliver";
import { sinkFor } from "../lib/jobs/sinks";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { makeComponent, makeCoupon, makeGroup, makeProduct } from "./support/catalog";
import { CARDS, expectRefusal, makeAccount, makeCard, makeGateway } from "./support/payments";
import { allBrandsContext } from "../lib/auth/context";

const DAY = 86_400_000;
/** A date as the API writes it (m/d/yyyy), `days` after the ISO date `from`. */
const wire = (from: string, days = 0) => {
  const d = new Date(Date.parse(`${from}T00:00:00Z`) + days * DAY);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
};

let live: Tenant;
let t: Tenant;
let start: Date;
let startDate: string;

const clockNow = async () => new Date((await ok(t, "json", "TestClock/Get")).test_clock.test_clock);
const advance = async (params: Record<string, string>) => (await ok(t, "json", "TestClock/Advance", { method: "POST", params })).test_clock;
/** Advances to `days` after the brand's creation date, at hh:00 UTC. */
const advanceToDay = (days: number, hour = 1) =>
  advance({ advance_to: new Date(Date.parse(`${startDate}T00:00:00Z`) + days * DAY + hour * 3_600_000).toISOString() });
const invoicesOf = async (subscriptionId: string) =>
  ((await ok(t, "json", "Invoice/List", { params: { subscription_id: subscriptionId } })).invoices as any[]).sort(
    (a, b) => Date.parse(a.billing_period_start) - Date.parse(b.billing_period_start),
  );
const summary = (inv: any) => [inv.billing_period_start, inv.total, inv.balance, inv.status];

beforeAll(async () => {
  live = await makeTenant();
  const brand = await ok(live, "json", "Brand/Create", {
    method: "POST",
    params: { name: "Rehearsal", description: "A sandbox brand", logo_url: "https://example.com/logo.png", sandbox: "Y" },
  });
  t = { ...live, brand_id: brand.brand.brand_id };
});

describe("a sandbox brand's test clock", () => {
  it("starts frozen at the brand's creation, in both formats; a live brand answers the real time", async () => {
    const got = await ok(t, "json", "TestClock/Get");
    expect(got.test_clock.sandbox).toBe("Y");
    start = new Date(got.test_clock.test_clock);
    expect(Math.abs(start.getTime() - Date.now())).toBeLessThan(60_000);
    startDate = start.toISOString().slice(0, 10);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await clockNow()).getTime()).toBe(start.getTime());
    const xml = await ok(t, "xml", "TestClock/Get");
    expect(xml.test_clock.sandbox).toBe("Y");
    expect((await ok(live, "json", "TestClock/Get")).test_clock.sandbox).toBe("N");
  });

  it("refuses to advance a live brand, to go back, and a sandbox brand going live", async () => {
    expectRefusal(await call("json", "TestClock/Advance", { method: "POST", creds: live, params: { days: "30" } }), 409, "INVALID_STATE", "brand_id");
    expectRefusal(
      await call("xml", "TestClock/Advance", { method: "POST", creds: t, params: { advance_to: new Date(start.getTime() - 1000).toISOString() } }),
      400,
      "INVALID_PARAMETER",
      "advance_to",
    );
    expectRefusal(await call("json", "TestClock/Advance", { method: "POST", creds: t, params: {} }), 400, "MISSING_PARAMETER", "advance_to");
    expectRefusal(
      await call("json", "Brand/Update", { method: "PATCH", creds: live, params: { update_brand_id: t.brand_id, sandbox: "N" } }),
      409,
      "INVALID_STATE",
      "sandbox",
    );
    expect((await clockNow()).getTime()).toBe(start.getTime());
  });

  describe("rehearses a year: trial, renewals with usage and a coupon, a decline and dunning", () => {
    let sub: any;
    let metered: any;
    let account: string;
    beforeAll(async () => {
      await makeGateway(t);
      const group = await makeGroup(t);
      const product = await makeProduct(t, group.product_group_id, {
        setup_fee: "0.00",
        recurring_price: "20.00",
        expiration_interval: "30",
        trial: "Y",
        trial_interval: "14",
        trial_price: "0.00",
      });
      metered = await makeComponent(t, group.product_group_id, { component_type: "metered", unit_price: "0.10", starting_quantity: "100" });
      const coupon = await makeCoupon(t, { discount_type: "percent", discount_value: "10", duration: "cycles", duration_cycles: "2" });
      await ok(t, "json", "DunningRule/Create", {
        method: "POST",
        params: {
          product_group_id: group.product_group_id,
          name: "Remind after 3 days",
          description: "Reminds customers of invoices unpaid for three days",
          overdue_days: "3",
          overdue_amount: "1.00",
          enforcement_action: "REMIND",
        },
      });
      account = await makeAccount(t);
      const card = await makeCard(t, account);
      sub = (
        await ok(t, "json", "Subscription/Create", {
          method: "POST",
          params: {
            customer_account_id: account,
            product_id: product.product_id,
            pay_method_id: card,
            override_initial_billing: "N",
            auto_pay: "Y",
            coupon_code: coupon.coupon_code,
            attached_components: JSON.stringify([{ component_id: metered.component_id, units: "0" }]),
          },
        })
      ).subscription;
    });

    it("day 0: in trial, stamped at the test clock's date, renewing after 14 days", async () => {
      expect(sub).toMatchObject({ in_trial: "Y", start_date: wire(startDate), renewal_date: wire(startDate, 14) });
    });

    const reportUsage = (units: string) =>
      ok(t, "json", "Subscription/ReportUsage", {
        method: "PATCH",
        params: { subscription_id: sub.subscription_id, customer_account_id: account, component_id: metered.component_id, units, expression_type: "additive" },
      });

    it("day 10: usage during the free trial; nothing billed yet", async () => {
      expect(await advanceToDay(10)).toMatchObject({ sandbox: "Y", invoices_generated: "0", charges_succeeded: "0" });
      await reportUsage("250");
    });

    it("day 14: the trial ends: 20.00 less the coupon's 10%, charged; the trial's usage is not billed", async () => {
      expect(await advanceToDay(14)).toMatchObject({ invoices_generated: "1", charges_succeeded: "1", charges_declined: "0" });
      expect(summary((await invoicesOf(sub.subscription_id)).at(-1))).toEqual([wire(startDate, 14), "18.00", "0.00", "1"]);
    });

    it("day 44: the coupon's second cycle plus 150 units over the included 100 at 0.10", async () => {
      await advanceToDay(20);
      await reportUsage("250");
      expect(await advanceToDay(44)).toMatchObject({ invoices_generated: "1", charges_succeeded: "1" });
      expect(summary((await invoicesOf(sub.subscription_id)).at(-1))).toEqual([wire(startDate, 44), "33.00", "0.00", "1"]);
    });

    it("day 74: the card now declines: the invoice stays open, and on day 77 the dunning rule reminds, once", async () => {
      const declining = await makeCard(t, account, CARDS.declines, { require_verification: "N" });
      await ok(t, "json", "Subscription/Update", {
        method: "POST",
        params: { subscription_id: sub.subscription_id, customer_account_id: account, pay_method_id: declining, auto_pay: "Y" },
      });
      const s = await advanceToDay(74);
      expect(s).toMatchObject({ invoices_generated: "1", charges_succeeded: "0", charges_declined: "1", dunning_rules_fired: "0" });
      expect(summary((await invoicesOf(sub.subscription_id)).at(-1))).toEqual([wire(startDate, 74), "20.00", "20.00", "0"]);
      expect(await advanceToDay(76)).toMatchObject({ dunning_rules_fired: "0" });
      expect(await advanceToDay(77)).toMatchObject({ dunning_rules_fired: "1" });
      expect(await advance({ days: "5" })).toMatchObject({ dunning_rules_fired: "0" });
    });

    it("the rest of the year in one advance: every renewal invoiced once, at 20.00, in order", async () => {
      const s = await advanceToDay(365, 12);
      expect(new Date(s.test_clock).toISOString()).toBe(new Date(Date.parse(`${startDate}T12:00:00Z`) + 365 * DAY).toISOString());
      const invoices = await invoicesOf(sub.subscription_id);
      // Renewals on days 14 + 30k up to day 365, plus the next one's, generated 72 hours ahead when it falls by day 368.
      const renewals = Array.from({ length: 13 }, (_, k) => 14 + 30 * k).filter((d) => d <= 368);
      expect(invoices.map((i) => i.billing_period_start)).toEqual([wire(startDate), ...renewals.map((d) => wire(startDate, d))]);
      expect(invoices.slice(4).map((i) => i.total)).toEqual(renewals.slice(3).map(() => "20.00"));
      expect((await clockNow()).getTime()).toBe(new Date(s.test_clock).getTime());
    });

    it("its emails and posts are delivered now, in real time, and stamped with the brand's time", async () => {
      const db = await getDb();
      const brandEvents = () => db.select().from(outboxEvents).where(eq(outboxEvents.brandId, t.brand_id));
      const clockAt = await clockNow();
      expect((await brandEvents()).filter((e) => e.status === "pending").length).toBeGreaterThan(0);
      // The worker runs on real time, a year behind the brand's clock.
      for (let i = 0; i < 20 && (await brandEvents()).some((e) => e.status === "pending"); i++)
        await deliverDue({ ctx: allBrandsContext(db, { now: () => new Date() }), input: { sinkFor } });
      const events = await brandEvents();
      expect(events.filter((e) => e.status === "pending")).toEqual([]);
      expect(events.every((e) => e.createdAt.getTime() <= clockAt.getTime() && e.createdAt.getTime() >= start.getTime())).toBe(true);
      const delivered = events.filter((e) => e.status === "delivered");
      expect(delivered.length).toBeGreaterThan(0);
      expect(delivered.every((e) => e.deliveredAt!.getTime() === clockAt.getTime())).toBe(true);
    });

    it("the scheduled billing run, at real time however late, leaves the sandbox brand alone", async () => {
      const before = await invoicesOf(sub.subscription_id);
      const clockBefore = await clockNow();
      await runBilling({ ctx: allBrandsContext(await getDb(), new Date(clockBefore.getTime() + 400 * DAY)) });
      expect(await invoicesOf(sub.subscription_id)).toEqual(before);
      expect(await clockNow()).toEqual(clockBefore);
    });
  });
});
