/**
 * Issue 33, tax where customers and staff read an invoice, against the built server: the portal's
 * invoice page shows a Tax section (each rate with its percentage, what it taxed and its tax; the
 * tax lines are not items) and both tax ids, at 1280 and 375 px; an exempt account's invoice says so
 * with its reason, a reverse charged one says "Reverse charge" with both tax ids, on the portal, in
 * the PDF and on the dashboard's invoice page; a refunded payment's credit note shows its tax.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { startApp, type RunningApp } from "./support/server";
import { CHROMIUM_ARGS, CHROMIUM_PATH, pdfText } from "./support/browser";
import { check, createAccount, dashboardApi, newContext, signedInPage } from "./support/dashboard";

const SHOTS = "test-results/portal-tax";

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp();
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const api = (path: string, params: Record<string, string>, method = "POST") => dashboardApi(app, method, path, params);
/** Text with every run of white space as one space. */
const words = (text: string) => text.replace(/\s+/g, " ");

const REVERSE_CHARGE = "Reverse charge: MwSt is accounted for by the customer. Customer tax ID DE123456789; seller tax ID US-987.";

/** A customer (with a user to sign in as) and a 100.00 invoice of theirs. */
async function invoiced(last: string, extra: Record<string, string>) {
  const account = await createAccount(app, "Tax", last, { city: "Town", ...extra });
  const accountId = account.customer_account.customer_account_id as string;
  const invoice = (
    await api("Invoice/Create", {
      customer_account_id: accountId,
      due_date: "12/31/2030",
      attached_items: JSON.stringify([{ item_name: "Consulting", item_price: "100.00", tax_exempt: "N" }]),
    })
  ).invoice;
  return { accountId, userId: account.user.user_id as string, invoice };
}

/** The customer's browser, signed in through a CreateToken link, at this width. */
async function portalAs(who: { accountId: string; userId: string }, width = 1280) {
  const token = await api("User/CreateToken", { customer_account_id: who.accountId, user_id: who.userId, expiration: "5" });
  const link = new URL(token.token.sign_in_url);
  const ctx = await newContext(browser, width);
  const page = await ctx.newPage();
  await page.goto(`${app.baseUrl}${link.pathname}${link.search}`);
  await page.waitForURL(/\/portal$/);
  return { ctx, page };
}

describe("tax on the portal, the PDF and the dashboard", () => {
  it("stacked rates as a Tax section with both tax ids; exemption and reverse charge stated; a credit note's tax", { timeout: 240_000 }, async () => {
    const brandId = app.creds.brand_id;
    await api("Brand/Update", { update_brand_id: brandId, country: "US", tax_id: "US-987" }, "PATCH");
    await api("TaxRate/Create", { name: "GST", percentage: "5", country: "CA" });
    await api("TaxRate/Create", { name: "PST", percentage: "7", country: "CA", state: "BC" });
    await api("TaxRate/Create", { name: "MwSt", percentage: "19", country: "DE", reverse_charge: "Y" });
    const taxed = await invoiced("Stacked", { country: "CA", state: "BC", tax_id: "CA-555" });
    const exempt = await invoiced("Exempt", { country: "CA", state: "BC", tax_exempt: "Y", tax_exempt_reason: "Registered charity" });
    const reverse = await invoiced("Reverse", { country: "DE", state: "BE", tax_id: "DE123456789" });
    expect(taxed.invoice).toMatchObject({ subtotal: "100.00", tax_total: "12.00", total: "112.00" });

    // The taxed invoice in the portal, wide and at phone width: the tax is a section, not an item.
    for (const width of [1280, 375]) {
      const { ctx, page } = await portalAs(taxed, width);
      await page.goto(`${app.baseUrl}/portal/invoices/${taxed.invoice.invoice_id}`);
      const section = page.getByRole("region", { name: "Tax" });
      await section.waitFor();
      const text = words(await section.innerText());
      for (const part of ["GST 5%", "PST 7%", "$100.00", "$5.00", "$7.00", "Seller tax ID US-987", "Your tax ID CA-555"]) expect(text, part).toContain(part);
      const items = words(await page.locator("table").first().innerText());
      expect(items).toContain("Subtotal $100.00");
      expect(items).toContain("Total $112.00");
      // One item row (Consulting): the tax lines are totals, not items.
      expect(await page.locator("table").first().locator("tbody tr").count()).toBe(1);
      await check(page, SHOTS, "portal-invoice-taxed");
      await ctx.close();
    }

    // Exempt and reverse charged: the portal page and the PDF say so.
    for (const [who, statement] of [
      [exempt, "Tax exempt: Registered charity"],
      [reverse, REVERSE_CHARGE],
    ] as const) {
      const { ctx, page } = await portalAs(who);
      await page.goto(`${app.baseUrl}/portal/invoices/${who.invoice.invoice_id}`);
      await page.getByRole("region", { name: "Tax" }).getByText(statement).waitFor();
      await check(page, SHOTS, `portal-invoice-${who === exempt ? "exempt" : "reverse-charge"}`);
      const pdf = await ctx.request.get(`${app.baseUrl}/portal/invoices/${who.invoice.invoice_id}/pdf`);
      expect(words(await pdfText(new Uint8Array(await pdf.body())))).toContain(statement);
      await ctx.close();
    }

    // A payment of the taxed invoice refunded: its credit note carries half of each tax (6.00 of 56.00).
    const paid = await api("Payment/Create", {
      customer_account_id: taxed.accountId,
      invoice_id: taxed.invoice.invoice_id,
      apply_to_prepaid_balance: "N",
      override_billing: "Y",
      amount: "56.00",
    });
    await api("Payment/Delete", { payment_id: paid.payment.payment_id, customer_account_id: taxed.accountId, invoice_id: taxed.invoice.invoice_id }, "DELETE");

    // The dashboard's invoice pages: the exemption stated, the credit note's tax among its figures.
    const staff = await signedInPage(browser, app, `${app.baseUrl}/dashboard/${brandId}/invoices/${exempt.invoice.invoice_id}`, /\/invoices\//);
    await staff.page.getByText("Tax exempt: Registered charity").waitFor();
    await staff.page.goto(`${app.baseUrl}/dashboard/${brandId}/invoices/${taxed.invoice.invoice_id}`);
    const credits = staff.page.getByRole("region", { name: "Credit notes against this invoice" });
    await credits.waitFor();
    expect(words(await credits.innerText())).toMatch(/\$56\.00 \$6\.00/);
    await check(staff.page, SHOTS, "dashboard-invoice-credit-tax");
    expect(staff.errors).toEqual([]);
    await staff.ctx.close();

    // The portal shows the credit note with the tax it includes.
    const { ctx, page } = await portalAs(taxed);
    await page.goto(`${app.baseUrl}/portal/invoices/${taxed.invoice.invoice_id}`);
    await page.getByText("incl. tax $6.00").waitFor();
    await ctx.close();
  });
});
