/**
 * The estimate of a change to an existing subscription (issue 18, item 4) is what the change then
 * invoices and credits, to the cent: for random subscriptions (coupons with cycles partly used,
 * trials, auto pay discounts, components and units, metered usage, an upcoming invoice already
 * written and paid or not) changed at a random moment of their period, through the portal's own
 * actions, and billed by the billing run with the clock moved to the renewal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { and, eq, gt, isNull } from "drizzle-orm";
import { getDb } from "../db/client";
import { brands, customerAccounts, invoices } from "../db/schema";
import { contextFromCustomerSession } from "../lib/auth/context";
import { runBilling } from "../lib/billing/run-billing";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { parseAmount } from "../lib/money";
import { portalActions } from "../lib/portal/actions";
import { invoiceGenerationAt } from "../lib/pricing/periods";
import type { ChangeEstimateView } from "../lib/subscriptions/estimate-change";
import { ok, makeTenant } from "./support/api";
import { makeComponent, makeCoupon, makeGroup, makeProduct } from "./support/catalog";
import { dumpDatabase, makeCard, makeGateway } from "./support/payments";

const clock = new ManualClock("2026-03-01T10:00:00Z");
beforeAll(() => useClock(clock));
afterAll(() => useClock(systemClock));

const money = (cents: number) => (cents / 100).toFixed(2);
const cents = (amount: string) => parseAmount(amount, "USD");

const plan = fc.record({
  price: fc.integer({ min: 100, max: 9000 }),
  interval: fc.constantFrom(10, 30),
  trialDays: fc.constantFrom(0, 0, 4),
  autoPayDiscount: fc.constantFrom(0, 0, 150),
});
const coupon = fc.record({
  percent: fc.boolean(),
  value: fc.integer({ min: 1, max: 60 }),
  duration: fc.constantFrom("once", "forever", "cycles"),
  cycles: fc.integer({ min: 1, max: 3 }),
  /** Days from the start after which it expires (null: never). */
  expiresAfter: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
});
const scenario = fc.record({
  current: plan,
  other: plan,
  traditionalPrice: fc.integer({ min: 50, max: 2000 }),
  quantitative: fc.record({ price: fc.integer({ min: 10, max: 900 }), included: fc.integer({ min: 0, max: 2 }), units: fc.integer({ min: 0, max: 6 }) }),
  metered: fc.record({ price: fc.integer({ min: 1, max: 300 }), included: fc.integer({ min: 0, max: 3 }), usage: fc.integer({ min: 0, max: 20 }) }),
  withTraditional: fc.boolean(),
  startCoupon: fc.option(coupon, { nil: null }),
  newCoupon: coupon,
  autoPay: fc.boolean(),
  /** When the change is made: any hour of the first 45 days, or hours before the first renewal (its invoice written already). */
  changeAt: fc.oneof(fc.record({ hours: fc.integer({ min: 1, max: 24 * 45 }) }), fc.record({ beforeRenewal: fc.integer({ min: 2, max: 60 }) })),
  payUpcoming: fc.boolean(),
  change: fc.oneof(
    fc.record({ kind: fc.constant("plan" as const) }),
    fc.record({ kind: fc.constant("units" as const), units: fc.integer({ min: 0, max: 8 }), traditional: fc.boolean() }),
    fc.record({ kind: fc.constant("coupon" as const) }),
  ),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never;

const productParams = (p: Scenario["current"], name: string) => ({
  name,
  setup_fee: "1.00",
  recurring_price: money(p.price),
  expiration_interval: String(p.interval),
  trial: p.trialDays ? "Y" : "N",
  ...(p.trialDays ? { trial_interval: String(p.trialDays), trial_price: "0.00" } : {}),
  auto_pay_discount: p.autoPayDiscount ? "Y" : "N",
  ...(p.autoPayDiscount ? { auto_pay_discount_amount: money(Math.min(p.autoPayDiscount, p.price)) } : {}),
});

const couponParams = (c: Scenario["newCoupon"]) => ({
  discount_type: c.percent ? "percent" : "amount",
  discount_value: c.percent ? String(c.value) : money(c.value * 25),
  duration: c.duration,
  ...(c.duration === "cycles" ? { duration_cycles: String(c.cycles) } : {}),
  ...(c.expiresAfter !== null ? { expiration_date: wireDate(new Date(Date.parse("2026-03-01T00:00:00Z") + c.expiresAfter * 86_400_000)) } : {}),
  stackable: "Y",
});
const wireDate = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;

async function run(s: Scenario) {
  clock.set("2026-03-01T10:00:00Z");
  const db = await getDb();
  const t = await makeTenant();
  await makeGateway(t);
  const group = (await makeGroup(t)).product_group_id as string;
  const current = (await makeProduct(t, group, productParams(s.current, "Current"))).product_id as string;
  const other = (await makeProduct(t, group, productParams(s.other, "Other"))).product_id as string;
  const traditional = (await makeComponent(t, group, { unit_price: money(s.traditionalPrice) })).component_id as string;
  const quantitative = (
    await makeComponent(t, group, {
      component_type: "quantitative",
      name: "Seats",
      unit_price: money(s.quantitative.price),
      starting_quantity: String(s.quantitative.included),
      maximum_units: "10",
    })
  ).component_id as string;
  const metered = (
    await makeComponent(t, group, {
      component_type: "metered",
      name: "Calls",
      unit_price: money(s.metered.price),
      starting_quantity: String(s.metered.included),
    })
  ).component_id as string;
  const startCode = s.startCoupon ? ((await makeCoupon(t, couponParams(s.startCoupon))).coupon_code as string) : null;
  const newCode = (await makeCoupon(t, couponParams(s.newCoupon))).coupon_code as string;

  const created = await ok(t, "json", "Account/Create", {
    method: "POST",
    params: {
      first_name: "Est",
      last_name: "Imate",
      email_address: `est-${Math.random().toString(36).slice(2)}@example.com`,
      country: "US",
      locale: "en-US",
      timezone_id: "America/New_York",
      skip_notification: "Y",
      password: "Estimate-pass-123",
    },
  });
  const accountId = created.customer_account.customer_account_id as string;
  const card = await makeCard(t, accountId);
  const attached = [
    ...(s.withTraditional ? [{ component_id: traditional, units: "1" }] : []),
    ...(s.quantitative.units ? [{ component_id: quantitative, units: String(s.quantitative.units) }] : []),
    { component_id: metered, units: "0" },
  ];
  const sub = (
    await ok(t, "json", "Subscription/Create", {
      method: "POST",
      params: {
        customer_account_id: accountId,
        product_id: current,
        pay_method_id: card,
        override_initial_billing: "N",
        auto_pay: s.autoPay ? "Y" : "N",
        attached_components: JSON.stringify(attached),
        ...(startCode ? { coupon_code: startCode } : {}),
      },
    })
  ).subscription;
  const id = sub.subscription_id as string;

  // Time passes: billing runs as it would (renewals, coupon cycles counted), usage is reported.
  // The first renewal is at the start of its day in the brand's time zone (UTC), the start at 10:00.
  const firstRenewalHours = (s.current.trialDays || s.current.interval) * 24 - 10;
  const changeAfterHours = "hours" in s.changeAt ? s.changeAt.hours : firstRenewalHours - s.changeAt.beforeRenewal;
  for (let h = 0; h < changeAfterHours; h += 48) {
    clock.advance({ hours: Math.min(48, changeAfterHours - h) });
    await runBilling({ db, now: clock.now() });
  }
  if (s.metered.usage) {
    await ok(t, "json", "Subscription/ReportUsage", {
      method: "PATCH",
      params: { subscription_id: id, customer_account_id: accountId, component_id: metered, units: String(s.metered.usage), expression_type: "additive" },
    });
  }
  const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
  const upcoming = async (renewal: string) =>
    (
      await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.subscriptionId, id), eq(invoices.billingPeriodStart, renewal), isNull(invoices.deletedAt)))
    )[0];
  const subscription = (await ok(t, "json", "Subscription/List", { params: { subscription_id: id } })).subscriptions[0];
  if (s.payUpcoming && subscription.renewal_date) {
    const [m, d, y] = subscription.renewal_date.split("/").map(Number);
    const written = await upcoming(`${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);
    const due = written ? written.items.reduce((sum, l) => sum + l.itemPrice * l.quantity, 0) : 0;
    if (written && due > 0) {
      await ok(t, "json", "Payment/Create", {
        method: "POST",
        params: { customer_account_id: accountId, invoice_id: written.id, apply_to_prepaid_balance: "N", override_billing: "Y", amount: money(due) },
      });
    }
  }

  const ctx = await contextFromCustomerSession(db, { brandId: t.brand_id, customerAccountId: accountId, userId: created.user.user_id });
  const components = (units: number, withTraditional: boolean) =>
    JSON.stringify([
      ...(withTraditional ? [{ component_id: traditional, units: "1" }] : []),
      ...(units ? [{ component_id: quantitative, units: String(units) }] : []),
      { component_id: metered, units: "0" },
    ]);
  const autoPay = s.autoPay ? "Y" : "N";
  const [estimateAction, changeAction, input] =
    s.change.kind === "plan"
      ? [portalActions.estimateChangePlan, portalActions.changePlan, { subscription_id: id, product_id: other }]
      : s.change.kind === "units"
        ? [
            portalActions.estimateUpdate,
            portalActions.updateSubscription,
            { subscription_id: id, auto_pay: autoPay, attached_components: components(s.change.units, s.change.traditional) },
          ]
        : [
            portalActions.estimateUpdate,
            portalActions.updateSubscription,
            { subscription_id: id, auto_pay: autoPay, coupon_code: [startCode, newCode].filter(Boolean).join(",") },
          ];

  const prepaid = async () => (await db.select().from(customerAccounts).where(eq(customerAccounts.id, accountId)))[0].prepaidBalance;
  const prepaidBefore = await prepaid();
  const untouched = await dumpDatabase();
  const estimated = await estimateAction.run(ctx, input);
  // The estimate made the change and rolled it back: nothing of it is left.
  expect(await dumpDatabase()).toBe(untouched);
  const changed = await changeAction.run(ctx, input);
  const changedAt = clock.now();
  // A change the verb refuses (a coupon that does not qualify, say) is refused by its estimate the same way.
  if (!changed.ok) {
    expect(estimated).toEqual(changed);
    return "refused";
  }
  expect(estimated.ok, JSON.stringify(estimated)).toBe(true);
  const e = (estimated as { ok: true; data: ChangeEstimateView }).data;
  expect(e.charged_now).toBe("0.00");
  expect((await prepaid()) - prepaidBefore).toBe(cents(e.prepaid_credit) - cents(e.prepaid_taken_back));

  const after = (await ok(t, "json", "Subscription/List", { params: { subscription_id: id } })).subscriptions[0];
  if (!e.after) {
    expect(after.renewal_date ?? "").toBe("");
    return "no renewal";
  }
  expect(after.renewal_date).toBe(e.after.renewal_date);
  const [m, d, y] = e.after.renewal_date.split("/").map(Number);
  const renewal = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  // Billing as it runs: the invoice written 72 hours ahead, then the renewal that adds the usage.
  const generationAt = invoiceGenerationAt(renewal, brand.timezoneId);
  if (generationAt > clock.now()) clock.set(new Date(generationAt.getTime() + 60_000).toISOString());
  await runBilling({ db, now: clock.now() });
  clock.set(new Date(Date.parse(`${renewal}T00:00:00Z`) + 36 * 3_600_000).toISOString());
  await runBilling({ db, now: clock.now() });
  const billed = await upcoming(renewal);
  expect(billed, "the renewal's invoice").toBeDefined();
  // A paid invoice is final (issue 31): it keeps its lines, and the renewal's usage is an invoice of
  // its own adding to it (made by the renewal, after the change).
  const usageAfterPayment = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.adjustsInvoiceId, billed!.id), isNull(invoices.deletedAt), gt(invoices.createdAt, changedAt)));
  const billedLines = [...billed!.items, ...usageAfterPayment.flatMap((i) => i.items)];
  if (process.env.ESTIMATE_DEBUG)
    console.log(JSON.stringify({ e, billed, all: await db.select().from(invoices).where(eq(invoices.subscriptionId, id)) }, null, 1));
  const lines = billedLines.map((l) => [l.itemName, l.itemPrice * l.quantity]);
  const expected = [...e.after.lines, ...e.after.usage_lines].map((l) => [l.name, cents(l.amount)]);
  expect(lines).toEqual(expected);
  expect(billedLines.reduce((sum, l) => sum + l.itemPrice * l.quantity, 0)).toBe(cents(e.after.total));
  return e.after.generated === "Y" ? "repriced" : "priced ahead";
}

describe("the estimate of a change to an existing subscription", () => {
  it("equals what the change then invoices and credits, to the cent", async () => {
    const seen: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const outcome = await run(s);
        seen[outcome] = (seen[outcome] ?? 0) + 1;
      }),
      {
        numRuns: Number(process.env.ESTIMATE_RUNS || 12),
        endOnFailure: true,
        // Replays a failure: ESTIMATE_SEED and ESTIMATE_PATH as fast-check printed them.
        ...(process.env.ESTIMATE_SEED ? { seed: Number(process.env.ESTIMATE_SEED), path: process.env.ESTIMATE_PATH } : {}),
      },
    );
    // The runs reached both kinds of next invoice: written already (repriced) and not yet.
    expect(Object.keys(seen)).toEqual(expect.arrayContaining(["repriced", "priced ahead"]));
  }, 600_000);
});
