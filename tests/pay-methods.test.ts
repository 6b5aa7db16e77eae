import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "../db/client";
import { payMethods } from "../db/schema";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { CARDS, dumpDatabase, expectRefusal, FORMATS, makeAccount, makeCard, makeGateway, makeInvoice } from "./support/payments";

let t: Tenant;
let gateway: string;
beforeAll(async () => {
  t = await makeTenant();
  gateway = await makeGateway(t);
});

const bankParams = (account: string, extra: Record<string, string> = {}) => ({
  customer_account_id: account,
  pay_method_type: "BA",
  routing_number: "110000000",
  account_number: "000123456789",
  holder_name: "Jane Doe",
  ...extra,
});

const methodsOf = async (account: string) => (await ok(t, "json", "PayMethod/List", { params: { customer_account_id: account } })).pay_methods as any[];

describe("PayMethod/Create", () => {
  for (const format of FORMATS) {
    it(`${format}: a card is tokenized; only brand, last four and expiry are kept and shown`, async () => {
      const account = await makeAccount(t);
      const r = await call(format, "PayMethod/Create", {
        method: "POST",
        creds: t,
        params: {
          customer_account_id: account,
          pay_method_type: "CC",
          card_number: "4242 4242 4242 4242",
          expiration_month: "7",
          expiration_year: "2031",
          cvv: "123",
          holder_name: "Jane Doe",
        },
      });
      expect(r.status, r.text).toBe(200);
      expect(r.body.pay_method).toMatchObject({
        customer_account_id: account,
        gateway_id: gateway,
        pay_method_type: "CC",
        brand: "visa",
        last_four: "4242",
        expiration_month: "7",
        expiration_year: "2031",
        holder_name: "Jane Doe",
        verified: "Y",
        is_default: "Y",
        status: "1",
      });
      expect(r.text).not.toContain("4242424242424242");
      expect(r.text).not.toContain("4242 4242 4242 4242");
      const [row] = await (await getDb()).select().from(payMethods).where(eq(payMethods.id, r.body.pay_method.pay_method_id));
      expect(row.token).toMatch(/^sbx_cc_ok_/);
      expect(await dumpDatabase()).not.toContain("4242424242424242");
    });
  }

  it("a card the gateway declines is refused with 402 and nothing is stored", async () => {
    const account = await makeAccount(t);
    const r = await call("json", "PayMethod/Create", {
      method: "POST",
      creds: t,
      params: { customer_account_id: account, pay_method_type: "CC", card_number: CARDS.declines, expiration_month: "12", expiration_year: "2035" },
    });
    expectRefusal(r, 402, "PAYMENT_DECLINED");
    expect(await methodsOf(account)).toEqual([]);
  });

  it("require_verification N keeps the card without a check (it can then decline at charge time)", async () => {
    const account = await makeAccount(t);
    const id = await makeCard(t, account, CARDS.declines, { require_verification: "N" });
    expect((await methodsOf(account)).map((m) => [m.pay_method_id, m.verified])).toEqual([[id, "Y"]]);
  });

  it("checks the fields of its type: missing, foreign to the type, invalid, expired", async () => {
    const account = await makeAccount(t);
    const base = { customer_account_id: account, pay_method_type: "CC" };
    const cases: [Record<string, string>, number, string, string][] = [
      [{ ...base, expiration_month: "1", expiration_year: "2040" }, 400, "MISSING_PARAMETER", "card_number"],
      [{ ...base, card_number: CARDS.ok, expiration_year: "2040" }, 400, "MISSING_PARAMETER", "expiration_month"],
      [
        { ...base, card_number: CARDS.ok, expiration_month: "1", expiration_year: "2040", routing_number: "110000000" },
        400,
        "INVALID_PARAMETER",
        "routing_number",
      ],
      [{ ...base, card_number: "4242424242424241", expiration_month: "1", expiration_year: "2040" }, 400, "INVALID_PARAMETER", "card_number"],
      [{ ...base, card_number: CARDS.ok, expiration_month: "13", expiration_year: "2040" }, 400, "INVALID_PARAMETER", "expiration_month"],
      [{ ...base, card_number: CARDS.ok, expiration_month: "1", expiration_year: "2020" }, 400, "INVALID_PARAMETER", "expiration_year"],
      [{ ...base, card_number: CARDS.ok, expiration_month: "1", expiration_year: "2040", cvv: "12" }, 400, "INVALID_PARAMETER", "cvv"],
      [bankParams(account, { account_number: undefined as unknown as string }), 400, "MISSING_PARAMETER", "account_number"],
      [bankParams(account, { holder_name: "" }), 400, "MISSING_PARAMETER", "holder_name"],
      [bankParams(account, { card_number: CARDS.ok }), 400, "INVALID_PARAMETER", "card_number"],
      [bankParams(account, { routing_number: "110000001" }), 400, "INVALID_PARAMETER", "routing_number"],
    ];
    for (const [params, status, code, parameter] of cases) {
      const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
      const r = await call("json", "PayMethod/Create", { method: "POST", creds: t, params: clean });
      expectRefusal(r, status, code, parameter);
      expect(r.text).not.toContain("424242424242424");
    }
    expect(await methodsOf(account)).toEqual([]);
  });

  it("needs a gateway for the type: 409 without a default, 400 when the gateway does not take the type", async () => {
    const tenant = await makeTenant();
    const account = await makeAccount(tenant);
    const noDefault = await call("xml", "PayMethod/Create", { method: "POST", creds: tenant, params: bankParams(account) });
    expectRefusal(noDefault, 409, "INVALID_STATE", "gateway_id");
    const stripe = await ok(tenant, "json", "PayGateway/Create", {
      method: "POST",
      params: { name: "Stripe", gateway_provider: "stripe", credentials_1: "sk_test_abcdefghijkl" },
    });
    const wrongType = await call("json", "PayMethod/Create", {
      method: "POST",
      creds: tenant,
      params: bankParams(account, { gateway_id: stripe.pay_gateway.gateway_id }),
    });
    expectRefusal(wrongType, 400, "INVALID_PARAMETER", "pay_method_type");
  });

  it("is refused for a deleted customer account", async () => {
    const account = await makeAccount(t);
    await ok(t, "json", "Account/Delete", { method: "DELETE", params: { customer_account_id: account } });
    const r = await call("json", "PayMethod/Create", { method: "POST", creds: t, params: bankParams(account) });
    expectRefusal(r, 409, "INVALID_STATE", "customer_account_id");
  });
});

describe("bank accounts and PayMethod/Verify", () => {
  for (const format of FORMATS) {
    it(`${format}: a bank account is unverified until its two micro-deposits are confirmed`, async () => {
      const account = await makeAccount(t);
      const created = await ok(t, format, "PayMethod/Create", { method: "POST", params: bankParams(account) });
      const id = created.pay_method.pay_method_id;
      expect(created.pay_method).toMatchObject({
        pay_method_type: "BA",
        brand: "bank",
        last_four: "6789",
        verified: "N",
        is_default: "N",
        account_type: "checking",
      });
      expect(JSON.stringify(created)).not.toContain("000123456789");

      // Unverified: cannot be charged, cannot be the default.
      const invoice = await makeInvoice(t, account, "10.00");
      const charge = await call(format, "Payment/Create", {
        method: "POST",
        creds: t,
        params: { customer_account_id: account, apply_to_prepaid_balance: "N", override_billing: "N", amount: "10.00", invoice_id: invoice, pay_method_id: id },
      });
      expectRefusal(charge, 409, "INVALID_STATE", "pay_method_id");
      expectRefusal(
        await call(format, "PayMethod/SetDefault", { method: "PATCH", creds: t, params: { pay_method_id: id, customer_account_id: account } }),
        409,
        "INVALID_STATE",
      );

      const ref = { pay_method_id: id, customer_account_id: account };
      expectRefusal(await call(format, "PayMethod/Verify", { method: "POST", creds: t, params: ref }), 400, "MISSING_PARAMETER", "amount_1");
      expectRefusal(
        await call(format, "PayMethod/Verify", { method: "POST", creds: t, params: { ...ref, amount_1: "0.32", amount_2: "0.46" } }),
        400,
        "INVALID_PARAMETER",
        "amount_1",
      );
      const verified = await ok(t, format, "PayMethod/Verify", { method: "POST", params: { ...ref, amount_1: "0.45", amount_2: "0.32" } });
      expect(verified.pay_method).toMatchObject({ verified: "Y", is_default: "Y" });
      expectRefusal(
        await call(format, "PayMethod/Verify", { method: "POST", creds: t, params: { ...ref, amount_1: "0.32", amount_2: "0.45" } }),
        409,
        "INVALID_STATE",
      );
    });
  }

  it("require_verification N makes a bank account usable at once", async () => {
    const account = await makeAccount(t);
    const r = await ok(t, "json", "PayMethod/Create", { method: "POST", params: bankParams(account, { require_verification: "N", account_type: "savings" }) });
    expect(r.pay_method).toMatchObject({ verified: "Y", is_default: "Y", account_type: "savings" });
  });

  it("Verify is 404 for another account's pay method", async () => {
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    const id = (await ok(t, "json", "PayMethod/Create", { method: "POST", params: bankParams(a) })).pay_method.pay_method_id;
    const r = await call("json", "PayMethod/Verify", {
      method: "POST",
      creds: t,
      params: { pay_method_id: id, customer_account_id: b, amount_1: "0.32", amount_2: "0.45" },
    });
    expectRefusal(r, 404, "NOT_FOUND", "pay_method_id");
  });
});

describe("PayMethod/SetDefault and Delete", () => {
  for (const format of FORMATS) {
    it(`${format}: one default per account; deleting the default leaves none`, async () => {
      const account = await makeAccount(t);
      const first = await makeCard(t, account);
      const second = await makeCard(t, account, "5555555555554444");
      expect((await methodsOf(account)).map((m) => [m.pay_method_id, m.is_default])).toEqual([
        [first, "Y"],
        [second, "N"],
      ]);
      const r = await ok(t, format, "PayMethod/SetDefault", { method: "PATCH", params: { pay_method_id: second, customer_account_id: account } });
      expect(r.pay_method).toMatchObject({ pay_method_id: second, is_default: "Y", brand: "mastercard" });
      expect((await methodsOf(account)).map((m) => m.is_default)).toEqual(["N", "Y"]);

      const deleted = await ok(t, format, "PayMethod/Delete", { method: "DELETE", params: { pay_method_id: second, customer_account_id: account } });
      expect(deleted.pay_method).toMatchObject({ status: "3", is_default: "N" });
      expect((await methodsOf(account)).map((m) => [m.pay_method_id, m.is_default])).toEqual([[first, "N"]]);
      const byId = await ok(t, format, "PayMethod/List", { params: { pay_method_id: second } });
      expect(byId.count).toBe("1");
      expectRefusal(
        await call(format, "PayMethod/Delete", { method: "DELETE", creds: t, params: { pay_method_id: second, customer_account_id: account } }),
        409,
        "INVALID_STATE",
      );
      expectRefusal(
        await call(format, "PayMethod/SetDefault", { method: "PATCH", creds: t, params: { pay_method_id: second, customer_account_id: account } }),
        409,
        "INVALID_STATE",
      );
    });
  }

  it("the database holds at most one live default per account (partial unique index)", async () => {
    const account = await makeAccount(t);
    const [a, b] = [await makeCard(t, account), await makeCard(t, account)];
    const db = await getDb();
    await expect(db.update(payMethods).set({ isDefault: "Y" }).where(eq(payMethods.id, b))).rejects.toThrow();
    const defaults = await db
      .select()
      .from(payMethods)
      .where(and(eq(payMethods.customerAccountId, account), eq(payMethods.isDefault, "Y"), isNull(payMethods.deletedAt)));
    expect(defaults.map((d) => d.id)).toEqual([a]);
  });
});

describe("PayMethod/List", () => {
  for (const format of FORMATS) {
    it(`${format}: lists by account and by id`, async () => {
      const account = await makeAccount(t);
      const id = await makeCard(t, account);
      const r = await ok(t, format, "PayMethod/List", { params: { customer_account_id: account } });
      expect(r.count).toBe("1");
      const one = format === "json" ? r.pay_methods[0] : r.pay_methods.pay_method;
      expect(one.pay_method_id).toBe(id);
      expect((await ok(t, format, "PayMethod/List", { params: { pay_method_id: id } })).count).toBe("1");
      expect((await ok(t, format, "PayMethod/List", { params: { pay_method_id: "not-an-id" } })).count).toBe("0");
    });
  }
});
