import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeStripe } from "./support/fake-stripe";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { withConnection } from "./support/pg";
import { expectRefusal, getInvoice, makeAccount, makeCard, makeInvoice } from "./support/payments";
import { makeGroup, makeProduct } from "./support/catalog";
import { getDb } from "../db/client";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { runBilling } from "../lib/billing/run-billing";

/**
 * runVerb's steps around a charge (lib/run-verb.ts): the attempt is committed before the gateway
 * is called, the call holds no transaction or lock, and the answer is settled in a new transaction.
 */
const stripe = new FakeStripe();
let t: Tenant;

beforeAll(async () => {
  vi.stubEnv("STRIPE_API_BASE", await stripe.start());
  t = await makeTenant();
  await ok(t, "json", "PayGateway/Create", {
    method: "POST",
    params: { name: "Stripe", gateway_provider: "stripe", credentials_1: "sk_test_fake0123456789abcdef", default_cc: "Y" },
  });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await stripe.stop();
});
beforeEach(() => {
  stripe.beforeEach = undefined;
  stripe.refusesRefunds = false;
  stripe.hookErrors.length = 0;
});

const charge = (account: string, invoice: string, amount: string, payMethod: string) => ({
  customer_account_id: account,
  invoice_id: invoice,
  apply_to_prepaid_balance: "N",
  override_billing: "N",
  amount,
  pay_method_id: payMethod,
});
const pay = (params: Record<string, string>, headers?: Record<string, string>) => call("json", "Payment/Create", { method: "POST", creds: t, params, headers });
const paymentsOf = async (invoice: string) => (await ok(t, "json", "Payment/List", { params: { invoice_id: invoice } })).payments as any[];

/** From a connection of its own, as another request would: fails fast if a row lock is in the way. */
const fromOutside = <T>(fn: (sql: import("postgres").Sql) => Promise<T>) => withConnection(process.env.DATABASE_URL!, fn);

describe("a charge through runVerb", () => {
  it("calls the gateway with the attempt committed as pending and no lock held on the invoice", async () => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account);
    const invoice = await makeInvoice(t, account, "30.00");
    const seen: { payments: { status: string }[]; updated: number }[] = [];
    stripe.beforeEach = async (method, path) => {
      if (method !== "POST" || path !== "/v1/payment_intents") return;
      seen.push(
        await fromOutside(async (sql) =>
          sql.begin(async (tx) => {
            await tx`set local lock_timeout = '300ms'`;
            const updated = await tx`update invoices set updated_at = updated_at where id = ${invoice}`;
            const payments = await tx<{ status: string }[]>`select status from payments where invoice_id = ${invoice}`;
            return { payments: [...payments], updated: updated.count };
          }),
        ),
      );
    };
    const r = await pay(charge(account, invoice, "30.00", card));
    expect(r.status, r.text).toBe(200);
    expect(stripe.hookErrors).toEqual([]);
    expect(seen).toEqual([{ payments: [{ status: "pending" }], updated: 1 }]);
    expect((await paymentsOf(invoice)).map((p) => p.payment_status)).toEqual(["succeeded"]);
  });

  it("a decline is answered 402 and stays on record with its reason; the same Idempotency-Key then tries again", async () => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account, "4000000000000341");
    const invoice = await makeInvoice(t, account, "12.00");
    const headers = { "idempotency-key": `decline-${invoice}` };
    expectRefusal(await pay(charge(account, invoice, "12.00", card), headers), 402, "PAYMENT_DECLINED", "pay_method_id");
    const [failed] = await paymentsOf(invoice);
    expect(failed).toMatchObject({ payment_status: "failed", amount: "12.00" });
    expect(failed.failure_reason).toMatch(/declined/);
    // As when the refusal rolled everything back: a refused request leaves no key behind.
    const again = await pay(charge(account, invoice, "12.00", card), headers);
    expectRefusal(again, 402, "PAYMENT_DECLINED", "pay_method_id");
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect((await paymentsOf(invoice)).map((p) => p.payment_status)).toEqual(["failed", "failed"]);
  });

  it("a repeat with the same Idempotency-Key sent while the gateway is being called waits, then replays the answer", async () => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account);
    const invoice = await makeInvoice(t, account, "20.00");
    const headers = { "idempotency-key": `concurrent-${invoice}` };
    let repeat: ReturnType<typeof pay> | undefined;
    stripe.beforeEach = async (method, path) => {
      if (method !== "POST" || path !== "/v1/payment_intents" || repeat) return;
      repeat = pay(charge(account, invoice, "20.00", card), headers);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the repeat reaches the key meanwhile
    };
    const first = await pay(charge(account, invoice, "20.00", card), headers);
    expect(first.status, first.text).toBe(200);
    const second = await repeat!;
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.text).toBe(first.text);
    expect(await paymentsOf(invoice)).toHaveLength(1);
  });
});

describe("pay methods through runVerb", () => {
  it("PayMethod/Create asks the gateway to tokenize holding no transaction", async () => {
    const account = await makeAccount(t);
    const inTransaction: number[] = [];
    stripe.beforeEach = async (method, path) => {
      if (method !== "POST" || path !== "/v1/payment_methods") return;
      const [{ n }] = await fromOutside(
        (sql) => sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      inTransaction.push(n);
    };
    await makeCard(t, account);
    expect(stripe.hookErrors).toEqual([]);
    expect(inTransaction).toEqual([0]);
  });
});

describe("a refund through runVerb (Payment/Delete)", () => {
  const paid = async (amount: string) => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account);
    const invoice = await makeInvoice(t, account, amount);
    const payment = (await ok(t, "json", "Payment/Create", { method: "POST", params: charge(account, invoice, amount, card) })).payment;
    return { account, invoice, payment, ref: { payment_id: payment.payment_id, customer_account_id: account, invoice_id: invoice } };
  };
  const reverse = (ref: Record<string, string>) => call("json", "Payment/Delete", { method: "DELETE", creds: t, params: ref });

  it("asks the gateway with the reversal committed and no lock held; a repeat meanwhile is refused, and Stripe refunds once", async () => {
    const { invoice, payment, ref } = await paid("25.00");
    const seen: unknown[] = [];
    let repeat: ReturnType<typeof reverse> | undefined;
    stripe.beforeEach = async (method, path) => {
      if (method !== "POST" || path !== "/v1/refunds" || repeat) return;
      repeat = reverse(ref);
      seen.push(
        await fromOutside((sql) =>
          sql.begin(async (tx) => {
            await tx`set local lock_timeout = '300ms'`;
            const updated = await tx`update invoices set updated_at = updated_at where id = ${invoice}`;
            const [p] = await tx`select status, refund_transaction_id from payments where id = ${payment.payment_id}`;
            return { updated: updated.count, status: p.status, refund: p.refund_transaction_id };
          }),
        ),
      );
      await repeat;
    };
    const r = await reverse(ref);
    expect(r.status, r.text).toBe(200);
    expect(r.body.payment).toMatchObject({ payment_status: "reversed", refund_transaction_id: expect.stringMatching(/^re_/) });
    expect(stripe.hookErrors).toEqual([]);
    expect(seen).toEqual([{ updated: 1, status: "reversed", refund: null }]);
    expectRefusal(await repeat!, 409, "INVALID_STATE", "payment_id");
    expect(stripe.refunds.filter((x) => x.payment_intent === payment.payment_transaction_id)).toHaveLength(1);
  });

  it("a refund the gateway refuses takes the reversal back: the payment counts again and the invoice stays paid", async () => {
    const { invoice, payment, ref } = await paid("9.00");
    stripe.refusesRefunds = true;
    expectRefusal(await reverse(ref), 409, "INVALID_STATE", "payment_id");
    expect((await paymentsOf(invoice)).map((p) => [p.payment_id, p.payment_status, p.refund_transaction_id])).toEqual([[payment.payment_id, "succeeded", ""]]);
    expect(await getInvoice(t, invoice)).toMatchObject({ status: "1", balance: "0.00" });
  });

  it("a reversal whose process died before the refund was recorded is refunded by the next billing run, once", async () => {
    const { payment, ref } = await paid("4.00");
    stripe.beforeEach = async (method, path) => {
      if (method === "POST" && path === "/v1/refunds") throw new Error("the process dies here"); // the hook's error: Stripe carries on
    };
    // Simulated death: the reversal is committed, the refund made at Stripe, its id never recorded.
    await fromOutside((sql) => sql`update payments set status = 'reversed', reversed_at = now() - interval '5 minutes' where id = ${payment.payment_id}`);
    stripe.beforeEach = undefined;
    await runBilling({ db: await getDb(), now: new Date() });
    const [row] = await fromOutside((sql) => sql`select status, refund_transaction_id from payments where id = ${payment.payment_id}`);
    expect(row).toMatchObject({ status: "reversed", refund_transaction_id: expect.stringMatching(/^re_/) });
    await runBilling({ db: await getDb(), now: new Date() });
    expect(stripe.refunds.filter((x) => x.payment_intent === payment.payment_transaction_id)).toHaveLength(1);
    expectRefusal(await reverse(ref), 409, "INVALID_STATE", "payment_id");
  });
});

describe("a renewal charge in the billing run", () => {
  const clock = new ManualClock("2026-01-01T10:00:00Z");
  beforeAll(() => useClock(clock));
  afterAll(() => useClock(systemClock));

  it("is committed with the renewal before the gateway is called; no lock is held during the call", async () => {
    const group = await makeGroup(t);
    const product = await makeProduct(t, group.product_group_id, { recurring_price: "20.00", expiration_interval: "30" });
    const account = await makeAccount(t);
    const card = await makeCard(t, account);
    const sub = (
      await ok(t, "json", "Subscription/Create", {
        method: "POST",
        params: { customer_account_id: account, product_id: product.product_id, pay_method_id: card, override_initial_billing: "N", auto_pay: "Y" },
      })
    ).subscription;
    const seen: unknown[] = [];
    stripe.beforeEach = async (method, path) => {
      if (method !== "POST" || path !== "/v1/payment_intents") return;
      seen.push(
        await fromOutside((sql) =>
          sql.begin(async (tx) => {
            await tx`set local lock_timeout = '300ms'`;
            const [s] = await tx`update subscriptions set updated_at = updated_at where id = ${sub.subscription_id} returning period_start::text`;
            const invoices = await tx`update invoices set updated_at = updated_at where subscription_id = ${sub.subscription_id} returning id`;
            const pending =
              await tx`select 1 from payments p join invoices i on i.id = p.invoice_id where i.subscription_id = ${sub.subscription_id} and p.status = 'pending'`;
            return { periodStart: s.period_start, invoices: invoices.count, pending: pending.count };
          }),
        ),
      );
    };
    clock.set("2026-01-31T12:00:00Z");
    expect(await runBilling({ db: await getDb(), now: clock.now() })).toMatchObject({ charged: 1 });
    expect(stripe.hookErrors).toEqual([]);
    expect(seen).toEqual([{ periodStart: "2026-01-31", invoices: 2, pending: 1 }]);
  });
});
