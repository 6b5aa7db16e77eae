import { beforeAll, describe, expect, it } from "vitest";
import { call, errorOf, makeTenant, ok, type Tenant } from "./support/api";
import { fixtures, subscriptionFor } from "./support/fixtures";

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
