/**
 * Signing out ends the session on the server (issue 28 item 3), in real Chromium against the built
 * server: a copy of the cookie taken before signing out is refused after it, in the dashboard and in
 * the portal; another session of the same user stands through a normal sign-out; "Sign out
 * everywhere" (the dashboard's Security page, the portal's Account page, behind a confirmation)
 * ends every session of the user, the one it was pressed in included. Screenshots at 1280 and 375 px
 * go to test-results/sign-out/.
 */
import { describe, expect, it } from "vitest";
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { type RunningApp } from "./support/server";
import { check, signedInPage } from "./support/dashboard";
import { expectAccessible, fitsScreen, newCustomer, passwordSignIn } from "./support/portal";
import { useApp } from "./support/setup";

const SHOTS = "test-results/sign-out";

let app: RunningApp;
let browser: Browser;
useApp({ shots: SHOTS, browser: true }, (s) => ({ app, browser } = s));

/** A new browser holding a copy of `from`'s cookies (what a thief who copied the cookie would have). */
async function copyOf(from: BrowserContext, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 780 } });
  await context.addCookies(await from.cookies());
  return context;
}

/** Where a page opened in `context` at `path` ends up (after any redirect to sign-in). */
async function landsOn(context: BrowserContext, path: string) {
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}${path}`);
  await page.locator("h1").first().waitFor();
  const url = new URL(page.url());
  await page.close();
  return url.pathname;
}

describe("dashboard", () => {
  const brandPath = () => `/dashboard/${app.creds.brand_id}`;
  const home = () => `${brandPath()}/overview`;
  const signIn = async (width = 1280) => (await signedInPage(browser, app, `${app.baseUrl}${home()}`, /\/overview$/, { width, waitForSignIn: true })).page;

  it("a copy of the cookie is refused after Sign out; another session of the user stands", { timeout: 120_000 }, async () => {
    const laptop = await signIn();
    const phone = await signIn();
    const copied = await copyOf(laptop.context());
    expect(await landsOn(copied, home()), "the copy works while the session stands").toBe(home());
    await laptop.getByRole("button", { name: "Sign out", exact: true }).click();
    await laptop.waitForURL(/\/sign-in/);
    expect(await landsOn(copied, home()), "the copy is refused after sign-out").toBe("/sign-in");
    expect(await landsOn(phone.context(), home()), "the user's other session stands").toBe(home());
    for (const c of [laptop.context(), phone.context(), copied]) await c.close();
  });

  it("Sign out everywhere on the Security page asks first, then ends every session, this one included", { timeout: 120_000 }, async () => {
    const laptop = await signIn();
    const phone = await signIn(375);
    const copied = await copyOf(laptop.context());
    await phone.goto(`${app.baseUrl}${brandPath()}/security`);
    await phone.getByRole("heading", { name: "Sessions" }).waitFor();
    await check(phone, SHOTS, "dashboard-security");
    await laptop.goto(`${app.baseUrl}${brandPath()}/security`);
    await laptop.getByRole("heading", { name: "Sessions" }).waitFor();
    await check(laptop, SHOTS, "dashboard-security");
    await laptop.getByRole("button", { name: "Sign out everywhere" }).click();
    const dialog = laptop.getByRole("dialog", { name: "Sign out everywhere?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await laptop.screenshot({ path: `${SHOTS}/dashboard-sign-out-everywhere-confirm-1280.png` });
    // Cancelling changes nothing.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await landsOn(phone.context(), home())).toBe(home());
    await laptop.getByRole("button", { name: "Sign out everywhere" }).click();
    await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
    await laptop.waitForURL(/\/sign-in\?signed_out=everywhere/);
    await laptop.getByText("You have signed out on every computer and browser.").waitFor();
    await check(laptop, SHOTS, "dashboard-signed-out-everywhere");
    expect(await landsOn(phone.context(), home()), "the other session ended").toBe("/sign-in");
    expect(await landsOn(copied, home()), "a copy of this one's cookie ended").toBe("/sign-in");
    expect(await landsOn(laptop.context(), home()), "this browser").toBe("/sign-in");
    // Signing in again works at once.
    const again = await signIn();
    expect(await landsOn(again.context(), home())).toBe(home());
    for (const c of [laptop.context(), phone.context(), copied, again.context()]) await c.close();
  });
});

describe("portal", () => {
  const signIn = async (login: string, width = 1280): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 812 } });
    const page = await passwordSignIn(app, context, login);
    await page.waitForURL((u) => u.pathname === "/portal");
    return page;
  };

  it("a copy of the cookie is refused after Sign out; another session of the user stands", { timeout: 120_000 }, async () => {
    const { username } = await newCustomer(app, "Copy");
    const laptop = await signIn(username);
    const phone = await signIn(username);
    const copied = await copyOf(laptop.context());
    expect(await landsOn(copied, "/portal/invoices"), "the copy works while the session stands").toBe("/portal/invoices");
    await laptop.getByRole("button", { name: "Sign out", exact: true }).click();
    await laptop.waitForURL(/\/portal\/login/);
    expect(await landsOn(copied, "/portal/invoices"), "the copy is refused after sign-out").toBe("/portal/login");
    expect(await landsOn(phone.context(), "/portal/invoices"), "the user's other session stands").toBe("/portal/invoices");
    for (const c of [laptop.context(), phone.context(), copied]) await c.close();
  });

  it("Sign out everywhere on the Account page asks first, then ends every session, this one included", { timeout: 120_000 }, async () => {
    const { username } = await newCustomer(app, "Everywhere");
    const laptop = await signIn(username);
    const phone = await signIn(username, 375);
    const copied = await copyOf(laptop.context());
    await phone.goto(`${app.baseUrl}/portal/account`);
    await phone.getByRole("heading", { name: "Where you are signed in" }).waitFor();
    expect(await fitsScreen(phone), "the account page fits 375 px").toBe(true);
    await expectAccessible(phone, "portal account at 375");
    await phone.screenshot({ path: `${SHOTS}/portal-account-375.png`, fullPage: true });
    await laptop.goto(`${app.baseUrl}/portal/account`);
    await laptop.getByRole("heading", { name: "Where you are signed in" }).waitFor();
    await expectAccessible(laptop, "portal account at 1280");
    await laptop.screenshot({ path: `${SHOTS}/portal-account-1280.png`, fullPage: true });
    await laptop.getByRole("button", { name: "Sign out everywhere" }).click();
    const dialog = laptop.getByRole("dialog", { name: "Sign out everywhere?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await laptop.screenshot({ path: `${SHOTS}/portal-sign-out-everywhere-confirm-1280.png` });
    await dialog.getByRole("button", { name: "Stay signed in" }).click();
    expect(await landsOn(phone.context(), "/portal/invoices")).toBe("/portal/invoices");
    await laptop.getByRole("button", { name: "Sign out everywhere" }).click();
    await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
    await laptop.waitForURL(/\/portal\/login\?.*signed_out=everywhere/);
    await laptop.getByText("You have signed out on every device and browser.").waitFor();
    expect(await landsOn(phone.context(), "/portal/invoices"), "the other session ended").toBe("/portal/login");
    expect(await landsOn(copied, "/portal/invoices"), "a copy of this one's cookie ended").toBe("/portal/login");
    for (const c of [laptop.context(), phone.context(), copied]) await c.close();
  });
});
