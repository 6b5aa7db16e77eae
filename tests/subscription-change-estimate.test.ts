/**
 * The estimate of a change to an existing subscription (issue 18, item 4) is what the change then
 * invoices and credits, to the cent: for random subscriptions (coupons with cycles partly used,
 * trials, auto pay discounts, components and units, metered usage, an upcoming invoice already
 * written and paid or not) changed at a random moment of their period, through the portal's own
 * actions, and billed by the billing run with the clock moved to the renewal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { getDb } from "../db/client";
import { brands, creditNotes, customerAccounts, invoices, payments } from "../db/schema";
import { contextFromCustomerSession, allBrandsContext } from "../lib/auth/context";
import { runBilling } from "../lib/billing/run-billing";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { portalActions } from "../lib/portal/actions";
import { invoiceGenerationAt } from "../lib/pricing/periods";
import type { ChangeEstimateRead } from "../lib/subscriptions/read";
import { ok, makeTenant } from "./support/api";
import { makeComponent, makeCoupon, makeGroup, makeProduct } from "./support/catalog";
import { dumpDatabase, makeCard, makeGateway } from "./support/payments";

const clock = new ManualClock("2026-03-01T10:00:00Z");
beforeAll(() => useClock(clock));
afterAll(() => useClock(systemClock));

const money = (cents: number) => (cents / 100).toFixed(2);

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
    await runBilling({ ctx: allBrandsContext(db, clock.now()) });
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
  /** The invoices adding to the subscription's renewal invoices (live), by id with their totals, and its credit notes `repriced` (ids). */
  const ledger = async () => ({
    adjustments: new Map(
      (
        await db
          .select()
          .from(invoices)
          .where(and(eq(invoices.subscriptionId, id), isNull(invoices.deletedAt), isNotNull(invoices.adjustsInvoiceId)))
      ).map((i) => [i.id, i.totalCents]),
    ),
    creditNotes: await db
      .select()
      .from(creditNotes)
      .where(and(eq(creditNotes.customerAccountId, accountId), eq(creditNotes.reason, "repriced"))),
  });
  const prepaidBefore = await prepaid();
  const ledgerBefore = await ledger();
  const untouched = await dumpDatabase();
  const estimated = await estimateAction.run(ctx, input);
  // The estimate made the change and rolled it back: nothing of it is left.
  expect(await dumpDatabase()).toBe(untouched);
  const e0 = estimated.ok ? (estimated.data as ChangeEstimateRead) : null;
  // Before the change, `before` is what the renewal's documents bill already (a written invoice and those adding to it).
  if (e0?.before?.generated) {
    const period = await periodDocuments(await upcoming(e0.before.renewalDate));
    expect(period.net + sumOf(e0.before.usageLines)).toBe(e0.before.total);
    expect(period.paid).toBe(e0.before.paid);
  }
  const changed = await changeAction.run(ctx, input);
  // A change the verb refuses (a coupon that does not qualify, say) is refused by its estimate the same way.
  if (!changed.ok) {
    expect(estimated).toEqual(changed);
    return "refused";
  }
  expect(estimated.ok, JSON.stringify(estimated)).toBe(true);
  const e = e0!;
  expect(e.chargedNowCents).toBe(0);
  expect((await prepaid()) - prepaidBefore).toBe(e.prepaidCreditCents - e.prepaidTakenBackCents);
  // What the change billed beside a paid (final) renewal invoice, issue 31: invoices adding to it
  // (new, larger or smaller, withdrawn) and credit notes `repriced` on them, as the estimate said.
  const ledgerAfter = await ledger();
  const adjustmentsSum = (m: Map<string, number>) => [...m.values()].reduce((t, c) => t + c, 0);
  expect(adjustmentsSum(ledgerAfter.adjustments) - adjustmentsSum(ledgerBefore.adjustments)).toBe(e.adjustmentInvoicedCents - e.adjustmentWithdrawnCents);
  const newNotes = ledgerAfter.creditNotes.filter((n) => !ledgerBefore.creditNotes.some((o) => o.id === n.id));
  expect(newNotes.reduce((t, n) => t + n.amount, 0)).toBe(e.repricedCreditCents);

  const after = (await ok(t, "json", "Subscription/List", { params: { subscription_id: id } })).subscriptions[0];
  if (!e.after) {
    expect(after.renewal_date ?? "").toBe("");
    return "no renewal";
  }
  const renewal = e.after.renewalDate;
  expect(isoDate(after.renewal_date)).toBe(renewal);
  // The estimate adds up: its lines are what the period is priced at, its documents bill the same.
  expect(sumOf(e.after.lines) + sumOf(e.after.usageLines)).toBe(e.after.total);
  expect(e.after.issued + e.after.adjustments - e.after.credited + sumOf(e.after.usageLines)).toBe(e.after.total);
  if (e.after.generated) {
    // Written already: what is paid on it (and on those adding to it) is what the estimate says.
    const period = await periodDocuments(await upcoming(renewal));
    expect(period.paid).toBe(e.after.paid);
    expect(period.final).toBe(e.after.final);
  }
  // Billing as it runs: the invoice written 72 hours ahead, then the renewal that adds the usage.
  const generationAt = invoiceGenerationAt(renewal, brand.timezoneId);
  if (generationAt > clock.now()) clock.set(new Date(generationAt.getTime() + 60_000).toISOString());
  await runBilling({ ctx: allBrandsContext(db, clock.now()) });
  clock.set(new Date(Date.parse(`${renewal}T00:00:00Z`) + 36 * 3_600_000).toISOString());
  await runBilling({ ctx: allBrandsContext(db, clock.now()) });
  const billed = await upcoming(renewal);
  expect(billed, "the renewal's invoice").toBeDefined();
  const period = await periodDocuments(billed!);
  if (process.env.ESTIMATE_DEBUG)
    console.log(JSON.stringify({ e, billed, all: await db.select().from(invoices).where(eq(invoices.subscriptionId, id)) }, null, 1));
  // The rule: what the period is billed (the renewal invoice's lines, plus the invoices adding to it,
  // less the credit notes on them; the usage on it or, once it is final, on an invoice of its own)
  // is the estimate's total, to the cent, document by document.
  expect(period.net).toBe(e.after.total);
  const asLines = (ls: readonly { itemName: string; itemPrice: number; quantity: number }[]) => ls.map((l) => [l.itemName, l.itemPrice * l.quantity]);
  const estimatedLines = (ls: NonNullable<ChangeEstimateRead["after"]>["lines"]) => asLines(ls);
  const isUsage = (l: { kind: string }) => l.kind === "usage";
  // The lines the period is priced at: the invoice's own, or a final one's as re-priced (repriced_items).
  expect(asLines((billed!.repricedItems ?? billed!.items).filter((l) => !isUsage(l)))).toEqual(estimatedLines(e.after.lines));
  expect(asLines(period.rows.flatMap((i) => i.items).filter(isUsage))).toEqual(estimatedLines(e.after.usageLines));
  const linesSum = (ls: readonly { kind: string; itemPrice: number; quantity: number }[]) => ls.reduce((t, l) => t + l.itemPrice * l.quantity, 0);
  expect(linesSum(billed!.items.filter((l) => !isUsage(l)))).toBe(e.after.issued);
  expect(linesSum(period.rows.slice(1).flatMap((i) => i.items.filter((l) => !isUsage(l))))).toBe(e.after.adjustments);
  expect(period.rows.reduce((t, i) => t + i.creditedCents, 0)).toBe(e.after.credited);
  return e.after.generated ? (e.after.final ? "final" : "repriced") : "priced ahead";
}

const isoDate = (wire: string) => {
  const [m, d, y] = wire.split("/").map(Number);
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
};
const sumOf = (lines: readonly { itemPrice: number; quantity: number }[]) => lines.reduce((t, l) => t + l.itemPrice * l.quantity, 0);

/**
 * A renewal invoice and the live invoices adding to it (issue 31): what they bill together (their
 * lines less their credit notes), what is paid on them as far as they bill it, and whether the
 * renewal invoice is final (something paid on it, reversed since or not).
 */
async function periodDocuments(invoice: typeof invoices.$inferSelect | undefined) {
  expect(invoice, "the renewal's invoice").toBeDefined();
  const db = await getDb();
  const rows = [
    invoice!,
    ...(await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.adjustsInvoiceId, invoice!.id), isNull(invoices.deletedAt)))),
  ];
  const received = await db
    .select()
    .from(payments)
    .where(
      inArray(
        payments.invoiceId,
        rows.map((r) => r.id),
      ),
    );
  const net = (r: (typeof rows)[number]) => r.totalCents - r.creditedCents;
  const paidOn = (r: (typeof rows)[number]) => received.filter((p) => p.invoiceId === r.id && p.status === "succeeded").reduce((t, p) => t + p.amount, 0);
  return {
    rows,
    net: rows.reduce((t, r) => t + net(r), 0),
    paid: rows.reduce((t, r) => t + Math.min(paidOn(r), net(r)), 0),
    final: received.some((p) => p.invoiceId === invoice!.id && (p.status === "succeeded" || p.status === "reversed")),
  };
}

/** A plan with no trial and no auto pay discount. */
const plain = (price: number, interval: number) => ({ price, interval, trialDays: 0, autoPayDiscount: 0 });
const noCoupon = { percent: true, value: 10, duration: "forever", cycles: 1, expiresAfter: null };
const base = {
  traditionalPrice: 53,
  quantitative: { price: 438, included: 0, units: 0 },
  metered: { price: 133, included: 0, usage: 8 },
  withTraditional: true,
  startCoupon: null,
  newCoupon: noCoupon,
  autoPay: false,
  changeAt: { beforeRenewal: 50 },
  payUpcoming: true,
} as const;
/**
 * Run every time, before the random ones (they count in ESTIMATE_RUNS): changes after the upcoming
 * invoice was paid (issue 31), to a plan of another length (a new period from the day of the
 * change, issue 32: the paid invoice moves there, the rise is an invoice adding to it, the usage
 * another), of the same length (a rise beside it), and a coupon (a decrease: a credit note, what was
 * paid above to the prepaid balance); and one of each other kind of next invoice.
 */
const examples = [
  { ...base, current: plain(101, 30), other: plain(3764, 10), change: { kind: "plan" } },
  { ...base, current: plain(2500, 30), other: plain(9000, 30), change: { kind: "plan" } },
  { ...base, current: plain(5000, 30), other: plain(100, 30), autoPay: true, newCoupon: { ...noCoupon, value: 50 }, change: { kind: "coupon" } },
  // Not paid: repriced in place; not written yet: priced ahead.
  { ...base, current: plain(2500, 30), other: plain(9000, 30), payUpcoming: false, change: { kind: "plan" } },
  { ...base, current: plain(2500, 30), other: plain(9000, 30), changeAt: { hours: 100 }, change: { kind: "units", units: 3, traditional: false } },
] as Scenario[];

const numRuns = Number(process.env.ESTIMATE_RUNS || 15);

describe("the estimate of a change to an existing subscription", () => {
  it(
    "equals what the change then invoices and credits, to the cent",
    async () => {
      const seen: Record<string, number> = {};
      await fc.assert(
        fc.asyncProperty(scenario, async (s) => {
          const outcome = await run(s);
          seen[outcome] = (seen[outcome] ?? 0) + 1;
        }),
        {
          numRuns,
          endOnFailure: true,
          examples: examples.map((e) => [e] as [Scenario]),
          // Replays a failure: ESTIMATE_SEED and ESTIMATE_PATH as fast-check printed them.
          ...(process.env.ESTIMATE_SEED ? { seed: Number(process.env.ESTIMATE_SEED), path: process.env.ESTIMATE_PATH } : {}),
        },
      );
      // The runs reached every kind of next invoice: not yet written, written (repriced in place) and
      // final (paid before the change: billed beside it).
      expect(Object.keys(seen)).toEqual(expect.arrayContaining(["repriced", "final", "priced ahead"]));
    },
    // A run takes about 3 s, much more on a busy machine.
    Math.max(600_000, numRuns * 20_000),
  );
});
