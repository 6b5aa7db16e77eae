import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeStripe } from "./support/fake-stripe";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { withConnection } from "./support/pg";
import { CARDS, expectRefusal, getInvoice, items, makeAccount, makeCard, makeGateway, makeInvoice, subscribeOnCard } from "./support/payments";
import { makeGroup, makeProduct } from "./support/catalog";
import { getDb } from "../db/client";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { runBilling } from "../lib/billing/run-billing";
import { contextFromCustomerSession, allBrandsContext, runContext } from "../lib/auth/context";
import { staffActions } from "../lib/dashboard/actions";
import { sandboxProvider } from "../lib/gateways/providers/sandbox";
import type { GatewayConnection } from "../lib/gateways/providers/types";
import { portalActions } from "../lib/portal/actions";

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
    await runBilling({ ctx: allBrandsContext(await getDb(), new Date()) });
    const [row] = await fromOutside((sql) => sql`select status, refund_transaction_id from payments where id = ${payment.payment_id}`);
    expect(row).toMatchObject({ status: "reversed", refund_transaction_id: expect.stringMatching(/^re_/) });
    await runBilling({ ctx: allBrandsContext(await getDb(), new Date()) });
    expect(stripe.refunds.filter((x) => x.payment_intent === payment.payment_transaction_id)).toHaveLength(1);
    expectRefusal(await reverse(ref), 409, "INVALID_STATE", "payment_id");
  });
});

describe("every gateway call holds no transaction", () => {
  const idleInTransaction = async () =>
    (
      await fromOutside(
        (sql) => sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      )
    )[0].n;
  /** A charge made and committed whose answer its process never recorded (it died): left pending, as the janitor finds it. */
  const answerLost = (paymentId: string) =>
    fromOutside(
      (sql) =>
        sql`update payments set status = 'pending', payment_transaction_id = null, created_at = created_at - interval '5 minutes' where id = ${paymentId}`,
    );

  it("from the dashboard's actions, the portal's and the billing run: tokenize, verify, charge, ask, refund", async () => {
    const s = await makeTenant();
    await makeGateway(s); // the sandbox: cards and bank accounts, every gateway call in process
    const asked: { call: string; inTransaction: number }[] = [];
    const connect = sandboxProvider.connect.bind(sandboxProvider);
    const watch = vi.spyOn(sandboxProvider, "connect").mockImplementation((gateway) => {
      const connection = connect(gateway) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
      const watched = Object.entries(connection).map(([call, fn]) => [
        call,
        async (...args: unknown[]) => {
          asked.push({ call, inTransaction: await idleInTransaction() });
          return fn(...args);
        },
      ]);
      return Object.fromEntries(watched) as unknown as GatewayConnection;
    });
    try {
      const dashboard = async (name: keyof typeof staffActions, params: Record<string, string>) => {
        const r = await staffActions[name].run({ staffUserId: s.staffUserId }, s.brand_id, params);
        expect(r, name).toMatchObject({ ok: true });
        return (r as { data: Record<string, string> }).data;
      };
      const opened = await ok(s, "json", "Account/Create", {
        method: "POST",
        params: {
          first_name: "Gate",
          last_name: "Way",
          email_address: `gw-${s.brand_id}@example.com`,
          country: "US",
          locale: "en-US",
          timezone_id: "UTC",
          skip_notification: "Y",
        },
      });
      const account = opened.customer_account.customer_account_id as string;
      const bankAccount = {
        customer_account_id: account,
        pay_method_type: "BA",
        routing_number: "011000015",
        account_number: "000123456789",
        holder_name: "Gate Way",
      };
      const deposits = { amount_1: "0.32", amount_2: "0.45" };

      // The dashboard: a card, a bank account verified, an invoice paid and refunded, a subscription's initial charge.
      const card = (
        await dashboard("payMethodCreate", {
          customer_account_id: account,
          pay_method_type: "CC",
          card_number: CARDS.ok,
          expiration_month: "12",
          expiration_year: "2035",
        })
      ).pay_method_id;
      const bank = (await dashboard("payMethodCreate", bankAccount)).pay_method_id;
      await dashboard("payMethodVerify", { customer_account_id: account, pay_method_id: bank, ...deposits });
      const invoice = await makeInvoice(s, account, "30.00");
      const payment = await dashboard("paymentCreate", charge(account, invoice, "30.00", card));
      await dashboard("paymentRefund", { customer_account_id: account, invoice_id: invoice, payment_id: payment.payment_id });
      const group = await makeGroup(s);
      const product = await makeProduct(s, group.product_group_id);
      await dashboard("subscriptionCreate", {
        customer_account_id: account,
        product_id: product.product_id,
        pay_method_id: card,
        override_initial_billing: "N",
        auto_pay: "N",
      });
      // A lost answer: Invoice/Update asks the gateway about it before the items change.
      const second = await makeInvoice(s, account, "12.00");
      await answerLost((await dashboard("paymentCreate", charge(account, second, "5.00", card))).payment_id);
      await dashboard("invoiceUpdate", { customer_account_id: account, invoice_id: second, due_date: "12/31/2030", attached_items: items("14.00") });

      // The portal: the customer adds a card and a bank account, verifies it and pays now (settling a lost answer first).
      const db = await getDb();
      const customer = await contextFromCustomerSession(db, { brandId: s.brand_id, customerAccountId: account, userId: opened.user.user_id });
      const portal = async (name: keyof typeof portalActions, input: Record<string, string>) => {
        const r = await portalActions[name].run(customer, input);
        expect(r, name).toMatchObject({ ok: true });
        return (r as unknown as { data: Record<string, string> }).data;
      };
      const portalCard = (
        await portal("addPayMethod", { pay_method_type: "CC", card_number: CARDS.ok, expiration_month: "11", expiration_year: "2034", cvv: "123" })
      ).pay_method_id;
      const portalBank = (await portal("addPayMethod", bankAccount)).pay_method_id;
      await portal("verifyPayMethod", { pay_method_id: portalBank, ...deposits });
      const third = await makeInvoice(s, account, "8.00");
      await answerLost((await portal("payInvoice", { invoice_id: third, pay_method_id: portalCard, amount: "3.00" })).payment_id);
      await portal("payInvoice", { invoice_id: third, pay_method_id: portalCard, amount: "5.00" });

      // The billing run's janitor settles a lost answer nobody came back for.
      const fourth = await makeInvoice(s, account, "6.00");
      await answerLost((await dashboard("paymentCreate", charge(account, fourth, "6.00", card))).payment_id);
      await runBilling({ ctx: await runContext(db, new Date(), s.brand_id) });
      const settled = (await ok(s, "json", "Payment/List", { params: { invoice_id: fourth } })).payments as { payment_status: string }[];
      expect(settled.map((p) => p.payment_status)).toEqual(["succeeded"]);
    } finally {
      watch.mockRestore();
    }
    expect(new Set(asked.map((a) => a.call))).toEqual(new Set(["createPayMethodToken", "verifyPayMethod", "charge", "findCharge", "refund"]));
    expect(asked.filter((a) => a.inTransaction > 0)).toEqual([]);
  });
});

describe("a renewal charge in the billing run", () => {
  const clock = new ManualClock("2026-01-01T10:00:00Z");
  beforeAll(() => useClock(clock));
  afterAll(() => useClock(systemClock));

  it("is committed with the renewal before the gateway is called; no lock is held during the call", async () => {
    const group = await makeGroup(t);
    const product = await makeProduct(t, group.product_group_id, { recurring_price: "20.00", expiration_interval: "30" });
    const { sub } = await subscribeOnCard(t, product.product_id);
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
    expect(await runBilling({ ctx: allBrandsContext(await getDb(), clock.now()) })).toMatchObject({ charged: 1 });
    expect(stripe.hookErrors).toEqual([]);
    expect(seen).toEqual([{ periodStart: "2026-01-31", invoices: 2, pending: 1 }]);
  });
});
