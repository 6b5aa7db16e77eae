/**
 * The dashboard's customer account picker in real headless Chromium against the built server, in a
 * brand with more accounts than a select could offer (150 sort before the one sought): typing part
 * of a name finds it (a server action over the accounts list query), "no match" is said, arrows and
 * Enter choose, Escape closes, and the chosen account's id is what the form sends (an invoice made
 * for it). axe with the list open finds no serious or critical violation; screenshots at 1280 and
 * 375 px go to test-results/dashboard-forms/.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { type Browser, type Page } from "playwright-core";
import { type RunningApp } from "./support/server";
import { check as checkIn, createAccount, dashboardApi, signedInPage } from "./support/dashboard";
import { type Database } from "../db/client";
import { useApp } from "./support/setup";

const SHOTS = "test-results/dashboard-forms";
let app: RunningApp;
let browser: Browser;
let database: Database;
let base: string;
let zelda: string;

const api = (method: string, path: string, params: Record<string, string> = {}) => dashboardApi(app, method, path, params);

const account = async (first: string, last: string) => (await createAccount(app, first, last)).customer_account.customer_account_id as string;

const check = (page: Page, name: string) => checkIn(page, SHOTS, name);

const signedIn = (width: number, path: string) => signedInPage(browser, app, `${base}${path}`, `${base}${path}`, { width });

useApp({ shots: SHOTS, browser: true, database: true }, async (s) => {
  ({ app, browser, database } = s);
  base = `${app.baseUrl}/dashboard/${app.creds.brand_id}`;
  // 150 accounts that sort (by last name) before the one sought, copied in SQL from one made through the API.
  const template = await account("Aaron", "Aardvark");
  await database.db.execute(sql`
    insert into customer_accounts
    select (jsonb_populate_record(null::customer_accounts, to_jsonb(a) || jsonb_build_object(
      'id', gen_random_uuid(), 'last_name', 'Aardvark' || lpad(g::text, 3, '0'), 'email_address', 'aaron' || g || '@example.com'))).*
    from customer_accounts a, generate_series(1, 150) g where a.id = ${template}`);
  zelda = await account("Zelda", "Zimmermann");
});

describe("the customer account picker", () => {
  it("finds an account past the first hundred by typing part of its name, and the invoice is made for it", async () => {
    const { ctx, page, errors } = await signedIn(1280, "/invoices/new");
    const picker = page.getByRole("combobox", { name: "Customer" });
    const matches = page.getByRole("listbox", { name: "Matching accounts" }).getByRole("option");
    expect(await picker.getAttribute("aria-expanded")).toBe("false");

    // Nothing typed: arrow down lists the first accounts by name; the one sought is not among them.
    await picker.press("ArrowDown");
    await matches.first().waitFor();
    expect(await picker.getAttribute("aria-expanded")).toBe("true");
    // The live status says it (for a screen reader too).
    await page
      .getByRole("status")
      .filter({ hasText: /The first \d+ matches; type more/ })
      .waitFor();
    expect(await matches.filter({ hasText: "Zelda" }).count()).toBe(0);
    await picker.press("Escape");
    expect(await picker.getAttribute("aria-expanded")).toBe("false");

    // Nothing matches: said so.
    await picker.fill("qqq-nobody");
    await page.getByRole("status").filter({ hasText: "No active account matches “qqq-nobody”." }).waitFor();
    expect(await matches.count()).toBe(0);

    // Part of the name finds it; the list is a listbox of options, the first one active.
    await picker.fill("zimmer");
    const option = matches.filter({ hasText: "Zelda Zimmermann · zelda.zimmermann@example.com" });
    await option.waitFor();
    expect(await matches.count()).toBe(1);
    expect(await option.getAttribute("aria-selected")).toBe("true");
    expect(await picker.getAttribute("aria-activedescendant")).toBe(await option.getAttribute("id"));
    await check(page, "account-picker-open");

    // Enter chooses it (and does not submit the form); its id is the field's value.
    await picker.press("Enter");
    expect(await picker.getAttribute("aria-expanded")).toBe("false");
    expect(await picker.inputValue()).toBe("Zelda Zimmermann · zelda.zimmermann@example.com");
    expect(await page.locator('input[name="customer_account_id"]').inputValue()).toBe(zelda);
    expect(page.url()).toBe(`${base}/invoices/new`);

    const item = page.getByRole("group", { name: "Item 1" });
    await item.getByLabel("Name").fill("Consulting");
    await item.getByLabel("Price").fill("40.00");
    await page.getByRole("button", { name: "Create invoice" }).click();
    await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
    const invoiceId = page.url().split("/").pop()!;
    const [invoice] = (await api("GET", "Invoice/List", { customer_account_id: zelda })).invoices;
    expect(invoice.invoice_id).toBe(invoiceId);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);

  it("typing again replaces the choice; a form that needs an account says so on the field", async () => {
    const { ctx, page, errors } = await signedIn(1280, "/users/new");
    const picker = page.getByRole("combobox", { name: "Customer account" });
    await picker.fill("zelda zim");
    await page.getByRole("option", { name: /^Zelda Zimmermann/ }).click();
    expect(await page.locator('input[name="customer_account_id"]').inputValue()).toBe(zelda);
    await picker.fill("zelda zimX");
    expect(await page.locator('input[name="customer_account_id"]').inputValue()).toBe("");
    await page.getByLabel("First name").fill("Zed");
    await page.getByLabel("Last name").fill("User");
    await page.locator("#email_address").fill("zed.user@example.com");
    await page.getByRole("button", { name: "Create user" }).click();
    await expect.poll(() => page.locator("#customer_account_id-error").textContent()).toBeTruthy();
    expect(await picker.getAttribute("aria-invalid")).toBe("true");
    expect((await api("GET", "User/List", { customer_account_id: zelda })).users).toHaveLength(1); // the account's own user only
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);

  it("at 375 px: the list fits the screen and choosing from it works", async () => {
    const { ctx, page, errors } = await signedIn(375, "/notes/new");
    const picker = page.getByRole("combobox", { name: "Customer account" });
    await picker.fill("Zelda");
    const option = page.getByRole("option", { name: /^Zelda Zimmermann/ });
    await option.waitFor();
    await check(page, "account-picker-open");
    await option.click();
    expect(await page.locator('input[name="customer_account_id"]').inputValue()).toBe(zelda);
    await page.getByLabel("Subject").fill("Picked on a phone");
    await page.locator("#contents").fill("Chosen from 152 accounts.");
    await page.getByRole("button", { name: "Save note" }).click();
    await page.getByText("Chosen from 152 accounts.").waitFor();
    expect((await api("GET", "Note/List", { customer_account_id: zelda })).notes).toHaveLength(1);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);
});
