/**
 * Tax in the dashboard (issue 33), in headless Chromium against the built server: an ADMIN adds a
 * tax rate on the Tax rates page (the form is TaxRate/Create's), an invoice for a customer of that
 * country shows its subtotal, tax and the Tax section on its page, the customer hub shows the
 * account's tax status, the overview's Tax collected table and its CSV export agree with the invoice,
 * the rate is edited (TaxRate/Update's form) and archived behind a confirmation; a USER is told only
 * an ADMIN may change rates. axe on each page; screenshots at 1280 and 375 px into test-results/dashboard/.
 */
import { describe, expect, it } from "vitest";
import { type Browser } from "playwright-core";
import { type RunningApp } from "./support/server";
import { axe, createAccount, createStaffUser, dashboardApi, signedInPage } from "./support/dashboard";
import { type Database } from "../db/client";
import { useApp } from "./support/setup";

const SHOTS = "test-results/dashboard";
let app: RunningApp;
let browser: Browser;
let database: Database;

const signedIn = (email: string, password: string) =>
  signedInPage(browser, app, `${app.baseUrl}/sign-in`, /\/dashboard\/[0-9a-f-]{36}\/overview/, { email, password });

useApp({ shots: SHOTS, browser: true, database: true }, (s) => ({ app, browser, database } = s));

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

    // The customer hub: the account's tax status, and the rate that applies to it.
    await page.goto(`${base}/accounts/${account}`);
    const status = page.getByRole("region", { name: "Tax", exact: true });
    await status.waitFor();
    const statusText = (await status.textContent()) ?? "";
    expect(statusText).toContain("Tax exemptNo");
    expect(statusText).toContain("IS · RV");
    expect(statusText).toContain("Island VAT 8.875%");
    await axe(page, "Customer hub, tax status");
    await page.screenshot({ path: `${SHOTS}/hub-tax-1280.png`, fullPage: true });

    // The overview: tax collected this month by rate, the CSV the same rows, revenue net of tax.
    await page.goto(`${base}/overview?revenue=month`);
    const collected = page.getByRole("region", { name: "Tax collected" });
    await page.getByRole("heading", { name: "Tax collected", level: 2 }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/overview-tax-1280.png`, fullPage: true });
    const taxRow = collected.getByRole("row", { name: /Island VAT/ });
    await taxRow.waitFor({ timeout: 10_000 });
    expect(await taxRow.textContent()).toMatch(/Island VAT 8\.875%1\$10\.00\$0\.89/);
    expect(await collected.getByRole("row", { name: /Total/ }).textContent()).toContain("$0.89");
    expect(await page.getByText("Net of tax", { exact: false }).first().textContent()).toContain("$10.00");
    const exportHref = await collected.getByRole("link", { name: /Export CSV/ }).getAttribute("href");
    expect(exportHref).toMatch(/\/export\/tax-collected\?period=month$/);
    const csv = await (await page.request.get(new URL(exportHref!, app.baseUrl).toString())).text();
    const [header, ...lines] = csv.trim().split("\n");
    expect(header).toBe("month,tax_rate_id,name,percentage,inclusive,reverse_charge,invoices,taxed_amount,tax,currency");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d{4}-\d{2},[0-9a-f-]{36},Island VAT,8\.875,N,N,1,10\.00,0\.89,USD$/);
    await axe(page, "Overview with tax collected");
    await page.screenshot({ path: `${SHOTS}/overview-tax-1280.png`, fullPage: true });
    const narrow = await browser.newContext({ viewport: { width: 375, height: 780 } });
    await narrow.addCookies(await ctx.cookies());
    const small = await narrow.newPage();
    for (const [path, shot] of [
      [`${base}/overview?revenue=month`, "overview-tax-375"],
      [`${base}/accounts/${account}`, "hub-tax-375"],
    ]) {
      await small.goto(path);
      await small.getByRole("heading", { level: 1 }).waitFor();
      await small.waitForLoadState("networkidle");
      // The charts size themselves once drawn: measure after they settle.
      await expect.poll(() => small.evaluate(() => document.documentElement.scrollWidth), { message: shot }).toBeLessThanOrEqual(375);
      await small.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
    }
    await narrow.close();

    // Editing a rate: the form is TaxRate/Update's, with the rate's values; only later invoices use the change.
    await page.goto(`${base}/tax-rates`);
    await page.getByRole("link", { name: "Edit Island VAT" }).click();
    await page.waitForURL(/\/tax-rates\/[0-9a-f-]{36}\/edit$/);
    expect(await page.getByLabel("Percentage").inputValue()).toBe("8.875");
    expect(await page.getByLabel("Country").inputValue()).toBe("IS");
    await page.getByLabel("Percentage").fill("10");
    await axe(page, "Edit tax rate");
    await page.screenshot({ path: `${SHOTS}/tax-rate-edit-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL(/\/tax-rates$/);
    await expect.poll(() => page.getByRole("row", { name: /Island VAT/ }).textContent()).toContain("10%");
    const kept = (await dashboardApi(app, "GET", "Invoice/List", { invoice_id: invoice.invoice_id })).invoices[0];
    expect(kept).toMatchObject({ tax_total: "0.89", total: "10.89" });

    await page.getByRole("button", { name: "Archive Island VAT" }).click();
    await page.getByRole("button", { name: "Archive tax rate" }).click();
    await expect.poll(() => page.getByRole("row", { name: /Island VAT/ }).count(), { timeout: 20_000 }).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 240_000);

  it("a USER sees the rates but is told only an ADMIN may change them", async () => {
    const user = await createStaffUser(database, app, "USER");
    const { ctx, page } = await signedIn(user.email, user.password);
    await page.goto(`${app.baseUrl}/dashboard/${app.creds.brand_id}/tax-rates/new`);
    await page.getByText("Only an ADMIN staff user can add or change tax rates").waitFor();
    expect(await page.getByRole("button", { name: "Create tax rate" }).count()).toBe(0);
    const rate = (await dashboardApi(app, "POST", "TaxRate/Create", { name: "Read-only VAT", percentage: "5", country: "NO" })).tax_rate;
    await page.goto(`${app.baseUrl}/dashboard/${app.creds.brand_id}/tax-rates`);
    await page.getByRole("row", { name: /Read-only VAT/ }).waitFor();
    expect(await page.getByRole("link", { name: "Edit Read-only VAT" }).count()).toBe(0);
    await page.goto(`${app.baseUrl}/dashboard/${app.creds.brand_id}/tax-rates/${rate.tax_rate_id}/edit`);
    await page.getByText("Only an ADMIN staff user can add or change tax rates").waitFor();
    expect(await page.getByRole("button", { name: "Save changes" }).count()).toBe(0);
    await ctx.close();
  }, 60_000);
});
