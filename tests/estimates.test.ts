/**
 * The estimate's read (issue 30 item 2): Subscription/Estimate, of a new subscription and of a change,
 * answers the wire of its read row (EstimateRead in lib/subscriptions/read.ts, estimateToWire in
 * ./view.ts) byte for byte as before, in json and xml (the snapshot was taken before the read row);
 * the dashboard's estimate actions answer the read row itself (cents, ISO days, booleans).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { wireValue } from "../lib/api/serialize";
import { staffActions } from "../lib/dashboard/actions";
import type { ChangeEstimateRead, NewSubscriptionEstimate } from "../lib/subscriptions/read";
import { estimateToWire } from "../lib/subscriptions/view";
import { call, ok, makeTenant, type Tenant } from "./support/api";
import { makeComponent, makeCoupon, makeGroup, makeProduct } from "./support/catalog";
import { makeAccount, makeCard, makeGateway } from "./support/payments";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const FORMATS = ["json", "xml"] as const;

let t: Tenant;
let group: string;
const advanceTo = async (isoDate: string, hour = 12) =>
  ok(t, "json", "TestClock/Advance", { method: "POST", params: { advance_to: `${isoDate}T${String(hour).padStart(2, "0")}:00:00Z` } });

/** A sandbox brand of its own (its test clock at 9:00 on March 1 2027), prorating changes. */
async function sandbox() {
  const live = await makeTenant();
  const brand = await ok(live, "json", "Brand/Create", {
    method: "POST",
    params: { name: "Estimating", description: "A sandbox brand", logo_url: "https://example.com/logo.png", sandbox: "Y", proration: "prorate" },
  });
  t = { ...live, brand_id: brand.brand.brand_id };
  await makeGateway(t);
  group = (await makeGroup(t)).product_group_id;
  await advanceTo("2027-03-01", 9);
}

/** The answer's bytes, ids replaced (they differ at every run). */
async function answer(format: string, params: Record<string, string>) {
  const r = await call(format, "Subscription/Estimate", { creds: t, params });
  expect(r.status, r.text).toBe(200);
  return r.text.replace(UUID, "<id>");
}

let products: Record<"monthly" | "dear" | "trial" | "once", string>;
let seat: string;
let calls: string;

beforeAll(async () => {
  await sandbox();
  const plan = (params: Record<string, string>) =>
    makeProduct(t, group, { expiration_interval: "1", interval_unit: "month", setup_fee: "5.00", recurring_price: "30.00", ...params }).then(
      (p) => p.product_id,
    );
  products = {
    monthly: await plan({ name: "Monthly", auto_pay_discount: "Y", auto_pay_discount_amount: "3.10" }),
    dear: await plan({ name: "Dear", setup_fee: "0.00", recurring_price: "60.00" }),
    trial: await plan({ name: "Tryout", trial: "Y", trial_interval: "14", trial_price: "1.00" }),
    once: await plan({ name: "Once", expiration_interval: "0", recurring_price: "12.34" }),
  };
  seat = (await makeComponent(t, group, { component_type: "quantitative", name: "Seat", unit_price: "3.10" })).component_id;
  calls = (await makeComponent(t, group, { component_type: "metered", name: "Calls", unit_price: "0.25" })).component_id;
  await makeCoupon(t, { coupon_code: "SPRING", name: "Spring", discount_type: "amount", discount_value: "2.00", duration: "forever" });
});

const components = (seats: number) =>
  JSON.stringify([
    { component_id: seat, units: String(seats) },
    { component_id: calls, units: "0" },
  ]);

describe("Subscription/Estimate's wire, byte for byte", () => {
  it("of a new subscription: every figure, line and flag, with and without auto_pay, marked paid, a trial, a billing day and a one-time purchase", async () => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account, undefined, { require_verification: "N" });
    const cases: Record<string, Record<string, string>> = {
      spec: { product_id: products.monthly, attached_components: components(2), coupon_code: "SPRING" },
      withoutAutoPay: { product_id: products.monthly, attached_components: components(0), auto_pay: "N", override_initial_billing: "Y", pay_method_id: card },
      withAutoPay: { product_id: products.monthly, auto_pay: "Y", billing_day: "15", coupon_code: "SPRING" },
      trial: { product_id: products.trial, attached_components: components(3) },
      once: { product_id: products.once },
    };
    const answers: Record<string, string> = {};
    for (const [name, params] of Object.entries(cases)) {
      for (const format of FORMATS) answers[`${name} ${format}`] = await answer(format, { customer_account_id: account, ...params });
    }
    expect(answers).toMatchSnapshot();
  });

  it("of a change: the proration, before and after with their lines and usage, a renewal invoice written and paid (final)", async () => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account, undefined, { require_verification: "N" });
    const created = await ok(t, "json", "Subscription/Create", {
      method: "POST",
      params: {
        customer_account_id: account,
        product_id: products.monthly,
        pay_method_id: card,
        override_initial_billing: "Y",
        auto_pay: "Y",
        attached_components: components(2),
        coupon_code: "SPRING",
      },
    });
    const id = created.subscription.subscription_id as string;
    await ok(t, "json", "Subscription/ReportUsage", {
      method: "PATCH",
      params: { subscription_id: id, customer_account_id: account, component_id: calls, units: "37", expression_type: "additive" },
    });
    await advanceTo("2027-03-11");
    const answers: Record<string, string> = {};
    const change = { subscription_id: id, customer_account_id: account };
    for (const format of FORMATS) {
      answers[`dearer ${format}`] = await answer(format, { ...change, product_id: products.dear });
      answers[`more seats, auto pay N ${format}`] = await answer(format, {
        ...change,
        product_id: products.monthly,
        attached_components: components(5),
        auto_pay: "N",
      });
      answers[`fewer seats, no coupons ${format}`] = await answer(format, {
        ...change,
        product_id: products.monthly,
        attached_components: components(1),
        coupon_code: "",
      });
    }
    // Inside the 72 hours: the renewal invoice is written; paid, it is final.
    await advanceTo("2027-03-30");
    const renewal = (await ok(t, "json", "Invoice/List", { params: { subscription_id: id } })).invoices.find(
      (i: { billing_period_start: string }) => i.billing_period_start === "4/1/2027",
    );
    expect(renewal, "the renewal invoice").toBeDefined();
    for (const format of FORMATS)
      answers[`written ${format}`] = await answer(format, { ...change, product_id: products.monthly, attached_components: components(4) });
    await ok(t, "json", "Payment/Create", {
      method: "POST",
      params: { customer_account_id: account, invoice_id: renewal.invoice_id, apply_to_prepaid_balance: "N", override_billing: "Y", amount: renewal.total },
    });
    for (const format of FORMATS) {
      answers[`final, rise ${format}`] = await answer(format, { ...change, product_id: products.monthly, attached_components: components(4) });
      answers[`final, cut ${format}`] = await answer(format, { ...change, product_id: products.monthly, attached_components: components(0) });
    }
    expect(answers).toMatchSnapshot();
  });

  it("is the wire of the read row the dashboard's estimate actions answer (cents, ISO days, booleans); the clock is at March 30 2027 now", async () => {
    const account = await makeAccount(t);
    const session = { staffUserId: t.staffUserId };
    const terms = { customer_account_id: account, product_id: products.monthly, attached_components: components(2), coupon_code: "SPRING" };
    const asked = await staffActions.subscriptionEstimate.run(session, t.brand_id, terms);
    expect(asked.ok, JSON.stringify(asked)).toBe(true);
    const fresh = (asked.ok ? asked.data : null) as NewSubscriptionEstimate;
    expect(fresh).toMatchObject({ kind: "new", autoPay: null, upfrontCents: 3610, trial: false, payMethodStatus: null, currency: "USD" });
    expect(fresh.nextRenewal).toMatchObject({ date: "2027-04-30", totalCents: 3420, withAutoPayCents: 3110 });
    expect(fresh.upfrontLines.map((l) => [l.kind, l.amountCents])).toEqual([
      ["setup_fee", 500],
      ["recurring", 3000],
      ["component", 620],
      ["auto_pay_discount", -310],
      ["coupon", -200],
    ]);
    const api = JSON.parse((await call("json", "Subscription/Estimate", { creds: t, params: terms })).text).estimate;
    expect(api).toEqual(wireValue(estimateToWire(fresh)));

    const card = await makeCard(t, account, undefined, { require_verification: "N" });
    const created = await ok(t, "json", "Subscription/Create", {
      method: "POST",
      params: { customer_account_id: account, product_id: products.monthly, pay_method_id: card, override_initial_billing: "Y", auto_pay: "Y" },
    });
    const change = { subscription_id: created.subscription.subscription_id, customer_account_id: account, product_id: products.dear };
    const changed = await staffActions.subscriptionEstimateChangeProduct.run(session, t.brand_id, change);
    expect(changed.ok, JSON.stringify(changed)).toBe(true);
    const e = (changed.ok ? changed.data : null) as ChangeEstimateRead;
    expect(e).toMatchObject({ kind: "change", productId: products.dear, autoPay: true, prorationPeriodDays: 31, currency: "USD" });
    expect(e.before).toMatchObject({ renewalDate: "2027-04-30", generated: false, final: false, total: 2690 });
    expect(e.after).toMatchObject({ renewalDate: "2027-04-30", total: 6000 });
    expect(e.after!.lines.map((l) => [l.kind, l.itemName, l.itemPrice * l.quantity])).toEqual([["recurring", "Dear", 6000]]);
    const changeApi = JSON.parse((await call("json", "Subscription/Estimate", { creds: t, params: change })).text).estimate;
    expect(changeApi).toEqual(wireValue(estimateToWire(e)));
  });
});
