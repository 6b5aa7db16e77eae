import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { brands, customerAccounts, payMethods, payments } from "../db/schema";
import type { Db } from "../db/client";
import { systemContext, withDb } from "../lib/auth/context";
import { createInvoiceForSubscription } from "../lib/invoices/create-invoice-for-subscription";
import { newId } from "../lib/ids";
import { sandboxCharges } from "../lib/gateways/providers/sandbox";
import { chargeInvoice } from "../lib/payments/charge-invoice";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { subscriptionFor } from "./support/fixtures";
import { CARDS, expectRefusal, FORMATS, getInvoice, makeAccount, makeCard, makeGateway, makeInvoice, outboxEvents } from "./support/payments";
import { withoutSteps } from "../lib/run-verb";

let t: Tenant;
let gateway: string;
beforeAll(async () => {
  t = await makeTenant();
  gateway = await makeGateway(t);
});

const pay = (format: string, params: Record<string, string>, tenant: Tenant = t) => call(format, "Payment/Create", { method: "POST", creds: tenant, params });
const recorded = (account: string, invoice: string, amount: string) => ({
  customer_account_id: account,
  invoice_id: invoice,
  apply_to_prepaid_balance: "N",
  override_billing: "Y",
  amount,
});
const charged = (account: string, invoice: string, amount: string, payMethod?: string) => ({
  customer_account_id: account,
  invoice_id: invoice,
  apply_to_prepaid_balance: "N",
  override_billing: "N",
  amount,
  ...(payMethod ? { pay_method_id: payMethod } : {}),
});
const paymentsOf = async (invoice: string) => (await ok(t, "json", "Payment/List", { params: { invoice_id: invoice } })).payments as any[];
const prepaidOf = async (account: string) =>
  (await (await getDb()).select({ b: customerAccounts.prepaidBalance }).from(customerAccounts).where(eq(customerAccounts.id, account)))[0].b;

describe("Payment/Create recorded (override_billing Y)", () => {
  for (const format of FORMATS) {
    it(`${format}: posts a cash or third-party payment; the invoice namespace carries the invoice status`, async () => {
      const account = await makeAccount(t);
      const invoice = await makeInvoice(t, account, "30.00", "20.00");
      const first = await pay(format, { ...recorded(account, invoice, "20.00"), payment_gateway: "PayPal", payment_transaction_id: "PP-123" });
      expect(first.status, first.text).toBe(200);
      expect(first.body.invoice).toMatchObject({ invoice_id: invoice, status: "2", total: "50.00", amount_paid: "20.00", balance: "30.00" });
      expect(first.body.payment).toMatchObject({
        invoice_id: invoice,
        amount: "20.00",
        payment_status: "succeeded",
        override_billing: "Y",
        apply_to_prepaid_balance: "N",
        payment_gateway: "PayPal",
        payment_transaction_id: "PP-123",
      });
      const second = await pay(format, recorded(account, invoice, "30.00"));
      expect(second.body.invoice).toMatchObject({ status: "1", balance: "0.00" });
      const event = (await outboxEvents(t, "Payment/Create")).find((e) => e.payload.payment.payment_id === second.body.payment.payment_id);
      expect(event!.payload).toMatchObject({
        payment: { amount: "30.00", invoice_id: invoice },
        invoice: { status: 1 },
        customer: { customer_account_id: account },
      });
    });
  }

  it("refuses overpaying (409, amount), a paid invoice, a zero amount and ill-matched parameters", async () => {
    const account = await makeAccount(t);
    const invoice = await makeInvoice(t, account, "10.00");
    expectRefusal(await pay("json", recorded(account, invoice, "10.01")), 409, "INVALID_STATE", "amount");
    expectRefusal(await pay("xml", recorded(account, invoice, "0.00")), 400, "INVALID_PARAMETER", "amount");
    expectRefusal(await pay("json", { ...recorded(account, invoice, "1.00"), invoice_id: "" }), 400, "MISSING_PARAMETER", "invoice_id");
    expectRefusal(await pay("json", { ...recorded(account, invoice, "1.00"), apply_to_prepaid_balance: "Y" }), 400, "INVALID_PARAMETER", "invoice_id");
    expectRefusal(await pay("json", { ...charged(account, invoice, "1.00"), payment_transaction_id: "X" }), 400, "INVALID_PARAMETER", "payment_transaction_id");
    expectRefusal(await pay("xml", { ...charged(account, invoice, "1.00"), payment_gateway: "cash" }), 400, "INVALID_PARAMETER", "payment_gateway");
    expect(await paymentsOf(invoice)).toEqual([]);
    await ok(t, "json", "Payment/Create", { method: "POST", params: recorded(account, invoice, "10.00") });
    expectRefusal(await pay("json", recorded(account, invoice, "1.00")), 409, "INVALID_STATE", "invoice_id");
  });

  it("is 404 for another account's invoice", async () => {
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    const invoice = await makeInvoice(t, a, "10.00");
    expectRefusal(await pay("json", recorded(b, invoice, "1.00")), 404, "NOT_FOUND", "invoice_id");
  });

  it("two concurrent payments of the whole balance: one goes through, the other is refused", async () => {
    const account = await makeAccount(t);
    const invoice = await makeInvoice(t, account, "10.00");
    const answers = await Promise.all([pay("json", recorded(account, invoice, "10.00")), pay("json", recorded(account, invoice, "10.00"))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await getInvoice(t, invoice)).toMatchObject({ amount_paid: "10.00", balance: "0.00", status: "1" });
  });
});

describe("Payment/Create to the prepaid balance", () => {
  for (const format of FORMATS) {
    it(`${format}: credits the customer's prepaid balance (customer_account namespace)`, async () => {
      const account = await makeAccount(t);
      const r = await pay(format, { customer_account_id: account, apply_to_prepaid_balance: "Y", override_billing: "Y", amount: "12.50" });
      expect(r.status, r.text).toBe(200);
      expect(r.body.customer_account).toEqual({ customer_account_id: account, prepaid_balance: "12.50" });
      expect(r.body.payment).toMatchObject({ apply_to_prepaid_balance: "Y", invoice_id: "", amount: "12.50" });
      const card = await makeCard(t, account);
      const viaCard = await pay(format, {
        customer_account_id: account,
        apply_to_prepaid_balance: "Y",
        override_billing: "N",
        amount: "2.50",
        pay_method_id: card,
      });
      expect(viaCard.body.customer_account.prepaid_balance).toBe("15.00");
      expect(await prepaidOf(account)).toBe(1500);
    });
  }
});

describe("Payment/Create real-time (override_billing N, sandbox gateway)", () => {
  for (const format of FORMATS) {
    it(`${format}: charges the pay method (the default one when none is named)`, async () => {
      const account = await makeAccount(t);
      const card = await makeCard(t, account);
      const invoice = await makeInvoice(t, account, "42.00");
      const r = await pay(format, charged(account, invoice, "42.00"));
      expect(r.status, r.text).toBe(200);
      expect(r.body.invoice.status).toBe("1");
      expect(r.body.payment).toMatchObject({
        pay_method_id: card,
        gateway_id: gateway,
        payment_status: "succeeded",
        payment_gateway: "sandbox",
        override_billing: "N",
      });
      expect(r.body.payment.payment_transaction_id).toMatch(/^sbx_ch_/);
      expect(sandboxCharges(gateway).filter((c) => c.idempotencyKey === r.body.payment.payment_id)).toHaveLength(1);
    });

    it(`${format}: a decline is answered 402 PAYMENT_DECLINED and stays on record with its reason`, async () => {
      const account = await makeAccount(t);
      const card = await makeCard(t, account, CARDS.declines, { require_verification: "N" });
      const invoice = await makeInvoice(t, account, "15.00");
      const eventsBefore = (await outboxEvents(t, "Payment/Create")).length;
      const r = await pay(format, charged(account, invoice, "15.00", card));
      expectRefusal(r, 402, "PAYMENT_DECLINED", "pay_method_id");
      const [failed] = await paymentsOf(invoice);
      expect(failed).toMatchObject({ payment_status: "failed", pay_method_id: card, amount: "15.00" });
      expect(failed.failure_reason).toMatch(/card_declined/);
      expect(r.text).toContain(failed.payment_id);
      expect(await getInvoice(t, invoice)).toMatchObject({ status: "0", balance: "15.00" });
      expect((await outboxEvents(t, "Payment/Create")).length).toBe(eventsBefore);
    });
  }

  it("a charge whose answer is lost (timeout card) is reconciled by its idempotency key: charged once", async () => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account, CARDS.timesOut);
    const invoice = await makeInvoice(t, account, "9.99");
    const r = await pay("json", charged(account, invoice, "9.99", card));
    expect(r.status, r.text).toBe(200);
    expect(r.body.invoice.status).toBe("1");
    const charges = sandboxCharges(gateway).filter((c) => c.token.startsWith("sbx_cc_timeout") && c.idempotencyKey === r.body.payment.payment_id);
    expect(charges).toHaveLength(1);
    expect(await paymentsOf(invoice)).toHaveLength(1);
  });

  it("refuses an unverified, deleted or missing pay method, and one whose gateway is deleted", async () => {
    const tenant = await makeTenant();
    const gw = await makeGateway(tenant);
    const account = await makeAccount(tenant);
    const invoice = await makeInvoice(tenant, account, "5.00");
    expectRefusal(await pay("json", charged(account, invoice, "5.00"), tenant), 409, "INVALID_STATE", "pay_method_id");
    const card = await makeCard(tenant, account);
    await ok(tenant, "json", "PayGateway/Delete", { method: "DELETE", params: { gateway_id: gw } });
    expectRefusal(await pay("xml", charged(account, invoice, "5.00", card), tenant), 409, "INVALID_STATE", "pay_method_id");
    await ok(tenant, "json", "PayMethod/Delete", { method: "DELETE", params: { pay_method_id: card, customer_account_id: account } });
    expectRefusal(await pay("json", charged(account, invoice, "5.00", card), tenant), 409, "INVALID_STATE", "pay_method_id");
    const other = await makeAccount(tenant);
    expectRefusal(await pay("json", charged(other, await makeInvoice(tenant, other, "1.00"), "1.00", card), tenant), 404, "NOT_FOUND", "pay_method_id");
  });
});

describe("Payment/Delete", () => {
  for (const format of FORMATS) {
    it(`${format}: reverses a recorded payment; the invoice goes back to 2, then 0`, async () => {
      const account = await makeAccount(t);
      const invoice = await makeInvoice(t, account, "20.00");
      const a = (await ok(t, "json", "Payment/Create", { method: "POST", params: recorded(account, invoice, "5.00") })).payment.payment_id;
      const b = (await ok(t, "json", "Payment/Create", { method: "POST", params: recorded(account, invoice, "15.00") })).payment.payment_id;
      const first = await ok(t, format, "Payment/Delete", { method: "DELETE", params: { payment_id: b, customer_account_id: account, invoice_id: invoice } });
      expect(first.payment).toMatchObject({ payment_status: "reversed", refund_transaction_id: "" });
      expect(first.invoice).toMatchObject({ status: "2", balance: "15.00" });
      const second = await ok(t, format, "Payment/Delete", { method: "DELETE", params: { payment_id: a, customer_account_id: account, invoice_id: invoice } });
      expect(second.invoice).toMatchObject({ status: "0", balance: "20.00" });
      const again = await call(format, "Payment/Delete", {
        method: "DELETE",
        creds: t,
        params: { payment_id: a, customer_account_id: account, invoice_id: invoice },
      });
      expectRefusal(again, 409, "INVALID_STATE", "payment_id");
    });
  }

  it("refunds a real-time payment through the gateway that charged it, even once that gateway is deleted", async () => {
    const tenant = await makeTenant();
    const gw = await makeGateway(tenant);
    const account = await makeAccount(tenant);
    const card = await makeCard(tenant, account);
    const invoice = await makeInvoice(tenant, account, "8.00");
    const paid = await ok(tenant, "json", "Payment/Create", { method: "POST", params: charged(account, invoice, "8.00", card) });
    expect(paid.payment.gateway_id).toBe(gw);
    await ok(tenant, "json", "PayGateway/Delete", { method: "DELETE", params: { gateway_id: gw } });
    const r = await ok(tenant, "xml", "Payment/Delete", {
      method: "DELETE",
      params: { payment_id: paid.payment.payment_id, customer_account_id: account, invoice_id: invoice },
    });
    expect(r.payment.refund_transaction_id).toMatch(/^sbx_re_/);
    expect(r.invoice.status).toBe("0");
  });

  it("refuses a failed payment, a missing or wrong invoice_id, and taking back a prepaid credit already spent", async () => {
    const account = await makeAccount(t);
    const card = await makeCard(t, account, CARDS.declines, { require_verification: "N" });
    const invoice = await makeInvoice(t, account, "3.00");
    await pay("json", charged(account, invoice, "3.00", card));
    const [failed] = await paymentsOf(invoice);
    const ref = { payment_id: failed.payment_id, customer_account_id: account };
    expectRefusal(await call("json", "Payment/Delete", { method: "DELETE", creds: t, params: ref }), 400, "MISSING_PARAMETER", "invoice_id");
    expectRefusal(
      await call("json", "Payment/Delete", { method: "DELETE", creds: t, params: { ...ref, invoice_id: invoice } }),
      409,
      "INVALID_STATE",
      "payment_id",
    );
    const otherInvoice = await makeInvoice(t, account, "1.00");
    expectRefusal(await call("json", "Payment/Delete", { method: "DELETE", creds: t, params: { ...ref, invoice_id: otherInvoice } }), 404, "NOT_FOUND");

    const credit = await ok(t, "json", "Payment/Create", {
      method: "POST",
      params: { customer_account_id: account, apply_to_prepaid_balance: "Y", override_billing: "Y", amount: "10.00" },
    });
    await (await getDb()).update(customerAccounts).set({ prepaidBalance: 400 }).where(eq(customerAccounts.id, account)); // spent by billing
    const spent = await call("xml", "Payment/Delete", {
      method: "DELETE",
      creds: t,
      params: { payment_id: credit.payment.payment_id, customer_account_id: account, invoice_id: "prepaid_balance" },
    });
    expectRefusal(spent, 409, "INVALID_STATE", "payment_id");
    await (await getDb()).update(customerAccounts).set({ prepaidBalance: 1200 }).where(eq(customerAccounts.id, account));
    const back = await ok(t, "json", "Payment/Delete", {
      method: "DELETE",
      params: { payment_id: credit.payment.payment_id, customer_account_id: account, invoice_id: "prepaid_balance" },
    });
    expect(back.customer_account.prepaid_balance).toBe("2.00");
  });
});

// Issue 14 item 9: invoice_id is req (spec); a payment to the prepaid balance names it as prepaid_balance.
describe("Payment/Delete needs invoice_id", () => {
  for (const format of FORMATS) {
    it(`${format}: refuses a reversal without invoice_id, also of a prepaid credit, and changes nothing`, async () => {
      const account = await makeAccount(t);
      const invoice = await makeInvoice(t, account, "6.00");
      const paid = (await ok(t, "json", "Payment/Create", { method: "POST", params: recorded(account, invoice, "6.00") })).payment.payment_id;
      const credit = (
        await ok(t, "json", "Payment/Create", {
          method: "POST",
          params: { customer_account_id: account, apply_to_prepaid_balance: "Y", override_billing: "Y", amount: "4.00" },
        })
      ).payment.payment_id;
      for (const payment_id of [paid, credit]) {
        const r = await call(format, "Payment/Delete", { method: "DELETE", creds: t, params: { payment_id, customer_account_id: account } });
        expectRefusal(r, 400, "MISSING_PARAMETER", "invoice_id");
      }
      // Each payment is reversed only through where it went.
      const wrong = async (payment_id: string, invoice_id: string) =>
        expectRefusal(
          await call(format, "Payment/Delete", { method: "DELETE", creds: t, params: { payment_id, customer_account_id: account, invoice_id } }),
          404,
          "NOT_FOUND",
          "payment_id",
        );
      await wrong(paid, "prepaid_balance");
      await wrong(credit, invoice);
      expect((await getInvoice(t, invoice)).status).toBe("1");
      const back = await ok(t, format, "Payment/Delete", {
        method: "DELETE",
        params: { payment_id: credit, customer_account_id: account, invoice_id: "prepaid_balance" },
      });
      expect(back.customer_account.prepaid_balance).toBe("0.00");
      const undone = await ok(t, format, "Payment/Delete", {
        method: "DELETE",
        params: { payment_id: paid, customer_account_id: account, invoice_id: invoice },
      });
      expect(undone.invoice.status).toBe("0");
    });
  }
});

describe("Payment/List", () => {
  for (const format of FORMATS) {
    it(`${format}: filters by each of its six parameters`, async () => {
      const tenant = await makeTenant();
      await makeGateway(tenant);
      const account = await makeAccount(tenant);
      const card = await makeCard(tenant, account);
      const subscription = await subscriptionFor(tenant, account);
      // Its initial invoice was marked paid by a recorded payment.
      const initial = (await ok(tenant, "json", "Payment/List", { params: { subscription_id: subscription } })).payments.map((p: any) => p.payment_id);
      const subInvoice = (
        await ok(tenant, "json", "Invoice/Create", {
          method: "POST",
          params: {
            customer_account_id: account,
            due_date: "1/1/2027",
            attached_items: '[{"item_name":"P","item_price":"10.00"}]',
            auto_subscription_id: subscription,
          },
        })
      ).invoice.invoice_id;
      const a = (await ok(tenant, "json", "Payment/Create", { method: "POST", params: charged(account, subInvoice, "10.00", card) })).payment;
      const b = (
        await ok(tenant, "json", "Payment/Create", {
          method: "POST",
          params: { customer_account_id: account, apply_to_prepaid_balance: "Y", override_billing: "Y", amount: "1.00", payment_transaction_id: "CHK-7" },
        })
      ).payment;
      const ids = async (params: Record<string, string>) => {
        const r = await ok(tenant, format, "Payment/List", { params });
        const list = format === "json" ? r.payments : r.count === "0" ? [] : [r.payments.payment].flat();
        return list.map((p: any) => p.payment_id).sort();
      };
      expect(await ids({})).toEqual([a.payment_id, b.payment_id, ...initial].sort());
      expect(await ids({ payment_id: a.payment_id })).toEqual([a.payment_id]);
      expect(await ids({ invoice_id: subInvoice })).toEqual([a.payment_id]);
      expect(await ids({ customer_account_id: account })).toEqual([a.payment_id, b.payment_id, ...initial].sort());
      expect(await ids({ pay_method_id: card })).toEqual([a.payment_id]);
      expect(await ids({ subscription_id: subscription })).toEqual([a.payment_id, ...initial].sort());
      expect(await ids({ payment_transaction_id: "CHK-7" })).toEqual([b.payment_id]);
      expect(await ids({ payment_transaction_id: a.payment_transaction_id })).toEqual([a.payment_id]);
      const one = await ok(tenant, "json", "Payment/List", { params: { payment_id: a.payment_id } });
      expect(one.payments[0].subscription_id).toBe(subscription);
    });
  }
});

describe("chargeInvoice (for billing)", () => {
  it("charges the whole balance once; a rerun finds nothing due; a decline is a result, on record", async () => {
    const db = await getDb();
    const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    const ctx = systemContext(db, brand);
    const account = await makeAccount(t);
    const card = await makeCard(t, account);
    const invoice = await makeInvoice(t, account, "12.00", "3.00");
    await ok(t, "json", "Payment/Create", { method: "POST", params: recorded(account, invoice, "5.00") });
    const first = await chargeInvoice.stepped({ ctx: withoutSteps(ctx), input: { invoiceId: invoice, payMethodId: card } });
    expect(first).toMatchObject({ status: "succeeded", invoiceStatus: 1 });
    expect((await paymentsOf(invoice)).find((p) => p.payment_id === (first as { paymentId: string }).paymentId).amount).toBe("10.00");
    expect(await chargeInvoice.stepped({ ctx: withoutSteps(ctx), input: { invoiceId: invoice, payMethodId: card } })).toEqual({
      status: "nothing_due",
      invoiceStatus: 1,
    });

    const declining = await makeCard(t, account, CARDS.declines, { require_verification: "N" });
    const unpaid = await makeInvoice(t, account, "7.00");
    const declined = await chargeInvoice.stepped({ ctx: withoutSteps(ctx), input: { invoiceId: unpaid, payMethodId: declining } });
    expect(declined).toMatchObject({ status: "failed", invoiceStatus: 0 });
    expect((await paymentsOf(unpaid))[0]).toMatchObject({ payment_status: "failed" });
  });

  it("refuses inside a transaction runVerb does not own: the gateway is never called holding it open", async () => {
    const db = await getDb();
    const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    const account = await makeAccount(t);
    const card = await makeCard(t, account);
    const gatewayId = (await db.select().from(payMethods).where(eq(payMethods.id, card)))[0].gatewayId;
    const charged = sandboxCharges(gatewayId).length;
    const attempt = db.transaction(async (tx) => {
      const ctx = withDb(systemContext(db, brand), tx as unknown as Db);
      const { invoiceId } = await createInvoiceForSubscription(ctx, {
        customerAccountId: account,
        subscriptionId: newId(),
        periodStart: "2026-07-01",
        dueDate: "2026-07-01",
        lines: [{ itemName: "Plan", itemPrice: 2500, kind: "recurring" }],
      });
      return chargeInvoice.stepped({ ctx: withoutSteps(ctx), input: { invoiceId, payMethodId: card } });
    });
    await expect(attempt).rejects.toThrow(/inside a transaction runVerb does not own/);
    expect(sandboxCharges(gatewayId)).toHaveLength(charged);
    expect(await db.select().from(payments).where(eq(payments.customerAccountId, account))).toEqual([]);
  });
});
