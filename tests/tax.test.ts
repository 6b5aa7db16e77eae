/**
 * Issue 33, tax, through the HTTP API in json and xml: the TaxRate resource; stacked, inclusive and
 * reverse charged rates; exempt products, items and accounts; untaxable components; discounts
 * before tax; a rate changed between two renewals (the earlier invoice keeps its snapshot); a JPY brand.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { expectError, listed, makeComponent, makeCoupon, makeGroup, makeProduct } from "./support/catalog";
import { staffActions } from "../lib/dashboard/actions";
import { getDb } from "../db/client";
import { contextFromStaffSession } from "../lib/auth/context";
import { invoicePdf } from "../lib/documents/invoice-pdf";
import { creditNotePdf } from "../lib/documents/credit-note-pdf";
import { pdfText } from "../e2e/support/browser";
import { renderTemplate, templateView } from "../lib/notifications/templates";
import { DEFAULT_TEMPLATES } from "../lib/notifications/defaults";
import { invoicePayload } from "../lib/invoices/events";
import { accountIn } from "./support/tax";
import { ratesForAccount, taxAccount } from "../lib/tax/rates";

const FORMATS = ["json", "xml"] as const;

let t: Tenant;
beforeAll(async () => {
  t = await makeTenant();
  // The seller is in the US: a German customer with a VAT number is reverse charged.
  await ok(t, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: t.brand_id, country: "US", tax_id: "US-987" } });
});

const rateOf = async (tenant: Tenant, params: Record<string, string>, format = "json") =>
  (await ok(tenant, format, "TaxRate/Create", { method: "POST", params })).tax_rate;

/** The invoice as Invoice/List answers it in this format, its taxes and items as arrays. */
async function invoiceIn(tenant: Tenant, format: string, invoiceId: string) {
  const body = await ok(tenant, format, "Invoice/List", { params: { invoice_id: invoiceId } });
  const inv = listed(format, body, "invoices")[0];
  return { ...inv, taxes: listed(format, inv, "taxes"), items: listed(format, inv, "items") };
}

const manualInvoice = async (tenant: Tenant, accountId: string, items: { item_name: string; item_price: string; tax_exempt: string }[]) =>
  (
    await ok(tenant, "json", "Invoice/Create", {
      method: "POST",
      params: { customer_account_id: accountId, due_date: "12/31/2030", attached_items: JSON.stringify(items) },
    })
  ).invoice.invoice_id as string;

const taxLine = (x: any) => [x.name, x.percentage, x.inclusive, x.reverse_charge, x.taxed_amount, x.tax];

const REVERSE_CHARGE = "Reverse charge: MwSt is accounted for by the customer. Customer tax ID DE123456789; seller tax ID US-987.";
const noLogo = { fetchLogo: async () => null };
const staffOf = async (tenant: Tenant) => contextFromStaffSession(await getDb(), { staffUserId: tenant.staffUserId, brandId: tenant.brand_id });
/** A PDF's text on one line: what wraps or sits in columns reads as words separated by spaces. */
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("TaxRate", () => {
  for (const format of FORMATS) {
    it(`${format}: Create, List, Update, Delete (archives); percentages exact to 4 decimals`, async () => {
      const own = await makeTenant();
      const made = await rateOf(own, { name: "Sales tax", percentage: "8.875", country: "us", state: "ny" }, format);
      expect(made).toMatchObject({ name: "Sales tax", percentage: "8.875", country: "US", state: "NY", inclusive: "N", reverse_charge: "N" });
      const listedRates = listed(format, await ok(own, format, "TaxRate/List", { params: { country: "US" } }), "tax_rates");
      expect(listedRates.map((r) => r.tax_rate_id)).toEqual([made.tax_rate_id]);
      expect(listed(format, await ok(own, format, "TaxRate/List", { params: { country: "CA" } }), "tax_rates")).toEqual([]);
      const changed = (await ok(own, format, "TaxRate/Update", { method: "PATCH", params: { tax_rate_id: made.tax_rate_id, percentage: "4.5", state: "" } }))
        .tax_rate;
      expect(changed).toMatchObject({ percentage: "4.5", state: "", name: "Sales tax" });
      const archived = (await ok(own, format, "TaxRate/Delete", { method: "DELETE", params: { tax_rate_id: made.tax_rate_id } })).tax_rate;
      expect(archived.archived).not.toBe("");
      expect(listed(format, await ok(own, format, "TaxRate/List"), "tax_rates")).toEqual([]);
      expect(listed(format, await ok(own, format, "TaxRate/List", { params: { tax_rate_id: made.tax_rate_id } }), "tax_rates")).toHaveLength(1);
      expectError(
        await call(format, "TaxRate/Update", { method: "PATCH", creds: own, params: { tax_rate_id: made.tax_rate_id, name: "X" } }),
        409,
        "INVALID_STATE",
        "tax_rate_id",
      );
      for (const bad of ["8.87501", "100.01", "-1", "1,5", "abc"]) {
        expectError(
          await call(format, "TaxRate/Create", { method: "POST", creds: own, params: { name: "VAT", percentage: bad, country: "FR" } }),
          400,
          "INVALID_PARAMETER",
          "percentage",
        );
      }
    });
  }
});

describe("tax on invoices", () => {
  let ca: string;
  let fr: string;
  let de: string;
  beforeAll(async () => {
    await rateOf(t, { name: "GST", percentage: "5", country: "CA" });
    await rateOf(t, { name: "PST", percentage: "7", country: "CA", state: "BC" });
    await rateOf(t, { name: "QST", percentage: "9.975", country: "CA", state: "QC" });
    await rateOf(t, { name: "TVA", percentage: "20", country: "FR", inclusive: "Y" });
    await rateOf(t, { name: "MwSt", percentage: "19", country: "DE", reverse_charge: "Y" });
    ca = await accountIn(t, "CA", { state: "BC" });
    fr = await accountIn(t, "FR");
    de = await accountIn(t, "DE", { tax_id: "DE123456789" });
  });

  it("stacked rates (country and state) on the taxed items only; charges and balances use the total (json and xml)", async () => {
    const id = await manualInvoice(t, ca, [
      { item_name: "Consulting", item_price: "100.00", tax_exempt: "N" },
      { item_name: "Exempt book", item_price: "50.00", tax_exempt: "Y" },
    ]);
    for (const format of FORMATS) {
      const inv = await invoiceIn(t, format, id);
      expect(inv).toMatchObject({ subtotal: "150.00", tax_total: "12.00", total: "162.00", balance: "162.00" });
      expect(inv.taxes.map(taxLine)).toEqual([
        ["GST", "5", "N", "N", "100.00", "5.00"],
        ["PST", "7", "N", "N", "100.00", "7.00"],
      ]);
      // The items are the ones sent; the tax is not an item.
      expect(inv.items.map((i: any) => i.item_name)).toEqual(["Consulting", "Exempt book"]);
    }
    const paid = await ok(t, "json", "Payment/Create", {
      method: "POST",
      params: { customer_account_id: ca, apply_to_prepaid_balance: "N", override_billing: "Y", amount: "162.00", invoice_id: id },
    });
    expect(paid.invoice.status).toBe("1");
    // The PDF: the tax lines are not items; a Tax section with each rate's percentage, taxed amount and tax.
    const text = flat(await pdfText((await invoicePdf(await staffOf(t), id, noLogo)).bytes));
    for (const part of [
      "Subtotal $150.00",
      "GST 5% $5.00",
      "PST 7% $7.00",
      "Total $162.00",
      "Tax Rate Taxed amount Tax",
      "GST 5% $100.00 $5.00",
      "PST 7% $100.00 $7.00",
    ]) {
      expect(text, part).toContain(part);
    }
    expect(text).not.toMatch(/GST 5% 1 /); // not an item line (Qty 1)
  });

  it("a credit note carries its share of the invoice's tax, as issued (json and xml, and its PDF)", async () => {
    const id = await manualInvoice(t, ca, [
      { item_name: "Consulting", item_price: "100.00", tax_exempt: "N" },
      { item_name: "Exempt book", item_price: "50.00", tax_exempt: "Y" },
    ]);
    // A payment recorded and reversed: a credit note "refunded" for its amount.
    const refunded = async (account: string, invoice: string, amount: string) => {
      const params = { customer_account_id: account, invoice_id: invoice };
      const paid = await ok(t, "json", "Payment/Create", {
        method: "POST",
        params: { ...params, apply_to_prepaid_balance: "N", override_billing: "Y", amount },
      });
      await ok(t, "json", "Payment/Delete", { method: "DELETE", params: { ...params, payment_id: paid.payment.payment_id } });
    };
    await refunded(ca, id, "81.00");
    for (const format of FORMATS) {
      const [note] = listed(format, await ok(t, format, "CreditNote/List", { params: { invoice_id: id } }), "credit_notes");
      // Half of 162.00: half of each tax (2.50 and 3.50) and of what each taxed; amount = subtotal + the exclusive taxes.
      expect(note).toMatchObject({ reason: "refunded", amount: "81.00", subtotal: "75.00", tax_total: "6.00" });
      expect(listed(format, note, "taxes").map(taxLine)).toEqual([
        ["GST", "5", "N", "N", "50.00", "2.50"],
        ["PST", "7", "N", "N", "50.00", "3.50"],
      ]);
    }
    const [note] = (await ok(t, "json", "CreditNote/List", { params: { invoice_id: id } })).credit_notes;
    const text = flat(await pdfText((await creditNotePdf(await staffOf(t), note.credit_note_id, noLogo)).bytes));
    for (const part of ["Subtotal $75.00", "GST 5% $2.50", "PST 7% $3.50", "Credit $81.00", "GST 5% $50.00 $2.50"]) expect(text, part).toContain(part);
    // An invoice without tax gives notes without: tax_total 0, no taxes.
    const us = await accountIn(t, "US", { state: "NY" });
    const plain = await manualInvoice(t, us, [{ item_name: "Thing", item_price: "10.00", tax_exempt: "N" }]);
    await refunded(us, plain, "10.00");
    for (const format of FORMATS) {
      const [n] = listed(format, await ok(t, format, "CreditNote/List", { params: { invoice_id: plain } }), "credit_notes");
      expect(n).toMatchObject({ amount: "10.00", subtotal: "10.00", tax_total: "0.00" });
      expect(listed(format, n, "taxes")).toEqual([]);
    }
  });

  it("an inclusive rate shows the part of the prices it is and leaves the total", async () => {
    const id = await manualInvoice(t, fr, [{ item_name: "Box", item_price: "120.00", tax_exempt: "N" }]);
    for (const format of FORMATS) {
      const inv = await invoiceIn(t, format, id);
      expect(inv).toMatchObject({ subtotal: "120.00", tax_total: "20.00", total: "120.00" });
      expect(inv.taxes.map(taxLine)).toEqual([["TVA", "20", "Y", "N", "120.00", "20.00"]]);
    }
  });

  it("reverse charge: a customer with a tax id in another country than the brand's pays none; without one they pay", async () => {
    const id = await manualInvoice(t, de, [{ item_name: "Licence", item_price: "100.00", tax_exempt: "N" }]);
    const local = await manualInvoice(t, await accountIn(t, "DE"), [{ item_name: "Licence", item_price: "100.00", tax_exempt: "N" }]);
    for (const format of FORMATS) {
      const inv = await invoiceIn(t, format, id);
      expect(inv).toMatchObject({ subtotal: "100.00", tax_total: "0.00", total: "100.00" });
      expect(inv.taxes.map(taxLine)).toEqual([["MwSt", "19", "N", "Y", "100.00", "0.00"]]);
      expect(inv.taxes[0]).toMatchObject({ customer_tax_id: "DE123456789", seller_tax_id: "US-987" });
      expect(inv).toMatchObject({ tax_exempt: "N", tax_note: REVERSE_CHARGE });
      expect(await invoiceIn(t, format, local)).toMatchObject({ tax_total: "19.00", total: "119.00" });
    }
    // The PDF: the rate at 0 in the totals and the Tax section, the statement with both tax ids, the buyer's and seller's tax ids.
    const text = flat(await pdfText((await invoicePdf(await staffOf(t), id, noLogo)).bytes));
    for (const part of [REVERSE_CHARGE, "MwSt 19% (reverse charge)", "MwSt (reverse charge)", "Tax ID US-987", "Tax ID DE123456789", "$100.00"]) {
      expect(text, part).toContain(part);
    }
  });

  it("a tax exempt account pays none; a brand's account in a country without rates neither", async () => {
    const exempt = await accountIn(t, "CA", { state: "BC", tax_exempt: "Y", tax_exempt_reason: "Registered charity" });
    const us = await accountIn(t, "US", { state: "NY" });
    for (const accountId of [exempt, us]) {
      const id = await manualInvoice(t, accountId, [{ item_name: "Thing", item_price: "10.00", tax_exempt: "N" }]);
      for (const format of FORMATS) {
        const inv = await invoiceIn(t, format, id);
        expect(inv).toMatchObject({ subtotal: "10.00", tax_total: "0.00", total: "10.00" });
        expect(inv.taxes).toEqual([]);
      }
    }
  });

  it("an exempt account's invoice says so with the reason it had when priced; a later change of the account does not rewrite it (json and xml)", async () => {
    const exempt = await accountIn(t, "CA", { state: "BC", tax_exempt: "Y", tax_exempt_reason: "Registered charity" });
    const issued = await manualInvoice(t, exempt, [{ item_name: "Thing", item_price: "10.00", tax_exempt: "N" }]);
    await ok(t, "json", "Account/Update", { method: "PATCH", params: { customer_account_id: exempt, tax_exempt_reason: "Diplomatic mission" } });
    const later = await manualInvoice(t, exempt, [{ item_name: "Thing", item_price: "10.00", tax_exempt: "N" }]);
    await ok(t, "json", "Account/Update", { method: "PATCH", params: { customer_account_id: exempt, tax_exempt: "N", tax_exempt_reason: "" } });
    const taxed = await manualInvoice(t, exempt, [{ item_name: "Thing", item_price: "10.00", tax_exempt: "N" }]);
    for (const format of FORMATS) {
      expect(await invoiceIn(t, format, issued)).toMatchObject({
        tax_exempt: "Y",
        tax_exempt_reason: "Registered charity",
        tax_note: "Tax exempt: Registered charity",
        tax_total: "0.00",
      });
      expect(await invoiceIn(t, format, later)).toMatchObject({
        tax_exempt: "Y",
        tax_exempt_reason: "Diplomatic mission",
        tax_note: "Tax exempt: Diplomatic mission",
      });
      const now = await invoiceIn(t, format, taxed);
      expect(now).toMatchObject({ tax_exempt: "N", tax_total: "1.20" });
      // Absent: null in json, an empty element in xml.
      expect([null, ""]).toContain(now.tax_exempt_reason);
      expect([null, ""]).toContain(now.tax_note);
    }
    const text = flat(await pdfText((await invoicePdf(await staffOf(t), issued, noLogo)).bytes));
    expect(text).toContain("Tax exempt: Registered charity");
    expect(text).not.toContain("Diplomatic");
  });

  it("the invoice email (the default template) states each tax and what the invoice says about its tax", async () => {
    const brand = (await staffOf(t)).brand;
    const email = async (accountId: string) => {
      const params = {
        customer_account_id: accountId,
        due_date: "12/31/2030",
        attached_items: JSON.stringify([{ item_name: "Thing", item_price: "100.00", tax_exempt: "N" }]),
      };
      const invoice = (await ok(t, "json", "Invoice/Create", { method: "POST", params })).invoice;
      const view = templateView("Invoice/Create", brand, { customer: { first_name: "Tax" }, invoice: invoicePayload(invoice) }, new Date());
      return renderTemplate(DEFAULT_TEMPLATES["Invoice/Create"].html_customer, view, true);
    };
    expect(await email(ca)).toContain("<p>Subtotal 100.00; GST 5% on 100.00: 5.00; PST 7% on 100.00: 7.00; total 112.00 USD.</p>");
    const exempt = await accountIn(t, "CA", { state: "BC", tax_exempt: "Y", tax_exempt_reason: "Registered charity" });
    const text = await email(exempt);
    expect(text).toContain("<p>Tax exempt: Registered charity</p>");
    expect(text).not.toContain("Subtotal");
    expect(await email(de)).toContain(`<p>${REVERSE_CHARGE}</p>`);
  });

  it("Invoice/Update re-prices and re-taxes a manual invoice", async () => {
    const id = await manualInvoice(t, ca, [{ item_name: "A", item_price: "10.00", tax_exempt: "N" }]);
    await ok(t, "json", "Invoice/Update", {
      method: "PATCH",
      params: {
        invoice_id: id,
        customer_account_id: ca,
        due_date: "12/31/2030",
        attached_items: JSON.stringify([{ item_name: "B", item_price: "20.00", tax_exempt: "N" }]),
      },
    });
    expect(await invoiceIn(t, "xml", id)).toMatchObject({ subtotal: "20.00", tax_total: "2.40", total: "22.40" });
  });

  it("a subscription's first invoice: an exempt product, a taxable and an untaxable component, a coupon taken off first", async () => {
    const group = await makeGroup(t);
    const product = await makeProduct(t, group.product_group_id, { setup_fee: "0.00", recurring_price: "10.00", tax_exempt: "Y" });
    const taxable = await makeComponent(t, group.product_group_id, { name: "Taxable", unit_price: "4.00", taxable: "Y" });
    const untaxable = await makeComponent(t, group.product_group_id, { name: "Untaxable", unit_price: "6.00", taxable: "N" });
    const coupon = await makeCoupon(t, { discount_value: "10" });
    const terms = {
      customer_account_id: ca,
      product_id: product.product_id,
      attached_components: JSON.stringify([taxable, untaxable].map((c) => ({ component_id: c.component_id, units: "1" }))),
      coupon_code: coupon.coupon_code,
    };
    const sub = await ok(t, "json", "Subscription/Create", { method: "POST", params: { ...terms, override_initial_billing: "Y", auto_pay: "N" } });
    const invoices = (await ok(t, "json", "Invoice/List", { params: { subscription_id: sub.subscription.subscription_id } })).invoices;
    for (const format of FORMATS) {
      const inv = await invoiceIn(t, format, invoices[0].invoice_id);
      // 20.00 sold, 2.00 off; the taxable 4.00 carries 0.40 of the discount: 3.60 taxed.
      // GST 5% = 0.18, PST 7% = 0.252 -> 0.25; paid in full by override_initial_billing.
      expect(inv.taxes.map(taxLine)).toEqual([
        ["GST", "5", "N", "N", "3.60", "0.18"],
        ["PST", "7", "N", "N", "3.60", "0.25"],
      ]);
      expect(inv).toMatchObject({ subtotal: "18.00", tax_total: "0.43", total: "18.43", balance: "0.00", status: "1" });
    }
    // The Estimate stays before tax (spec, behaviour 5).
    for (const format of FORMATS) {
      expect((await ok(t, format, "Subscription/Estimate", { params: terms })).estimate.upfront_total).toBe("18.00");
    }
  });

  it("a brand without tax rates answers as before: subtotal = total, no taxes", async () => {
    const own = await makeTenant();
    const id = await manualInvoice(own, await accountIn(own, "CA", { state: "BC" }), [{ item_name: "A", item_price: "10.00", tax_exempt: "N" }]);
    for (const format of FORMATS) {
      expect(await invoiceIn(own, format, id)).toMatchObject({ subtotal: "10.00", tax_total: "0.00", total: "10.00", taxes: [] });
    }
  });
});

describe("a JPY sandbox brand: a rate changed between two renewals", () => {
  it("each renewal invoice is taxed at the rate of its generation; the earlier one keeps its snapshot (json and xml)", async () => {
    const live = await makeTenant();
    const brand = (
      await ok(live, "json", "Brand/Create", {
        method: "POST",
        params: { name: "Yen", description: "Sold in Japan", logo_url: "https://example.com/logo.png", sandbox: "Y", currency: "JPY", country: "JP" },
      })
    ).brand;
    const jp: Tenant = { ...live, brand_id: brand.brand_id };
    const rate = await rateOf(jp, { name: "Consumption tax", percentage: "10", country: "JP" });
    const group = await makeGroup(jp);
    const product = await makeProduct(jp, group.product_group_id, { setup_fee: "0", recurring_price: "999" });
    const calls = await makeComponent(jp, group.product_group_id, {
      component_type: "metered",
      name: "Calls",
      unit_price: "10",
      starting_quantity: "0",
      taxable: "Y",
    });
    const accountId = await accountIn(jp, "JP");
    const sub = (
      await ok(jp, "json", "Subscription/Create", {
        method: "POST",
        params: {
          customer_account_id: accountId,
          product_id: product.product_id,
          attached_components: JSON.stringify([{ component_id: calls.component_id, units: "0" }]),
          override_initial_billing: "Y",
          auto_pay: "N",
        },
      })
    ).subscription;
    // 10% of 999 yen is 99.9: 100 yen, no minor unit.
    await ok(jp, "json", "TaxRate/Update", { method: "PATCH", params: { tax_rate_id: rate.tax_rate_id, percentage: "8" } });
    await ok(jp, "json", "TestClock/Advance", { method: "POST", params: { days: "29" } });
    const invoices = ((await ok(jp, "json", "Invoice/List", { params: { subscription_id: sub.subscription_id } })).invoices as any[]).sort((a, b) =>
      a.number.localeCompare(b.number),
    );
    expect(invoices).toHaveLength(2);
    for (const format of FORMATS) {
      const [first, second] = [await invoiceIn(jp, format, invoices[0].invoice_id), await invoiceIn(jp, format, invoices[1].invoice_id)];
      expect(first).toMatchObject({ subtotal: "999", tax_total: "100", total: "1099", balance: "0", currency: "JPY" });
      expect(first.taxes.map(taxLine)).toEqual([["Consumption tax", "10", "N", "N", "999", "100"]]);
      // 8% of 999 is 79.92: 80.
      expect(second).toMatchObject({ subtotal: "999", tax_total: "80", total: "1079", balance: "1079" });
      expect(second.taxes.map(taxLine)).toEqual([["Consumption tax", "8", "N", "N", "999", "80"]]);
    }
    // The cycle's usage joins the renewal invoice at the renewal, and the invoice is taxed again with it:
    // 999 + 5 x 10 = 1049 yen, 8% is 83.92: 84.
    await ok(jp, "json", "Subscription/ReportUsage", {
      method: "PATCH",
      params: {
        subscription_id: sub.subscription_id,
        customer_account_id: accountId,
        component_id: calls.component_id,
        units: "5",
        expression_type: "additive",
      },
    });
    await ok(jp, "json", "TestClock/Advance", { method: "POST", params: { days: "2" } });
    for (const format of FORMATS) {
      const renewed = await invoiceIn(jp, format, invoices[1].invoice_id);
      expect(renewed).toMatchObject({ subtotal: "1049", tax_total: "84", total: "1133" });
      expect(renewed.taxes.map(taxLine)).toEqual([["Consumption tax", "8", "N", "N", "1049", "84"]]);
    }
  });
});

describe("proration (a prorating sandbox brand)", () => {
  it("a rise billed at once is taxed; a cut credits the tax paid on it too (json and xml)", async () => {
    const live = await makeTenant();
    const brand = (
      await ok(live, "json", "Brand/Create", {
        method: "POST",
        params: {
          name: "Prorating",
          description: "A sandbox brand",
          logo_url: "https://example.com/logo.png",
          sandbox: "Y",
          proration: "prorate",
          country: "US",
        },
      })
    ).brand;
    const sb: Tenant = { ...live, brand_id: brand.brand_id };
    await rateOf(sb, { name: "HST", percentage: "13", country: "CA" });
    await ok(sb, "json", "TestClock/Advance", { method: "POST", params: { advance_to: "2027-03-01T09:00:00Z" } });
    const group = (await makeGroup(sb)).product_group_id;
    const plan = async (price: string) =>
      (await makeProduct(sb, group, { expiration_interval: "1", interval_unit: "month", setup_fee: "0.00", recurring_price: price })).product_id as string;
    const [basic, pro] = [await plan("30.00"), await plan("60.00")];
    const subscribe = async (account: string) =>
      (
        await ok(sb, "json", "Subscription/Create", {
          method: "POST",
          params: { customer_account_id: account, product_id: basic, override_initial_billing: "Y", auto_pay: "N" },
        })
      ).subscription.subscription_id as string;
    const [taxed, untaxed] = [await accountIn(sb, "CA", { state: "ON" }), await accountIn(sb, "US", { state: "NY" })];
    const subs = { taxed: await subscribe(taxed), untaxed: await subscribe(untaxed) };
    await ok(sb, "json", "TestClock/Advance", { method: "POST", params: { advance_to: "2027-03-13T09:00:00Z" } });
    const change = (account: string, subscription: string, product: string) =>
      ok(sb, "json", "Subscription/ChangeProduct", {
        method: "POST",
        params: { subscription_id: subscription, customer_account_id: account, product_id: product },
      });
    await change(taxed, subs.taxed, pro);
    await change(untaxed, subs.untaxed, pro);
    const proration = async (subscription: string, format: string) => {
      const all = listed(format, await ok(sb, format, "Invoice/List", { params: { subscription_id: subscription } }), "invoices");
      const inv = all.find((i: any) => i.billing_period_start === "");
      return { ...inv, taxes: listed(format, inv, "taxes") };
    };
    const cents = (s: string) => Math.round(Number(s) * 100);
    for (const format of FORMATS) {
      const [a, b] = [await proration(subs.taxed, format), await proration(subs.untaxed, format)];
      expect(a.subtotal).toBe(b.subtotal);
      expect(cents(a.subtotal)).toBeGreaterThan(0);
      const tax = Math.round((cents(a.subtotal) * 13) / 100);
      expect(a.taxes.map(taxLine)).toEqual([["HST", "13", "N", "N", a.subtotal, (tax / 100).toFixed(2)]]);
      expect(cents(a.total)).toBe(cents(a.subtotal) + tax);
      expect(b).toMatchObject({ tax_total: "0.00", total: b.subtotal });
    }
    // Back to the cheaper plan the same day: the cut is credited with its tax (a credit note against
    // what billed the period; unpaid here, so it is no longer owed rather than prepaid).
    await change(taxed, subs.taxed, basic);
    await change(untaxed, subs.untaxed, basic);
    const credited = async (account: string) =>
      (await ok(sb, "json", "CreditNote/List", { params: { customer_account_id: account } })).credit_notes.reduce(
        (sum: number, n: { amount: string }) => sum + cents(n.amount),
        0,
      );
    const credit = await credited(untaxed);
    expect(credit).toBeGreaterThan(0);
    expect(await credited(taxed)).toBe(credit + Math.round((credit * 13) / 100));
    // Each of the cut's notes states its tax part: amount = subtotal + HST, the HST 13% of the subtotal (within the one rounding).
    for (const format of FORMATS) {
      const taxedNotes = listed(format, await ok(sb, format, "CreditNote/List", { params: { customer_account_id: taxed } }), "credit_notes");
      expect(taxedNotes.length).toBeGreaterThan(0);
      for (const n of taxedNotes) {
        expect(cents(n.subtotal) + cents(n.tax_total)).toBe(cents(n.amount));
        expect(Math.abs(cents(n.tax_total) - (cents(n.subtotal) * 13) / 100)).toBeLessThanOrEqual(1);
        expect(listed(format, n, "taxes").map((x: any) => x.name)).toEqual(["HST"]);
      }
      for (const n of listed(format, await ok(sb, format, "CreditNote/List", { params: { customer_account_id: untaxed } }), "credit_notes"))
        expect(n).toMatchObject({ tax_total: "0.00", subtotal: n.amount });
    }
  });
});

describe("the dashboard's tax rate actions", () => {
  it("only an ADMIN staff user adds or archives a tax rate (FORBIDDEN for a USER, nothing written)", async () => {
    const [admin, user] = [await makeTenant(), await makeTenant("USER")];
    const input = { name: "VAT", percentage: "20", country: "FR" };
    expect(await staffActions.taxRateCreate.run({ staffUserId: user.staffUserId }, user.brand_id, input)).toMatchObject({
      ok: false,
      error: { code: "FORBIDDEN" },
    });
    expect(listed("json", await ok(user, "json", "TaxRate/List"), "tax_rates")).toEqual([]);
    const made = await staffActions.taxRateCreate.run({ staffUserId: admin.staffUserId }, admin.brand_id, input);
    expect(made).toMatchObject({ ok: true, data: { name: "VAT", percentage: "20" } });
    const id = (made as { data: { tax_rate_id: string } }).data.tax_rate_id;
    const archived = await staffActions.taxRateDelete.run({ staffUserId: admin.staffUserId }, admin.brand_id, { tax_rate_id: id });
    expect(archived).toMatchObject({ ok: true });
    expect(listed("json", await ok(admin, "json", "TaxRate/List"), "tax_rates")).toEqual([]);
  });

  it("only an ADMIN staff user edits a tax rate: what the form sends changes, the rest stays", async () => {
    const [admin, user] = [await makeTenant(), await makeTenant("USER")];
    const theirs = await rateOf(user, { name: "GST", percentage: "5", country: "CA" });
    expect(
      await staffActions.taxRateUpdate.run({ staffUserId: user.staffUserId }, user.brand_id, { tax_rate_id: theirs.tax_rate_id, percentage: "6" }),
    ).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect(listed("json", await ok(user, "json", "TaxRate/List"), "tax_rates")[0]).toMatchObject({ percentage: "5" });

    const mine = await rateOf(admin, { name: "PST", percentage: "7", country: "CA", state: "BC" });
    const edited = await staffActions.taxRateUpdate.run({ staffUserId: admin.staffUserId }, admin.brand_id, {
      tax_rate_id: mine.tax_rate_id,
      percentage: "7.5",
      inclusive: "Y",
    });
    expect(edited).toMatchObject({ ok: true, data: { name: "PST", percentage: "7.5", state: "BC", inclusive: "Y", reverse_charge: "N" } });
    // Another brand's rate is not found for this ADMIN.
    expect(
      await staffActions.taxRateUpdate.run({ staffUserId: admin.staffUserId }, admin.brand_id, { tax_rate_id: theirs.tax_rate_id, percentage: "1" }),
    ).toMatchObject({ ok: false });
    expect(listed("json", await ok(user, "json", "TaxRate/List"), "tax_rates")[0]).toMatchObject({ percentage: "5" });
  });
});

describe("the customer hub's tax status (ratesForAccount)", () => {
  it("names the rates an invoice would use now: stacked ones, reverse charged ones, none for an exempt account", async () => {
    const own = await makeTenant();
    await ok(own, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: own.brand_id, country: "US" } });
    const gst = await rateOf(own, { name: "GST", percentage: "5", country: "CA" });
    const pst = await rateOf(own, { name: "PST", percentage: "7", country: "CA", state: "BC" });
    const vat = await rateOf(own, { name: "MwSt", percentage: "19", country: "DE", reverse_charge: "Y" });
    await rateOf(own, { name: "QST", percentage: "9.975", country: "CA", state: "QC" });
    const ctx = await contextFromStaffSession(await getDb(), { staffUserId: own.staffUserId, brandId: own.brand_id });
    const of = async (accountId: string) => (await ratesForAccount(ctx, await taxAccount(ctx, accountId))).map((r) => [r.rate.id, r.reverseCharged]);
    expect(await of(await accountIn(own, "CA", { state: "BC" }))).toEqual([
      [gst.tax_rate_id, false],
      [pst.tax_rate_id, false],
    ]);
    expect(await of(await accountIn(own, "CA", { state: "ON" }))).toEqual([[gst.tax_rate_id, false]]);
    expect(await of(await accountIn(own, "DE", { tax_id: "DE123" }))).toEqual([[vat.tax_rate_id, true]]);
    expect(await of(await accountIn(own, "DE"))).toEqual([[vat.tax_rate_id, false]]);
    expect(await of(await accountIn(own, "CA", { state: "BC", tax_exempt: "Y", tax_exempt_reason: "Reseller" }))).toEqual([]);
  });
});
