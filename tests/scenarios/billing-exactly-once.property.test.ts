/**
 * Billing bills every period exactly once, for any sequence (issue 13): fast-check draws a catalog
 * and a run of steps (clock moves with one, two or three billing runners at once, changes racing a
 * run, payments and their reversal, suspensions, restores, deletions of subscriptions, invoices,
 * products, groups, accounts and pay methods, usage, coupons) and after every billing run the
 * ledger checker (lib/billing/check-ledger.ts) must find nothing: every started period has exactly
 * one invoice, no live invoice bills a period that never started, totals are sums of lines >= 0,
 * paid <= total, no prepaid balance below zero, coupon cycles = discounted periods. No step may
 * answer 5xx. Every active subscription the run could bill is caught up afterwards.
 *
 * Reproduce a failure with the seed and path fast-check prints:
 *   BILLING_PROPERTY_SEED=... BILLING_PROPERTY_PATH=... npx vitest run tests/scenarios/billing-exactly-once.property.test.ts
 * BILLING_PROPERTY_RUNS (default 30) and BILLING_PROPERTY_STEPS (default 14) widen the search.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { getDb, resultRows } from "../../db/client";
import { call, makeTenant, ok, type Tenant } from "../support/api";
import { makeComponent, makeCoupon, makeGroup, makeProduct } from "../support/catalog";
import { makeAccount, makeCard, makeGateway } from "../support/payments";
import { ManualClock, systemClock, useClock } from "../../lib/clock";
import { runBilling } from "../../lib/billing/run-billing";
import { checkLedger } from "../../lib/billing/check-ledger";

const clock = new ManualClock("2026-03-01T10:00:00Z");
beforeAll(() => useClock(clock));
afterAll(() => useClock(systemClock));

const RUNS = Number(process.env.BILLING_PROPERTY_RUNS || 30);
const STEPS = Number(process.env.BILLING_PROPERTY_STEPS || 14);

interface World {
  t: Tenant;
  group: string;
  products: string[];
  seats: string;
  meter: string;
  coupons: string[];
  accounts: { id: string; cards: string[] }[];
  subs: { id: string; account: string }[];
}

const cents = (max: number) => fc.integer({ min: 1, max }).map((c) => (c / 100).toFixed(2));
const pick = fc.nat({ max: 1000 });
/** Invoices are picked newest first, so steps land on the ones billing just generated. */
const recent = fc.nat({ max: 3 });
const of = <T>(list: readonly T[], i: number) => list[i % list.length];

const step = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("bill" as const), days: fc.integer({ min: 0, max: 16 }), runners: fc.integer({ min: 1, max: 3 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("race" as const),
      days: fc.integer({ min: 0, max: 12 }),
      runners: fc.integer({ min: 1, max: 3 }),
      change: pick,
      units: fc.integer({ min: 1, max: 9 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("units" as const), sub: pick, units: fc.integer({ min: 1, max: 9 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("changeProduct" as const), sub: pick, product: pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("coupon" as const), sub: pick, coupon: fc.option(pick, { nil: undefined }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("usage" as const), sub: pick, units: fc.integer({ min: 0, max: 40 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("pay" as const), invoice: recent, share: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deposit" as const), account: pick, amount: cents(4000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reverse" as const), payment: pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("renewalDate" as const), sub: pick, days: fc.integer({ min: 1, max: 20 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("suspend" as const), sub: pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("restore" as const), sub: pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteSub" as const), sub: pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteInvoice" as const), invoice: recent }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("groupSuspend" as const), restore: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteProduct" as const), product: pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteAccount" as const), account: pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deletePayMethod" as const), account: pick }) },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

const catalog = fc.record({
  prices: fc.array(fc.record({ price: cents(5000), interval: fc.constantFrom(0, 1, 5, 7, 10, 30), trial: fc.boolean(), discount: fc.boolean() }), {
    minLength: 1,
    maxLength: 3,
  }),
  seatPrice: cents(900),
  meterPrice: cents(300),
  coupons: fc.array(fc.record({ duration: fc.constantFrom("once", "cycles", "forever"), cycles: fc.integer({ min: 1, max: 3 }), percent: fc.boolean() }), {
    minLength: 1,
    maxLength: 2,
  }),
  subs: fc.integer({ min: 1, max: 3 }),
  couponOn: fc.array(fc.option(fc.nat({ max: 1 }), { nil: undefined }), { minLength: 3, maxLength: 3 }),
  prepaid: fc.option(cents(6000), { nil: undefined }),
});
type Catalog = typeof catalog extends fc.Arbitrary<infer C> ? C : never;

async function build(c: Catalog): Promise<World> {
  clock.set("2026-03-01T10:00:00Z");
  const t = await makeTenant();
  await makeGateway(t);
  const group = (await makeGroup(t)).product_group_id as string;
  const products: string[] = [];
  for (const p of c.prices) {
    const params: Record<string, string> = { setup_fee: "0.00", recurring_price: p.price, expiration_interval: String(p.interval) };
    if (p.trial && p.interval > 0) Object.assign(params, { trial: "Y", trial_interval: "3", trial_price: "0.00" });
    if (p.discount && Number(p.price) >= 0.04) Object.assign(params, { auto_pay_discount: "Y", auto_pay_discount_amount: (Number(p.price) / 4).toFixed(2) });
    products.push((await makeProduct(t, group, params)).product_id);
  }
  const seats = (await makeComponent(t, group, { component_type: "quantitative", unit_price: c.seatPrice, starting_quantity: "1", maximum_units: "10" }))
    .component_id;
  const meter = (await makeComponent(t, group, { component_type: "metered", unit_price: c.meterPrice })).component_id;
  const coupons: string[] = [];
  for (const k of c.coupons) {
    const params: Record<string, string> = {
      duration: k.duration,
      stackable: "Y",
      ...(k.percent ? { discount_type: "percent", discount_value: "25" } : { discount_type: "amount", discount_value: "3.00" }),
    };
    if (k.duration === "cycles") params.duration_cycles = String(k.cycles);
    coupons.push((await makeCoupon(t, params)).coupon_code);
  }
  const accounts = [];
  for (let i = 0; i < 2; i++) {
    const id = await makeAccount(t);
    accounts.push({ id, cards: [await makeCard(t, id), await makeCard(t, id)] });
  }
  if (c.prepaid) {
    await ok(t, "json", "Payment/Create", {
      method: "POST",
      params: { customer_account_id: accounts[0].id, apply_to_prepaid_balance: "Y", override_billing: "Y", amount: c.prepaid },
    });
  }
  const subs = [];
  for (let i = 0; i < c.subs; i++) {
    const account = accounts[i % 2];
    const r = await call("json", "Subscription/Create", {
      method: "POST",
      creds: t,
      params: {
        customer_account_id: account.id,
        product_id: of(products, i),
        pay_method_id: account.cards[0],
        override_initial_billing: "Y",
        auto_pay: "Y",
        attached_components: JSON.stringify([
          { component_id: seats, units: String(1 + i) },
          { component_id: meter, units: "0" },
        ]),
        ...(c.couponOn[i] !== undefined ? { coupon_code: of(coupons, c.couponOn[i]!) } : {}),
      },
    });
    expect(r.status, r.text).toBeLessThan(500);
    if (r.status === 200) subs.push({ id: r.body.subscription.subscription_id as string, account: account.id });
  }
  return { t, group, products, seats, meter, coupons, accounts, subs };
}

const rows = async <T>(query: ReturnType<typeof sql>) => resultRows<T>(await (await getDb()).execute(query));

/** One step through the API (a refusal is fine, a 5xx never is). */
async function act(w: World, s: Step): Promise<void> {
  const api = async (path: string, method: string, params: Record<string, string>) => {
    const r = await call("json", path, { method, params, creds: w.t });
    expect(r.status, `${path} ${JSON.stringify(params)}: ${r.text}`).toBeLessThan(500);
    return r;
  };
  const sub = (i: number) => of(w.subs, i);
  switch (s.kind) {
    case "bill":
      clock.advance({ days: s.days, hours: 1 });
      await bill(s.runners);
      return;
    case "race": {
      clock.advance({ days: s.days, hours: 1 });
      const x = sub(s.change);
      await Promise.all([
        bill(s.runners),
        api("Subscription/Update", "POST", {
          subscription_id: x.id,
          customer_account_id: x.account,
          auto_pay: "Y",
          attached_components: JSON.stringify([
            { component_id: w.seats, units: String(s.units) },
            { component_id: w.meter, units: "0" },
          ]),
        }),
      ]);
      return;
    }
    case "units": {
      const x = sub(s.sub);
      await api("Subscription/Update", "POST", {
        subscription_id: x.id,
        customer_account_id: x.account,
        auto_pay: "Y",
        attached_components: JSON.stringify([
          { component_id: w.seats, units: String(s.units) },
          { component_id: w.meter, units: "0" },
        ]),
      });
      return;
    }
    case "changeProduct": {
      const x = sub(s.sub);
      await api("Subscription/ChangeProduct", "POST", { subscription_id: x.id, customer_account_id: x.account, product_id: of(w.products, s.product) });
      return;
    }
    case "coupon": {
      const x = sub(s.sub);
      const code = s.coupon === undefined ? "" : of(w.coupons, s.coupon);
      await api("Subscription/Update", "POST", { subscription_id: x.id, customer_account_id: x.account, auto_pay: "Y", coupon_code: code });
      return;
    }
    case "usage": {
      const x = sub(s.sub);
      await api("Subscription/ReportUsage", "PATCH", {
        subscription_id: x.id,
        customer_account_id: x.account,
        component_id: w.meter,
        units: String(s.units),
        expression_type: "additive",
      });
      return;
    }
    case "pay": {
      // A part (or all) of an open invoice's balance, recorded as paid elsewhere.
      const open = await rows<{ id: string; customer_account_id: string; balance: string }>(sql`
        select i.id, i.customer_account_id,
               (select coalesce(sum((l->>'itemPrice')::bigint * (l->>'quantity')::bigint), 0) from jsonb_array_elements(i.items) l)
               - (select coalesce(sum(p.amount), 0) from payments p where p.invoice_id = i.id and p.status = 'succeeded') as balance
        from invoices i where i.brand_id = ${w.t.brand_id} and i.deleted_at is null order by i.created_at desc, i.id desc`);
      const owed = open.filter((i) => Number(i.balance) > 0);
      if (!owed.length) return;
      const inv = of(owed, s.invoice);
      const amount = Math.max(1, Math.round((Number(inv.balance) * s.share) / 100));
      await api("Payment/Create", "POST", {
        customer_account_id: inv.customer_account_id,
        invoice_id: inv.id,
        apply_to_prepaid_balance: "N",
        override_billing: "Y",
        amount: (amount / 100).toFixed(2),
      });
      return;
    }
    case "deposit":
      await api("Payment/Create", "POST", {
        customer_account_id: of(w.accounts, s.account).id,
        apply_to_prepaid_balance: "Y",
        override_billing: "Y",
        amount: s.amount,
      });
      return;
    case "reverse": {
      const paid = await rows<{ id: string; customer_account_id: string; invoice_id: string | null }>(
        sql`select id, customer_account_id, invoice_id from payments where brand_id = ${w.t.brand_id} and status = 'succeeded' order by created_at, id`,
      );
      if (!paid.length) return;
      const p = of(paid, s.payment);
      await api("Payment/Delete", "DELETE", { customer_account_id: p.customer_account_id, payment_id: p.id, invoice_id: p.invoice_id ?? "prepaid_balance" });
      return;
    }
    case "renewalDate": {
      const x = sub(s.sub);
      const d = new Date(clock.now().getTime() + s.days * 86_400_000);
      await api("Subscription/Update", "POST", {
        subscription_id: x.id,
        customer_account_id: x.account,
        auto_pay: "Y",
        renewal_date: `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`,
      });
      return;
    }
    case "suspend":
      await api("Subscription/Suspend", "PATCH", { subscription_id: sub(s.sub).id });
      return;
    case "restore":
      await api("Subscription/Restore", "PATCH", { subscription_id: sub(s.sub).id });
      return;
    case "deleteSub":
      await api("Subscription/Delete", "DELETE", { subscription_id: sub(s.sub).id });
      return;
    case "deleteInvoice": {
      const live = await rows<{ id: string; customer_account_id: string }>(
        sql`select id, customer_account_id from invoices where brand_id = ${w.t.brand_id} and deleted_at is null order by created_at desc, id desc`,
      );
      if (!live.length) return;
      const inv = of(live, s.invoice);
      await api("Invoice/Delete", "DELETE", { invoice_id: inv.id, customer_account_id: inv.customer_account_id });
      return;
    }
    case "groupSuspend":
      await api(s.restore ? "ProductGroup/Restore" : "ProductGroup/Suspend", "PATCH", { product_group_id: w.group });
      return;
    case "deleteProduct":
      await api("Product/Delete", "DELETE", { product_id: of(w.products, s.product) });
      return;
    case "deleteAccount":
      await api("Account/Delete", "DELETE", { customer_account_id: of(w.accounts, s.account).id });
      return;
    case "deletePayMethod": {
      const a = of(w.accounts, s.account);
      await api("PayMethod/Delete", "DELETE", { customer_account_id: a.id, pay_method_id: a.cards[0] });
      return;
    }
  }
}

/** `runners` billing runs at once, each its own process would be: separate transactions on the shared pool. */
async function bill(runners: number) {
  const db = await getDb();
  await Promise.all(Array.from({ length: runners }, () => runBilling({ db, now: clock.now() })));
}

/** After a run, no active subscription the run could bill is still due. */
async function behind(w: World) {
  return rows<{ id: string; renewal_date: string }>(sql`
    select s.id, s.renewal_date::text from subscriptions s
    join products p on p.id = s.product_id join product_groups g on g.id = s.product_group_id join brands b on b.id = s.brand_id
    where s.brand_id = ${w.t.brand_id} and s.status = 1 and p.status <> 3 and g.status = 1
      and s.renewal_date <= (${clock.now().toISOString()}::timestamptz at time zone b.timezone_id)::date`);
}

describe("billing, for any catalog and any sequence of changes, payments and concurrent runs", () => {
  it("bills every started period exactly once and keeps every money invariant", { timeout: 600_000 }, async () => {
    const db = await getDb();
    await fc.assert(
      fc.asyncProperty(catalog, fc.array(step, { minLength: 4, maxLength: STEPS }), async (c, steps) => {
        const w = await build(c);
        for (const s of steps) {
          await act(w, s);
          if (s.kind === "bill" || s.kind === "race") {
            expect(await checkLedger(db, { brandId: w.t.brand_id }), `after ${JSON.stringify(s)}`).toEqual([]);
            expect(await behind(w), "due subscriptions left behind by the run").toEqual([]);
          }
        }
        clock.advance({ days: 40 });
        await bill(3);
        expect(await checkLedger(db, { brandId: w.t.brand_id })).toEqual([]);
      }),
      {
        numRuns: RUNS,
        seed: process.env.BILLING_PROPERTY_SEED ? Number(process.env.BILLING_PROPERTY_SEED) : undefined,
        path: process.env.BILLING_PROPERTY_PATH,
        endOnFailure: true,
      },
    );
  });
});
