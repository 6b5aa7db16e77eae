/**
 * The brand overview in real headless Chromium against the built server: a brand opens on it; its
 * figures agree with what the API lists; the period picker keeps its choice in the URL; a figure
 * opens the list behind it. axe on each view (no serious or critical violation), screenshots at
 * 1280 and 375 px into test-results/dashboard/.
 */
import { describe, expect, it } from "vitest";
import { type Browser, type Page } from "playwright-core";
import { type RunningApp } from "./support/server";
import { axe, createAccount, dashboardApi } from "./support/dashboard";
import { useApp } from "./support/setup";

const SHOTS = "test-results/dashboard";
let app: RunningApp;
let browser: Browser;

const api = (method: string, path: string, params: Record<string, string> = {}, expectOk = true) => dashboardApi(app, method, path, params, { expectOk });

let accounts = 0;
const account = async () => (await createAccount(app, "Pat", `Customer${++accounts}`)).customer_account.customer_account_id as string;

/** M/D/YYYY, `days` from today (UTC, the brand's zone). */
const wireDate = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
};
const cents = (s: string) => Math.round(Number(s) * 100);
const usd = (c: number) => `$${(c / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

// Gateway credentials are sealed with the gateway key (npm start makes one; production sets it).
useApp({ env: { GATEWAY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") }, shots: SHOTS, browser: true }, (s) => ({ app, browser } = s));

/** Reads a figure's value by its label. */
const figure = (page: Page, label: string) =>
  page
    .getByRole("link")
    .filter({ has: page.getByText(label, { exact: true }) })
    .first();

describe("the brand overview", () => {
  it("opens on the brand, shows the figures the API agrees with, keeps the period in the URL and links to the lists", async () => {
    // A catalog, three subscriptions (one cancelled), an overdue and a partly paid invoice, a declined charge.
    await api("POST", "PayGateway/Create", {
      name: "Sandbox",
      gateway_provider: "sandbox",
      credentials_1: "sandbox-secret-key-0001",
      default_cc: "Y",
      default_ba: "Y",
    });
    const group = (await api("POST", "ProductGroup/Create", { name: "Streaming", description: "Plans" })).product_group.product_group_id;
    const product = (extra: Record<string, string>) =>
      api("POST", "Product/Create", {
        product_group_id: group,
        name: `Plan ${extra.recurring_price}`,
        description: "Plan",
        setup_fee: "0.00",
        trial: "N",
        auto_pay_discount: "N",
        prompt_for_variables: "N",
        tax_exempt: "N",
        ...extra,
      }).then((r) => r.product.product_id as string);
    const monthly = await product({ recurring_price: "29.00", expiration_interval: "30" });
    const quarterly = await product({ recurring_price: "75.00", expiration_interval: "90" });
    const subscribe = async (productId: string) =>
      (await api("POST", "Subscription/Create", { customer_account_id: await account(), product_id: productId, override_initial_billing: "Y", auto_pay: "N" }))
        .subscription.subscription_id as string;
    await subscribe(monthly);
    await subscribe(quarterly);
    await api("DELETE", "Subscription/Delete", { subscription_id: await subscribe(monthly) });
    const debtor = await account();
    const item = (price: string) => JSON.stringify([{ item_name: "Consulting", item_price: price, tax_exempt: "N" }]);
    await api("POST", "Invoice/Create", { customer_account_id: debtor, due_date: wireDate(-45), attached_items: item("120.00") });
    const partly = (await api("POST", "Invoice/Create", { customer_account_id: debtor, due_date: wireDate(10), attached_items: item("80.00") })).invoice
      .invoice_id;
    await api("POST", "Payment/Create", {
      customer_account_id: debtor,
      invoice_id: partly,
      apply_to_prepaid_balance: "N",
      override_billing: "Y",
      amount: "30.00",
    });
    const card = (
      await api("POST", "PayMethod/Create", {
        customer_account_id: debtor,
        pay_method_type: "CC",
        card_number: "4000000000000002",
        expiration_month: "12",
        expiration_year: "2035",
        require_verification: "N",
      })
    ).pay_method.pay_method_id;
    const declined = await api(
      "POST",
      "Payment/Create",
      { customer_account_id: debtor, invoice_id: partly, apply_to_prepaid_balance: "N", override_billing: "N", amount: "50.00", pay_method_id: card },
      false,
    );
    expect(declined.exception.code).toBe("PAYMENT_DECLINED");

    // What the API says, computed here: MRR per month of 365/12 days: 29.00 x 365/360 + 75.00 x 365/1080 = 54.75 exactly;
    // receivables 120.00 overdue + 50.00 not yet due.
    const subs = (await api("GET", "Subscription/List")).subscriptions as any[];
    const live = subs.filter((s) => Number(s.status) === 1);
    expect(live).toHaveLength(2);
    const mrr = Math.round(live.reduce((sum, s) => sum + (cents(s.next_renewal_amount) * 365) / 12 / (s.product_id === quarterly ? 90 : 30), 0));
    expect(mrr).toBe(5475);
    const invoices = (await api("GET", "Invoice/List")).invoices as any[];
    const outstanding = invoices.reduce((sum, i) => sum + cents(i.balance), 0);
    expect(outstanding).toBe(17000);

    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const base = `${app.baseUrl}/dashboard/${app.creds.brand_id}`;
    await page.goto(`${base}`);
    await page.waitForURL(/\/sign-in/);
    await page.getByLabel("Email").fill(app.staff.email);
    await page.getByLabel("Password").fill(app.staff.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // The brand's landing page is its overview, first in the navigation.
    await page.waitForURL(`${base}/overview`);
    await page.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
    expect(await page.locator("nav.nav a").first().textContent()).toBe("Overview");

    expect(await figure(page, "MRR").textContent()).toContain(usd(mrr));
    expect(await figure(page, "ARR").textContent()).toContain(usd(mrr * 12));
    expect(await figure(page, "Active subscriptions").textContent()).toContain("2");
    expect(await figure(page, "Churned").textContent()).toContain("1");
    expect(await figure(page, "New").textContent()).toContain("3");
    expect(await figure(page, "Failed payments").textContent()).toContain("$50.00");
    expect(await page.getByText("Outstanding").textContent()).toContain(usd(outstanding));
    expect(await page.getByRole("row", { name: /31–60 days/ }).textContent()).toContain("$120.00");
    expect(await page.getByRole("row", { name: /Not yet due/ }).textContent()).toContain("$50.00");
    // Renewals: the monthly one in 30 days (29.00); the quarterly one is 90 days away.
    expect(await figure(page, "Next 30 days").textContent()).toContain("$29.00");
    await page.locator(".recharts-surface").first().waitFor();
    const picker = (section: "Subscriptions" | "Revenue") => page.getByRole("navigation", { name: `${section} period` });
    expect(await picker("Subscriptions").getByRole("link", { name: "Last 30 days" }).getAttribute("aria-current")).toBe("page");
    expect(await picker("Revenue").getByRole("link", { name: "Last 30 days" }).getAttribute("aria-current")).toBe("page");
    await axe(page, "overview");
    await page.screenshot({ path: `${SHOTS}/overview-1280.png`, fullPage: true });

    // Each section's period is in the URL, apart: a bookmark opens both; the monthly table shows one row per month.
    await picker("Revenue").getByRole("link", { name: "Last 12 months" }).click();
    await page.waitForURL(/revenue=12m/);
    await expect.poll(() => picker("Revenue").getByRole("link", { name: "Last 12 months" }).getAttribute("aria-current")).toBe("page");
    await expect.poll(() => page.locator("table").first().locator("tbody tr").count()).toBe(12);
    await picker("Subscriptions").getByRole("link", { name: "Last 90 days" }).click();
    await page.waitForURL(/movement=90d/);
    expect(new URL(page.url()).searchParams.get("revenue")).toBe("12m");
    await page.goto(page.url());
    expect(await picker("Revenue").getByRole("link", { name: "Last 12 months" }).getAttribute("aria-current")).toBe("page");
    expect(await picker("Subscriptions").getByRole("link", { name: "Last 90 days" }).getAttribute("aria-current")).toBe("page");
    await axe(page, "overview, 12 months");
    await page.screenshot({ path: `${SHOTS}/overview-12m-1280.png`, fullPage: true });

    // A figure opens the list of exactly its records: the list's total is the figure.
    const listTotal = async () => {
      const status = page.locator(".table-pager [role=status]");
      await status.waitFor();
      const text = (await status.textContent()) ?? "";
      return text.includes("No results") ? 0 : Number(/of (\d+)/.exec(text)![1]);
    };
    /** The figure's count as the overview shows it (its value, or "N declined charges" for failed payments). */
    const shownCount = async (label: string) => {
      const text = (await figure(page, label).textContent()) ?? "";
      return Number((label === "Failed payments" ? /([\d,]+) declined/.exec(text)![1] : text.replace(label, "").match(/[\d,]+/)![0]).replace(/,/g, ""));
    };
    const opens = async (label: string, list: RegExp) => {
      const count = await shownCount(label);
      await figure(page, label).click();
      await page.waitForURL(list);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await listTotal(), label).toBe(count);
      await page.goBack();
      await page.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
      return count;
    };
    expect(await opens("Failed payments", /\/payments\?status=failed&created_from=/)).toBe(1);
    expect(await opens("Active subscriptions", /\/subscriptions\?status=1&trial=N/)).toBe(2);
    expect(await opens("Churned", /\/subscriptions\?ended_from=/)).toBe(1);
    expect(await opens("New", /\/subscriptions\?created_from=.*returning=N/)).toBe(3);
    // A receivables bucket opens the invoices past due that long, with the filter shown in the toolbar.
    await page
      .getByRole("row", { name: /31–60 days/ })
      .getByRole("link")
      .click();
    await page.waitForURL(/\/invoices\?age=31-60/);
    expect(await page.getByLabel("Past due").inputValue()).toBe("31-60");
    expect(await listTotal()).toBe(1);
    await axe(page, "invoices past due 31-60 days");
    await page.screenshot({ path: `${SHOTS}/overview-to-invoices-1280.png`, fullPage: true });
    await page.goBack();
    await figure(page, "Churned").click();
    await page.waitForURL(/ended_from=/);
    await page.getByRole("group", { name: "Ended" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/overview-to-subscriptions-1280.png`, fullPage: true });

    // Narrow screens: the figures wrap, nothing runs off the side.
    const narrow = await browser.newContext({ viewport: { width: 375, height: 780 } });
    await narrow.addCookies(await ctx.cookies());
    const small = await narrow.newPage();
    small.on("pageerror", (e) => errors.push(e.message));
    await small.goto(`${base}/overview?period=90d`);
    const narrowList = await narrow.newPage();
    await small.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
    await small.locator(".recharts-surface").first().waitFor();
    // The bars are drawn at once (no animation), at this width too.
    await small.locator(".recharts-bar-rectangle").first().waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await axe(small, "overview at 375 px");
    await small.screenshot({ path: `${SHOTS}/overview-375.png`, fullPage: true });
    // The filtered list at 375 px: the toolbar's filters wrap.
    await narrowList.goto(`${base}/subscriptions?ended_from=2020-01-01&ended_to=2030-12-31`);
    await narrowList.getByRole("group", { name: "Ended" }).waitFor();
    expect(await narrowList.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await narrowList.screenshot({ path: `${SHOTS}/overview-list-375.png`, fullPage: true });
    expect(errors).toEqual([]);
    await narrow.close();
    await ctx.close();
  }, 120_000);

  it("an unknown period falls back to the default; an empty brand shows zeros, not an error", async () => {
    const other = (await api("POST", "Brand/Create", { name: "Empty Brand", description: "Nothing yet", logo_url: "https://example.com/logo.png" })).brand
      .brand_id;
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${app.baseUrl}/dashboard/${other}/overview?period=nonsense`);
    await page.waitForURL(/\/sign-in/);
    await page.getByLabel("Email").fill(app.staff.email);
    await page.getByLabel("Password").fill(app.staff.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/overview/);
    await page.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
    expect(await page.getByRole("navigation", { name: "Revenue period" }).getByRole("link", { name: "Last 30 days" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(await figure(page, "MRR").textContent()).toContain("$0.00");
    // Charts of nothing but zeros (an axis of "$0" ticks) give way to a sentence.
    await page.getByText("Nothing was invoiced or collected in this period.").waitFor();
    await page.getByText("Nothing is past due.").waitFor();
    expect(await page.locator(".recharts-surface").count()).toBe(0);
    await axe(page, "overview (empty brand)");
    await page.screenshot({ path: `${SHOTS}/overview-empty-1280.png`, fullPage: true });
    await ctx.close();
  }, 60_000);
});
