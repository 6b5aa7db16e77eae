import { beforeAll, describe, expect, it } from "vitest";
import { call, errorOf, makeTenant, ok, type Tenant } from "./support/api";
import { fixtures, subscriptionFor } from "./support/fixtures";
import { formatAmount, parseAmount } from "../lib/money";

/** Issue 31, Currency: a brand's ISO 4217 currency, who may change it, and the answers that carry it. */

const fields = { name: "Yen brand", description: "Sold in Japan", logo_url: "https://cdn.example.com/logo.png" };

let t: Tenant;
beforeAll(async () => {
  t = await makeTenant();
});

const newBrand = async (params: Record<string, string> = {}) =>
  (await ok(t, "json", "Brand/Create", { method: "POST", params: { ...fields, ...params } })).brand;
const asBrand = (brandId: string): Tenant => ({ ...t, brand_id: brandId });

describe("Brand currency", () => {
  it("a brand bills in USD unless told otherwise; every existing answer keeps its amounts", async () => {
    const b = await newBrand();
    expect(b.currency).toBe("USD");
    expect((await ok(t, "json", "Brand/List", { params: { search_brand_id: t.brand_id } })).brands[0].currency).toBe("USD");
  });

  for (const format of ["json", "xml"]) {
    it(`${format}: Brand/Create takes an ISO 4217 code (any case) and Brand/List and Update answer it`, async () => {
      const made = (await ok(t, format, "Brand/Create", { method: "POST", params: { ...fields, currency: "jpy" } })).brand;
      expect(made.currency).toBe("JPY");
      const listed = (await ok(t, format, "Brand/List", { params: { search_brand_id: made.brand_id } })).brands;
      expect((format === "json" ? listed[0] : listed.brand).currency).toBe("JPY");
      const updated = (await ok(t, format, "Brand/Update", { method: "PATCH", params: { update_brand_id: made.brand_id, currency: "KWD" } })).brand;
      expect(updated.currency).toBe("KWD");
      await ok(t, "json", "Brand/Delete", { method: "DELETE", params: { delete_brand_id: made.brand_id } });
    });

    it(`${format}: an unknown code is a 400 naming currency, on Create and on Update`, async () => {
      for (const bad of ["XYZ", "US", "USDD", "usd ", "", "CLF", "DEM"]) {
        const r = await call(format, "Brand/Create", { method: "POST", creds: t, params: { ...fields, currency: bad } });
        if (bad === "") {
          // Empty on Create is the default, as every optional parameter sent empty.
          expect(r.status, bad).toBe(200);
          await ok(t, "json", "Brand/Delete", { method: "DELETE", params: { delete_brand_id: r.body.brand.brand_id } });
          continue;
        }
        expect(r.status, bad).toBe(400);
        expect(errorOf(r)).toMatchObject({ code: "INVALID_PARAMETER", parameter: "currency" });
      }
      for (const bad of ["XYZ", ""]) {
        const r = await call(format, "Brand/Update", { method: "PATCH", creds: t, params: { update_brand_id: t.brand_id, currency: bad } });
        expect(r.status, bad).toBe(400);
        expect(errorOf(r).parameter).toBe("currency");
      }
    });
  }

  it("the currency cannot change once the brand has an invoice (409 naming currency), in either format, from any brand", async () => {
    const b = await newBrand({ currency: "EUR" });
    const own = asBrand(b.brand_id);
    await fixtures.Invoice(own);
    for (const format of ["json", "xml"]) {
      // Asked by the brand itself, and by another brand of the service account (whose scope hides the invoice).
      for (const asker of [own, t]) {
        const r = await call(format, "Brand/Update", { method: "PATCH", creds: asker, params: { update_brand_id: b.brand_id, currency: "USD" } });
        expect(r.status).toBe(409);
        expect(errorOf(r)).toMatchObject({ code: "INVALID_STATE", parameter: "currency" });
        expect(errorOf(r).message).toContain("EUR");
      }
    }
    // The same currency again is no change, and other fields still change.
    const same = (await ok(t, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: b.brand_id, currency: "eur", name: "Euro brand" } })).brand;
    expect(same).toMatchObject({ currency: "EUR", name: "Euro brand" });
  });

  it("a payment alone (to the prepaid balance) also fixes the currency", async () => {
    const b = await newBrand({ currency: "GBP" });
    await fixtures.Payment(asBrand(b.brand_id));
    const r = await call("json", "Brand/Update", { method: "PATCH", creds: t, params: { update_brand_id: b.brand_id, currency: "USD" } });
    expect(r.status).toBe(409);
    expect(errorOf(r).parameter).toBe("currency");
  });

  it("a deleted invoice still fixes it: its amounts were in the old currency", async () => {
    const b = await newBrand();
    const own = asBrand(b.brand_id);
    const invoiceId = await fixtures.Invoice(own);
    const invoice = (await ok(own, "json", "Invoice/List", { params: { invoice_id: invoiceId } })).invoices[0];
    await ok(own, "json", "Invoice/Delete", { method: "DELETE", params: { invoice_id: invoiceId, customer_account_id: invoice.customer_account_id } });
    const r = await call("json", "Brand/Update", { method: "PATCH", creds: own, params: { update_brand_id: b.brand_id, currency: "JPY" } });
    expect(r.status).toBe(409);
  });

  it("Invoice, Payment and Subscription answers carry the brand's currency, in json and xml", async () => {
    const b = await newBrand({ currency: "EUR" });
    const own = asBrand(b.brand_id);
    const accountId = await fixtures.Account(own);
    const subscriptionId = await subscriptionFor(own, accountId);
    for (const format of ["json", "xml"]) {
      const one = (body: any, plural: string, singular: string) => (format === "json" ? body[plural][0] : [body[plural][singular]].flat()[0]);
      const invoices = await ok(own, format, "Invoice/List", { params: { customer_account_id: accountId } });
      expect(one(invoices, "invoices", "invoice").currency).toBe("EUR");
      const payments = await ok(own, format, "Payment/List", { params: { customer_account_id: accountId } });
      expect(one(payments, "payments", "payment").currency).toBe("EUR");
      const subs = await ok(own, format, "Subscription/List", { params: { subscription_id: subscriptionId } });
      expect(one(subs, "subscriptions", "subscription").currency).toBe("EUR");
    }
    // The write verbs answer it too.
    const paid = await ok(own, "json", "Payment/Create", {
      method: "POST",
      params: { customer_account_id: accountId, apply_to_prepaid_balance: "Y", override_billing: "Y", amount: "5.00" },
    });
    expect(paid.payment.currency).toBe("EUR");
  });
});

/** Issue 31: every amount in and out has the brand's currency's decimals (2500 yen, 12.345 dinars). */
describe("amounts in the brand's currency", () => {
  const post = (creds: Tenant, format: string, path: string, params: Record<string, string>) => call(format, path, { method: "POST", creds, params });
  const refusedOn = (r: Awaited<ReturnType<typeof call>>, parameter: string) => {
    expect(r.status, r.text).toBe(400);
    expect(errorOf(r)).toMatchObject({ code: "INVALID_PARAMETER", parameter });
  };
  const product = (groupId: string, prices: Record<string, string>) => ({
    product_group_id: groupId,
    name: "Plan",
    description: "Plan",
    expiration_interval: "30",
    trial: "N",
    auto_pay_discount: "N",
    prompt_for_variables: "N",
    tax_exempt: "N",
    ...prices,
  });

  const cases = [
    { currency: "JPY", price: "2500", setup: "0", tooPrecise: "2500.5", item: "1500", itemTooPrecise: "15.5", pay: "1000", rest: "500", coupon: "300" },
    { currency: "KWD", price: "12.345", setup: "0.5", tooPrecise: "12.3456", item: "1.25", itemTooPrecise: "1.2505", pay: "10", rest: "2.845", coupon: "1.5" },
  ];
  for (const c of cases) {
    for (const format of ["json", "xml"]) {
      it(`${format}: a ${c.currency} brand's amounts in and out, and 400 on more decimals than ${c.currency} has`, async () => {
        const b = await newBrand({ currency: c.currency });
        const own = asBrand(b.brand_id);
        try {
          const groupId = await fixtures.ProductGroup(own);
          // Product: more decimals than the currency has is refused naming the parameter; fewer are filled in.
          refusedOn(await post(own, format, "Product/Create", product(groupId, { setup_fee: c.setup, recurring_price: c.tooPrecise })), "recurring_price");
          const made = await post(own, format, "Product/Create", product(groupId, { setup_fee: c.setup, recurring_price: c.price }));
          expect(made.status, made.text).toBe(200);
          const p = made.body.product;
          const fmt = (wire: string) => formatAmount(parseAmount(wire, c.currency), c.currency);
          expect(p.recurring_price).toBe(fmt(c.price));
          expect(p.setup_fee).toBe(fmt(c.setup));
          if (c.currency === "KWD") expect(p.setup_fee).toBe("0.500");
          if (c.currency === "JPY") expect(p.recurring_price).toBe("2500");

          // A subscription's first invoice, paid in part, in the same currency.
          const accountId = await fixtures.Account(own);
          const sub = await post(own, format, "Subscription/Create", {
            customer_account_id: accountId,
            product_id: p.product_id,
            auto_pay: "N",
            override_initial_billing: "N",
          });
          expect(sub.status, sub.text).toBe(200);
          expect(sub.body.subscription.next_renewal_amount).toBe(fmt(c.price));
          const invoice = (await ok(own, "json", "Invoice/List", { params: { customer_account_id: accountId } })).invoices[0];
          const due = parseAmount(c.price, c.currency) + parseAmount(c.setup, c.currency);
          expect(invoice).toMatchObject({ total: formatAmount(due, c.currency), currency: c.currency });
          refusedOn(
            await post(own, format, "Payment/Create", {
              customer_account_id: accountId,
              invoice_id: invoice.invoice_id,
              apply_to_prepaid_balance: "N",
              override_billing: "Y",
              amount: c.tooPrecise,
            }),
            "amount",
          );
          const paid = await post(own, format, "Payment/Create", {
            customer_account_id: accountId,
            invoice_id: invoice.invoice_id,
            apply_to_prepaid_balance: "N",
            override_billing: "Y",
            amount: c.pay,
          });
          expect(paid.status, paid.text).toBe(200);
          expect(paid.body.payment).toMatchObject({ amount: fmt(c.pay), currency: c.currency });
          expect(paid.body.invoice.amount_paid).toBe(fmt(c.pay));

          // A manual invoice's items (JSON, as text or a number).
          refusedOn(
            await post(own, format, "Invoice/Create", {
              customer_account_id: accountId,
              due_date: "12/31/2030",
              attached_items: JSON.stringify([{ item_name: "Extra", item_price: c.itemTooPrecise, tax_exempt: "N" }]),
            }),
            "attached_items",
          );
          const manual = await post(own, format, "Invoice/Create", {
            customer_account_id: accountId,
            due_date: "12/31/2030",
            attached_items: JSON.stringify([
              { item_name: "Extra", item_price: c.item, tax_exempt: "N" },
              { item_name: "More", item_price: Number(c.item), tax_exempt: "N", quantity: "2" },
            ]),
          });
          expect(manual.status, manual.text).toBe(200);
          const total = parseAmount(c.item, c.currency) * 3;
          expect(manual.body.invoice).toMatchObject({ total: formatAmount(total, c.currency), balance: formatAmount(total, c.currency), currency: c.currency });

          // Coupons: an amount has the currency's decimals; a percent always two.
          const coupon = (discount_type: string, discount_value: string) =>
            post(own, format, "Coupon/Create", {
              coupon_code: `C${Math.random().toString(36).slice(2, 10)}`,
              name: "Off",
              discount_type,
              discount_value,
              duration: "once",
              stackable: "N",
            });
          refusedOn(await coupon("amount", c.tooPrecise), "discount_value");
          refusedOn(await coupon("percent", "12.345"), "discount_value");
          expect((await coupon("amount", c.coupon)).body.coupon.discount_value).toBe(fmt(c.coupon));
          expect((await coupon("percent", "12.5")).body.coupon.discount_value).toBe("12.50");

          // Dunning rules and the prepaid balance.
          refusedOn(
            await post(own, format, "DunningRule/Create", {
              product_group_id: groupId,
              name: "Remind",
              description: "Remind the customer kindly",
              overdue_days: "3",
              overdue_amount: c.tooPrecise,
              enforcement_action: "REMIND",
            }),
            "overdue_amount",
          );
          const toBalance = await post(own, format, "Payment/Create", {
            customer_account_id: accountId,
            apply_to_prepaid_balance: "Y",
            override_billing: "Y",
            amount: c.rest,
          });
          expect(toBalance.status, toBalance.text).toBe(200);
          expect(toBalance.body.customer_account.prepaid_balance).toBe(fmt(c.rest));
          expect(toBalance.body.payment.currency).toBe(c.currency);
          const account = (await ok(own, format, "Account/List", { params: { customer_account_id: accountId } })).customer_accounts;
          expect((format === "json" ? account[0] : [account.customer_account].flat()[0]).prepaid_balance).toBe(fmt(c.rest));
        } finally {
          await ok(t, "json", "Brand/Delete", { method: "DELETE", params: { delete_brand_id: b.brand_id } });
        }
      });
    }
  }
});
