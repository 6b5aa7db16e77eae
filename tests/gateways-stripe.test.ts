import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { brands, payMethods } from "../db/schema";
import { systemContext } from "../lib/auth/context";
import { chargeInvoice } from "../lib/payments/charge-invoice";
import { reconcilePendingPayments } from "../lib/payments/reconcile-payments";
import { FakeStripe } from "./support/fake-stripe";
import { stripeAmount } from "../lib/gateways/providers/stripe";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { dumpDatabase, expectRefusal, FORMATS, getInvoice, makeAccount, makeCard, makeInvoice } from "./support/payments";
import { withoutSteps } from "../lib/run-verb";

/** The stripe provider through the official SDK, against a local fake of Stripe's HTTP API. */
const stripe = new FakeStripe();
let t: Tenant;
let gateway: string;

beforeAll(async () => {
  vi.stubEnv("STRIPE_API_BASE", await stripe.start());
  t = await makeTenant();
  const g = await ok(t, "json", "PayGateway/Create", {
    method: "POST",
    params: { name: "Stripe", gateway_provider: "stripe", credentials_1: "sk_test_fake0123456789abcdef", default_cc: "Y" },
  });
  gateway = g.pay_gateway.gateway_id;
  expect(g.pay_gateway.credentials_1).toBe("****cdef");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await stripe.stop();
});
beforeEach(() => {
  stripe.outage = false;
  stripe.searchLags = false;
  stripe.loseNextAnswers(0);
});

const charge = (account: string, invoice: string, amount: string, payMethod: string) => ({
  customer_account_id: account,
  invoice_id: invoice,
  apply_to_prepaid_balance: "N",
  override_billing: "N",
  amount,
  pay_method_id: payMethod,
});
const paymentsOf = async (invoice: string) => (await ok(t, "json", "Payment/List", { params: { invoice_id: invoice } })).payments as any[];

describe("Stripe pay methods", () => {
  it("tokenizes a card at Stripe (PaymentMethod on a Customer); the number goes to Stripe and nowhere else", async () => {
    const account = await makeAccount(t);
    const id = await makeCard(t, account, "4242424242424242", { cvv: "314" });
    const [row] = await (await getDb()).select().from(payMethods).where(eq(payMethods.id, id));
    expect(row).toMatchObject({ gatewayId: gateway, brand: "visa", lastFour: "4242", verified: "Y" });
    expect(row.token).toMatch(/^cus_[0-9a-f]+\/pm_[0-9a-f]+$/);
    expect(stripe.requestBodies.some((b) => b.includes("4242424242424242"))).toBe(true);
    expect(await dumpDatabase()).not.toContain("4242424242424242");
  });

  it("a card Stripe declines on attach is refused with 402 and not stored", async () => {
    const account = await makeAccount(t);
    const r = await call("json", "PayMethod/Create", {
      method: "POST",
      creds: t,
      params: { customer_account_id: account, pay_method_type: "CC", card_number: "4000000000000002", expiration_month: "12", expiration_year: "2035" },
    });
    expectRefusal(r, 402, "PAYMENT_DECLINED");
    expect(r.body.exception.message).toMatch(/declined/);
    expect((await ok(t, "json", "PayMethod/List", { params: { customer_account_id: account } })).count).toBe("0");
  });

  it("is 502 GATEWAY_UNAVAILABLE, storing nothing, when Stripe cannot be reached", async () => {
    const account = await makeAccount(t);
    stripe.outage = true;
    const r = await call("xml", "PayMethod/Create", {
      method: "POST",
      creds: t,
      params: { customer_account_id: account, pay_method_type: "CC", card_number: "4242424242424242", expiration_month: "12", expiration_year: "2035" },
    });
    expectRefusal(r, 502, "GATEWAY_UNAVAILABLE");
  });
});

describe("Stripe charges", () => {
  for (const format of FORMATS) {
    it(`${format}: a PaymentIntent pays the invoice; Payment/Delete refunds it at Stripe`, async () => {
      const account = await makeAccount(t);
      const card = await makeCard(t, account);
      const invoice = await makeInvoice(t, account, "19.99");
      const r = await call(format, "Payment/Create", { method: "POST", creds: t, params: charge(account, invoice, "19.99", card) });
      expect(r.status, r.text).toBe(200);
      expect(r.body.invoice.status).toBe("1");
      const payment = r.body.payment;
      expect(payment).toMatchObject({ payment_status: "succeeded", payment_gateway: "stripe" });
      expect(payment.payment_transaction_id).toMatch(/^pi_/);
      expect(stripe.chargesFor(payment.payment_id)).toHaveLength(1);
      expect(stripe.chargesFor(payment.payment_id)[0]).toMatchObject({ amount: 1999, currency: "usd" });

      const refunded = await ok(t, format, "Payment/Delete", {
        method: "DELETE",
        params: { payment_id: payment.payment_id, customer_account_id: account, invoice_id: invoice },
      });
      expect(refunded.payment.refund_transaction_id).toMatch(/^re_/);
      expect(refunded.invoice.status).toBe("0");
      expect(stripe.refunds.filter((x) => x.payment_intent === payment.payment_transaction_id)).toEqual([expect.objectContaining({ amount: 1999 })]);
    });
  }

  // Issue 31: a brand's charges are in its currency, in Stripe's minor units (yen, fils) and its lower-case code.
  for (const [currency, amount, minor] of [
    ["JPY", "2500", 2500],
    ["KWD", "12.340", 12340],
  ] as const) {
    it(`charges and refunds a ${currency} brand's invoice in ${currency}`, async () => {
      const made = await ok(t, "json", "Brand/Create", {
        method: "POST",
        params: { name: currency, description: "Priced locally", logo_url: "https://example.com/l.png", currency },
      });
      const own: Tenant = { ...t, brand_id: made.brand.brand_id };
      await ok(own, "json", "PayGateway/Create", {
        method: "POST",
        params: { name: "Stripe", gateway_provider: "stripe", credentials_1: "sk_test_fake0123456789abcdef", default_cc: "Y" },
      });
      const account = await makeAccount(own);
      const card = await makeCard(own, account);
      const invoice = await makeInvoice(own, account, amount);
      const r = await call("json", "Payment/Create", { method: "POST", creds: own, params: charge(account, invoice, amount, card) });
      expect(r.status, r.text).toBe(200);
      expect(r.body.payment).toMatchObject({ amount, currency });
      expect(stripe.chargesFor(r.body.payment.payment_id)).toEqual([expect.objectContaining({ amount: minor, currency: currency.toLowerCase() })]);
      await ok(own, "json", "Payment/Delete", {
        method: "DELETE",
        params: { payment_id: r.body.payment.payment_id, customer_account_id: account, invoice_id: invoice },
      });
      expect(stripe.refunds.filter((x) => x.payment_intent === r.body.payment.payment_transaction_id)).toEqual([expect.objectContaining({ amount: minor })]);
      await ok(t, "json", "Brand/Delete", { method: "DELETE", params: { delete_brand_id: made.brand.brand_id } });
    });
  }

  it("converts to Stripe's minor units exactly, or refuses: never rounds", () => {
    expect([stripeAmount(1999, "USD"), stripeAmount(2500, "JPY"), stripeAmount(12340, "KWD")]).toEqual([1999, 2500, 12340]);
    // ICU bills forints whole, Stripe counts them in hundredths.
    expect(stripeAmount(2500, "HUF")).toBe(250_000);
    // Libyan dinars have three decimals, Stripe takes two: only whole hundredths pass.
    expect([stripeAmount(12340, "LYD"), stripeAmount(12345, "LYD")]).toEqual([1234, null]);
  });

  it("a card declined at charge time: 402, and the failed payment is recorded with Stripe's reason", async () => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account, "4000000000000341");
    const invoice = await makeInvoice(t, account, "5.00");
    const r = await call("json", "Payment/Create", { method: "POST", creds: t, params: charge(account, invoice, "5.00", card) });
    expectRefusal(r, 402, "PAYMENT_DECLINED");
    const [failed] = await paymentsOf(invoice);
    expect(failed).toMatchObject({ payment_status: "failed" });
    expect(failed.failure_reason).toMatch(/generic_decline: Your card was declined/);
    expect(failed.payment_transaction_id).toMatch(/^pi_/);
  });

  it("an answer lost in transit is found by searching the idempotency key: charged once", async () => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account);
    const invoice = await makeInvoice(t, account, "30.00");
    stripe.loseNextAnswers(1);
    const r = await ok(t, "json", "Payment/Create", { method: "POST", params: charge(account, invoice, "30.00", card) });
    expect(r.invoice.status).toBe("1");
    expect(stripe.chargesFor(r.payment.payment_id)).toHaveLength(1);
    expect(stripe.intents.filter((i) => i.customer === stripe.chargesFor(r.payment.payment_id)[0].customer)).toHaveLength(1);
  });

  it("when the search does not see it yet, the retry with the same Idempotency-Key is answered by Stripe's replay: charged once", async () => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account);
    const invoice = await makeInvoice(t, account, "31.00");
    stripe.searchLags = true;
    stripe.loseNextAnswers(1);
    const r = await ok(t, "json", "Payment/Create", { method: "POST", params: charge(account, invoice, "31.00", card) });
    expect(r.payment.payment_status).toBe("succeeded");
    expect(stripe.chargesFor(r.payment.payment_id)).toHaveLength(1);
  });

  it("a charge that times out and is retried by the client charges once", async () => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account);
    const invoice = await makeInvoice(t, account, "44.00");
    const before = stripe.intents.length;
    // The charge goes through at Stripe, then every answer is lost: the outcome stays unknown.
    stripe.loseNextAnswers(20);
    const first = await call("json", "Payment/Create", { method: "POST", creds: t, params: charge(account, invoice, "44.00", card) });
    expectRefusal(first, 502, "GATEWAY_UNAVAILABLE");
    const [pending] = await paymentsOf(invoice);
    expect(pending).toMatchObject({ payment_status: "pending", amount: "44.00" });
    expect(first.text).toContain(pending.payment_id);
    expect((await getInvoice(t, invoice)).status).toBe("0");

    // Still down: nothing new is charged while the earlier outcome is unknown.
    const stillDown = await call("json", "Payment/Create", {
      method: "POST",
      creds: t,
      params: { ...charge(account, invoice, "44.00", card), override_billing: "Y", pay_method_id: "" },
    });
    expectRefusal(stillDown, 502, "GATEWAY_UNAVAILABLE");

    stripe.loseNextAnswers(0);
    const retry = await ok(t, "json", "Payment/Create", { method: "POST", params: charge(account, invoice, "44.00", card) });
    expect(retry.payment.payment_id).toBe(pending.payment_id);
    expect(retry.invoice.status).toBe("1");
    expect(stripe.intents.length - before).toBe(1);
    expect(stripe.chargesFor(pending.payment_id)).toHaveLength(1);
    expect(await paymentsOf(invoice)).toHaveLength(1);
  });

  it("a pending charge that never reached Stripe is sent again with the same key by the reconciler, and the billing verb does not double it", async () => {
    const db = await getDb();
    const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    const ctx = systemContext(db, brand);
    const account = await makeAccount(t);
    const card = await makeCard(t, account);
    const invoice = await makeInvoice(t, account, "12.00");
    stripe.outage = true;
    const first = await chargeInvoice.stepped({ ctx: withoutSteps(ctx), input: { invoiceId: invoice, payMethodId: card } });
    expect(first).toMatchObject({ status: "pending", invoiceStatus: 0 });
    expect(await chargeInvoice.stepped({ ctx: withoutSteps(ctx), input: { invoiceId: invoice, payMethodId: card } })).toMatchObject({
      status: "pending",
      paymentId: null,
    });
    stripe.outage = false;
    const later = { ...ctx, now: () => new Date(Date.now() + 120_000) };
    expect(await reconcilePendingPayments(withoutSteps(later))).toEqual({ settled: 1, unknown: 0 });
    expect((await getInvoice(t, invoice)).status).toBe("1");
    expect(await chargeInvoice.stepped({ ctx: withoutSteps(ctx), input: { invoiceId: invoice, payMethodId: card } })).toEqual({
      status: "nothing_due",
      invoiceStatus: 1,
    });
    const [only] = await paymentsOf(invoice);
    expect(stripe.chargesFor(only.payment_id)).toHaveLength(1);
  });

  it("a refund whose answer is lost is retried with the same key: refunded once", async () => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account);
    const invoice = await makeInvoice(t, account, "6.00");
    const paid = await ok(t, "json", "Payment/Create", { method: "POST", params: charge(account, invoice, "6.00", card) });
    stripe.loseNextAnswers(1);
    const r = await ok(t, "json", "Payment/Delete", {
      method: "DELETE",
      params: { payment_id: paid.payment.payment_id, customer_account_id: account, invoice_id: invoice },
    });
    expect(r.payment.payment_status).toBe("reversed");
    expect(stripe.refunds.filter((x) => x.payment_intent === paid.payment.payment_transaction_id)).toHaveLength(1);
  });
});
