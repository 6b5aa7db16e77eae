/**
 * Tax in the dashboard (issue 33), in headless Chromium against the built server: an ADMIN adds a
 * tax rate on the Tax rates page (the form is TaxRate/Create's), an invoice for a customer of that
 * country shows its subtotal, tax and the Tax section on its page, and the rate is archived behind a
 * confirmation; a USER is told only an ADMIN may change rates. axe on each page.
 */
import { describe, expect, it } from "vitest";
import { type Browser } from "playwright-core";
import { type RunningApp } from "./support/server";
import { axe, createAccount, createStaffUser, dashboardApi, signedInPage } from "./support/dashboard";
import { type Database } from "../db/client";
import { useApp } from "./support/setup";

let app: RunningApp;
let browser: Browser;
let database: Database;

const signedIn = (email: string, password: string) =>
  signedInPage(browser, app, `${app.baseUrl}/sign-in`, /\/dashboard\/[0-9a-f-]{36}\/overview/, { email, password });

useApp({ browser: true, database: true }, (s) => ({ app, browser, database } = s));

describe("tax rates and taxed invoices", () => {
  it("an ADMIN adds a rate, an invoice shows its tax, and the rate is archived", async () => {
    const { ctx, page, errors } = await signedIn(app.staff.email, app.staff.password);
    const base = `${app.baseUrl}/dashboard/${app.creds.brand_id}`;
    await page.getByRole("link", { name: "Tax rates" }).first().click();
    await page.waitForURL(/\/tax-rates$/);
    await page.getByRole("heading", { name: "Tax rates", level: 1 }).waitFor();
    await axe(page, "Tax rates");
    await page.getByRole("link", { name: "New tax rate" }).click();
    await page.waitForURL(/\/tax-rates\/new$/);
    await page.getByLabel("Name").fill("Island VAT");
    await page.getByLabel("Percentage").fill("8.875");
    await page.getByLabel("Country").fill("IS");
    await axe(page, "New tax rate");
    await page.getByRole("button", { name: "Create tax rate" }).click();
    await page.waitForURL(/\/tax-rates$/);
    const row = page.getByRole("row", { name: /Island VAT/ });
    await row.waitFor();
    expect(await row.textContent()).toContain("8.875%");

    const account = (await createAccount(app, "Tax", "Islander", { country: "IS", city: "Reykjavik", state: "RV" })).customer_account.customer_account_id;
    const invoice = (
      await dashboardApi(app, "POST", "Invoice/Create", {
        customer_account_id: account,
        due_date: "12/31/2030",
        attached_items: JSON.stringify([{ item_name: "Boat tour", item_price: "10.00", tax_exempt: "N" }]),
      })
    ).invoice;
    expect(invoice).toMatchObject({ subtotal: "10.00", tax_total: "0.89", total: "10.89" });
    await page.goto(`${base}/invoices/${invoice.invoice_id}`);
    await page.getByRole("heading", { name: "Tax", level: 2 }).waitFor();
    const taxes = page.getByRole("region", { name: "Taxes of this invoice" });
    expect(await taxes.textContent()).toContain("Island VAT");
    expect(await page.getByRole("heading", { name: "Lines (1)" }).count()).toBe(1);
    await axe(page, "Taxed invoice");

    await page.goto(`${base}/tax-rates`);
    await page.getByRole("button", { name: "Archive Island VAT" }).click();
    await page.getByRole("button", { name: "Archive tax rate" }).click();
    await expect.poll(() => page.getByRole("row", { name: /Island VAT/ }).count(), { timeout: 20_000 }).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);

  it("a USER sees the rates but is told only an ADMIN may change them", async () => {
    const user = await createStaffUser(database, app, "USER");
    const { ctx, page } = await signedIn(user.email, user.password);
    await page.goto(`${app.baseUrl}/dashboard/${app.creds.brand_id}/tax-rates/new`);
    await page.getByText("Only an ADMIN staff user can add or change tax rates").waitFor();
    expect(await page.getByRole("button", { name: "Create tax rate" }).count()).toBe(0);
    await ctx.close();
  }, 60_000);
});
