/**
 * A yen brand and a dinar brand end to end against the built server (issue 31): amounts go in and
 * come out of the API with the currency's own decimals (0 for JPY, 3 for KWD), and the portal's
 * invoice page, the invoice PDF, the dashboard's invoice page and its CSV export say the same
 * amounts in the same currency.
 */
import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { type Browser } from "playwright-core";
import { type RunningApp } from "./support/server";
import { pdfText } from "./support/browser";
import { dashboardApi, signedInPage } from "./support/dashboard";
import { useApp } from "./support/setup";

const SHOTS = "test-results/currencies";

let app: RunningApp;
let browser: Browser;
useApp({ shots: SHOTS, browser: true }, (s) => ({ app, browser } = s));

/** The API over HTTP in a brand of the test's service account. */
const api = (brandId: string, path: string, params: Record<string, string>, method = "POST") => dashboardApi(app, method, path, params, { brandId });

/** Text with every run of white space (Intl puts a no-break space after "KWD") as one space. */
const words = (text: string) => text.replace(/\s+/g, " ");

const CASES = [
  // The test's own brand switched to yen before it bills; a dinar brand made with its currency.
  { currency: "JPY", prices: ["2500", "300"], tooPrecise: "25.5", total: "2800", shown: "¥2,800" },
  { currency: "KWD", prices: ["12.345", "0.005"], tooPrecise: "1.2345", total: "12.350", shown: "KWD 12.350" },
] as const;

describe("brands billing in yen and in dinars", () => {
  for (const c of CASES) {
    it(`${c.currency}: the API, the portal, the PDF, the dashboard and the CSV agree to the minor unit`, { timeout: 180_000 }, async () => {
      const brandId =
        c.currency === "JPY"
          ? (await api(app.creds.brand_id, "Brand/Update", { update_brand_id: app.creds.brand_id, currency: "jpy" }, "PATCH")).brand.brand_id
          : (
              await api(app.creds.brand_id, "Brand/Create", {
                name: "Dinar Brand",
                logo_url: "https://example.com/logo.png",
                description: "Sells in dinars",
                currency: "KWD",
              })
            ).brand.brand_id;
      const account = await api(brandId, "Account/Create", {
        first_name: "Noor",
        last_name: c.currency,
        email_address: `noor-${c.currency.toLowerCase()}@example.com`,
        country: "US",
        locale: "en-US",
        timezone_id: "America/Chicago",
        skip_notification: "Y",
      });
      const accountId = account.customer_account.customer_account_id as string;
      const items = (...prices: string[]) => JSON.stringify(prices.map((p, i) => ({ item_name: `Item ${i + 1}`, item_price: p, tax_exempt: "N" })));

      // More decimals than the currency has is refused, naming the parameter.
      const refused = await dashboardApi(
        app,
        "POST",
        "Invoice/Create",
        { customer_account_id: accountId, due_date: "12/31/2030", attached_items: items(c.tooPrecise) },
        { brandId, expectOk: false },
      );
      // INVALID_PARAMETER is the API's 400 (docs/api.md).
      expect(refused.exception).toMatchObject({ code: "INVALID_PARAMETER", parameter: "attached_items" });
      const invoice = (await api(brandId, "Invoice/Create", { customer_account_id: accountId, due_date: "12/31/2030", attached_items: items(...c.prices) }))
        .invoice;
      expect(invoice.total).toBe(c.total);
      expect(invoice.currency).toBe(c.currency);
      const number = invoice.number as string;

      // The portal: the customer's invoice page and its PDF.
      const token = await api(brandId, "User/CreateToken", { customer_account_id: accountId, user_id: account.user.user_id, expiration: "5" });
      const link = new URL(token.token.sign_in_url);
      const customer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await customer.newPage();
      await page.goto(`${app.baseUrl}${link.pathname}${link.search}`);
      await page.waitForURL(/\/portal$/);
      await page.goto(`${app.baseUrl}/portal/invoices/${invoice.invoice_id}`);
      await page.getByRole("heading", { name: new RegExp(number) }).waitFor();
      await expect.poll(async () => words(await page.locator("main").innerText())).toContain(c.shown);
      await page.screenshot({ path: `${SHOTS}/portal-invoice-${c.currency}.png`, fullPage: true });
      const pdf = await customer.request.get(`${app.baseUrl}/portal/invoices/${invoice.invoice_id}/pdf`);
      expect(pdf.status()).toBe(200);
      const text = await pdfText(new Uint8Array(await pdf.body()));
      expect(text).toContain(number);
      expect(words(text)).toContain(c.shown);
      await customer.close();

      // The dashboard: the invoice page and the invoices' CSV (plain decimals and a currency column).
      const staff = await signedInPage(browser, app, `${app.baseUrl}/dashboard/${brandId}/invoices/${invoice.invoice_id}`, /\/invoices\//);
      await expect.poll(async () => words(await staff.page.locator("main").innerText())).toContain(c.shown);
      const csv = await (await staff.ctx.request.get(`${app.baseUrl}/dashboard/${brandId}/export/invoices`)).text();
      const rows = parse(csv, { columns: true }) as Record<string, string>[];
      expect(rows).toHaveLength(1);
      expect(rows[0].currency).toBe(c.currency);
      expect(rows[0].total).toBe(c.total);
      expect(staff.errors).toEqual([]);
      await staff.ctx.close();
    });
  }
});
