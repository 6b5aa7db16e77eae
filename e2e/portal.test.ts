/** The Customer Facing Portal in real Chromium against the built server: sign-in, overview, invoices, subscriptions, sign-out. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { getDb } from "../db/client";
import { ensureDemoCustomer, type DemoCustomer } from "../lib/platform/demo-customer";
import { startApp, type RunningApp } from "./support/server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/browser";
import { startFakeSmsProvider } from "../tests/support/fake-sms";
import { PORTAL_PASSWORD, callApi, expectAccessible, fitsScreen, newCustomer as makeCustomer, passwordSignIn as signInWithPassword } from "./support/portal";

const PASSWORD = PORTAL_PASSWORD;
const SHOTS = "test-results/portal";

let app: RunningApp;
let browser: Browser;
let demo: DemoCustomer;
let demoEmail: string;
let neighbourInvoiceId: string;
let sms: Awaited<ReturnType<typeof startFakeSmsProvider>>;

const api = (path: string, params: Record<string, string>, method = "POST") => callApi(app, path, params, method);
const newCustomer = (tag: string, extra: Record<string, string> = {}) => makeCustomer(app, tag, extra);

/** A CreateToken link, pointed at the test server (the link carries PUBLIC_URL's origin). */
async function signInLink(customerAccountId: string, userId: string, redirect?: string) {
  const body = await api("User/CreateToken", {
    customer_account_id: customerAccountId,
    user_id: userId,
    expiration: "5",
    ...(redirect ? { cfp_redirect: redirect } : {}),
  });
  const link = new URL(body.token.sign_in_url);
  return `${app.baseUrl}${link.pathname}${link.search}`;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const passwordSignIn = (context: BrowserContext, login: string, password = PASSWORD) => signInWithPassword(app, context, login, password);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  sms = await startFakeSmsProvider();
  app = await startApp(sms.env);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  demo = await ensureDemoCustomer(await getDb(), app.creds.brand_id);
  await api("User/Update", { user_id: demo.userId, access_level: "ADMIN", password: PASSWORD }, "PATCH");
  demoEmail = "customer@demo.example";
  const neighbour = await newCustomer("Neighbour");
  neighbourInvoiceId = (
    await api("Invoice/Create", {
      customer_account_id: neighbour.accountId,
      due_date: "12/31/2030",
      attached_items: '[{"item_name":"Not yours","item_price":"10.00","tax_exempt":"N"}]',
    })
  ).invoice.invoice_id;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await sms?.close();
});

describe("Customer Facing Portal", { timeout: 180_000 }, () => {
  it("a CreateToken link signs in once and follows its portal redirect; overview, invoices, an invoice, subscriptions, sign-out", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const link = await signInLink(demo.customerAccountId, demo.userId, "invoices");
    await page.goto(link);
    await page.waitForURL(/\/portal\/invoices$/);
    await page.getByRole("heading", { name: "Invoices" }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === "portal_session")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false, path: "/portal" });
    expect(await page.getByRole("row").count()).toBe(3); // header + 2 invoices
    await expectAccessible(page, "invoices");
    await shot(page, "invoices-1280");

    // The same link again, in another browser: refused, on the brand's sign-in page.
    const other = await browser.newContext();
    const again = await other.newPage();
    await again.goto(link);
    await again.waitForURL(/\/portal\/login\?/);
    await again.getByText("This sign-in link has expired or was already used").waitFor();
    expect(await again.getByLabel("Email address or username").count()).toBe(1);
    await shot(again, "link-refused-1280");
    await other.close();

    // Overview
    await page.getByRole("link", { name: "Overview" }).click();
    await page.getByRole("heading", { name: "Hello, Dana" }).waitFor();
    await expect.poll(() => page.locator(".p-stat").first().textContent()).toBe("$56.00");
    await page.getByRole("link", { name: "Demo Plus monthly" }).first().waitFor();
    expect(await page.getByText("$24.99").count()).toBeGreaterThan(0);
    await expectAccessible(page, "overview");
    await shot(page, "overview-1280");

    // Ask support (a portal action): an empty message is refused on its field, then the ticket opens.
    await page.getByText("Ask support a question").click();
    await page.getByLabel("Subject").fill("Where is my receipt?");
    await page.getByRole("button", { name: "Send to support" }).click();
    await page.locator(".message-error").waitFor();
    await page.getByLabel("Message").fill("Please send me the receipt for my last payment.");
    await page.getByRole("button", { name: "Send to support" }).click();
    await page.getByText("Thanks, we got your message").waitFor();
    await page.getByText("Where is my receipt?").waitFor();
    await expectAccessible(page, "overview with the support form");

    // An invoice: its lines and payments
    await page.getByRole("link", { name: "Invoices" }).click();
    await page.getByRole("heading", { name: "Invoices" }).waitFor();
    await page
      .getByRole("row", { name: /Unpaid/ })
      .getByRole("link")
      .click();
    await page.getByRole("heading", { name: /^Invoice [A-Z0-9]+-\d{6}/ }).waitFor();
    await page.getByRole("cell", { name: "Onboarding session" }).waitFor();
    await page.getByText("No payments yet").waitFor();
    await expectAccessible(page, "invoice");
    await shot(page, "invoice-1280");

    // Subscriptions and one subscription
    await page.getByRole("link", { name: "Subscriptions" }).click();
    await page.getByRole("heading", { name: "Subscriptions" }).waitFor();
    await expectAccessible(page, "subscriptions");
    await shot(page, "subscriptions-1280");
    await page.getByRole("link", { name: "Demo Plus monthly" }).click();
    await page.getByRole("heading", { name: /Demo Plus monthly/ }).waitFor();
    await page.getByText("Next renewal").waitFor();
    await expectAccessible(page, "subscription");
    await shot(page, "subscription-1280");

    // Another customer's invoice by its id: not found.
    const res = await page.goto(`${app.baseUrl}/portal/invoices/${neighbourInvoiceId}`);
    expect(res!.status()).toBe(404);
    await page.getByRole("heading", { name: "Not found" }).waitFor();
    expect(await page.getByText("Not yours").count()).toBe(0);
    const junk = await page.goto(`${app.baseUrl}/portal/invoices/not-an-id`);
    expect(junk!.status()).toBe(404);

    // Sign out: back to the brand's sign-in page, and the portal asks to sign in again.
    await page.goto(`${app.baseUrl}/portal`);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.waitForURL(/\/portal\/login\?/);
    await page.getByText("You have signed out.").waitFor();
    await page.goto(`${app.baseUrl}/portal/invoices`);
    await page.waitForURL(/\/portal\/login/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("password sign-in: a wrong password shows an error, the right one signs in; open redirects are refused", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await passwordSignIn(context, demoEmail, "not the password");
    await page
      .getByRole("alert")
      .filter({ hasText: "We couldn't sign you in" })
      .waitFor({ timeout: 10_000 })
      .catch(async (err) => {
        await shot(page, "debug-sign-in-error");
        throw err;
      });
    await expectAccessible(page, "sign-in with an error");
    await shot(page, "sign-in-error-1280");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Hello, Dana" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/portal");
    await context.close();

    // A link whose redirect points elsewhere lands in the portal.
    const evil = await browser.newContext();
    const p2 = await evil.newPage();
    const link = await signInLink(demo.customerAccountId, demo.userId);
    await p2.goto(`${link}&redirect=${encodeURIComponent("https://evil.example/steal")}`);
    await p2.getByRole("heading", { name: "Hello, Dana" }).waitFor();
    expect(new URL(p2.url()).origin).toBe(app.baseUrl);
    await evil.close();
  });

  it("two-step verification: after the password, a code by SMS; a wrong code is refused, the right one signs in", async () => {
    const customer = await newCustomer("Twostep", { phone_number_country_code: "1", phone_number: "555-010-0199" });
    await api("User/Update", { user_id: customer.userId, access_level: "ADMIN", verified: "Y" }, "PATCH");
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await passwordSignIn(context, customer.email);
    await page.getByRole("heading", { name: "Verify it's you" }).waitFor();
    await page.getByText("by text message").waitFor();
    expect(await context.cookies().then((c) => c.some((x) => x.name === "portal_session" && x.value))).toBe(false);
    await page.getByLabel("Verification code").fill("000000");
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "That code isn't right" }).waitFor();
    await expectAccessible(page, "verify");
    await shot(page, "verify-error-1280");
    const code = sms.lastTextedCode();
    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await page.getByRole("heading", { name: "Hello, Pat" }).waitFor();
    await context.close();
  });

  it("a suspended account's session is refused at once", async () => {
    const customer = await newCustomer("Suspended");
    const context = await browser.newContext();
    const page = await passwordSignIn(context, customer.email);
    await page.getByRole("heading", { name: "Hello, Pat" }).waitFor();
    await page.getByText("You're all paid up.").waitFor(); // empty states
    await page.getByText("No active subscriptions").waitFor();
    await api("Account/Suspend", { customer_account_id: customer.accountId }, "PATCH");
    await page.reload();
    await page.waitForURL(/\/portal\/login\?/);
    await page.getByText("Your session has ended").waitFor();
    await context.close();
  });

  it("at 375 px: sign-in, overview, invoices and an invoice fit the screen", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const login = await context.newPage();
    await login.goto(`${app.baseUrl}/portal/login?brand=${app.creds.brand_id}`);
    await login.getByLabel("Password").waitFor();
    await expectAccessible(login, "sign-in");
    await shot(login, "sign-in-375");
    await login.close();
    const page = await passwordSignIn(context, demoEmail);
    await page.getByRole("heading", { name: "Hello, Dana" }).waitFor();
    // Nothing wider than the screen: neither the page nor a table inside its scrolling wrapper.
    const fits = () => fitsScreen(page);
    expect(await fits()).toBe(true);
    await shot(page, "overview-375");
    await page.getByRole("link", { name: "Invoices" }).click();
    await page.getByRole("heading", { name: "Invoices" }).waitFor();
    await shot(page, "invoices-375");
    expect(await fits()).toBe(true);
    await page
      .getByRole("row", { name: /Unpaid/ })
      .getByRole("link")
      .click();
    await page.getByRole("cell", { name: /Onboarding session/ }).waitFor();
    expect(await fits()).toBe(true);
    await expectAccessible(page, "invoice at 375");
    await shot(page, "invoice-375");
    await page.getByRole("link", { name: "Subscriptions" }).click();
    await page.getByRole("heading", { name: "Subscriptions" }).waitFor();
    await shot(page, "subscriptions-375");
    expect(await fits()).toBe(true);
    await context.close();
  });
});
