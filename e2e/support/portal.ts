/** What the portal's browser tests share: the API over HTTP, customers, sign-in, axe and screenshots. */
import type { BrowserContext, Page } from "playwright-core";
import { axe } from "./browser";
import type { RunningApp } from "./server";

export const PORTAL_PASSWORD = "Portal-pass-123";

/** The API over HTTP with the test tenant's credentials; a refusal throws with its answer. */
export async function callApi(app: RunningApp, path: string, params: Record<string, string>, method = "POST") {
  const url = new URL(`${app.baseUrl}/api/json/${path}`);
  const init: RequestInit = {
    method,
    headers: { "x-api-key": app.creds.key, "x-user-key": app.creds.user_key, "x-brand-id": app.creds.brand_id },
  };
  if (method === "GET") for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  else init.body = new URLSearchParams(params);
  const res = await fetch(url, init);
  const body = await res.json();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** A customer account (its first user is an ADMIN) with a known password. */
export async function newCustomer(app: RunningApp, tag: string, extra: Record<string, string> = {}) {
  const body = await callApi(app, "Account/Create", {
    first_name: "Pat",
    last_name: tag,
    email_address: `${tag.toLowerCase()}-${Date.now()}@example.com`,
    country: "US",
    locale: "en-US",
    timezone_id: "America/Chicago",
    password: PORTAL_PASSWORD,
    skip_notification: "Y",
    ...extra,
  });
  return {
    accountId: body.customer_account.customer_account_id as string,
    userId: body.user.user_id as string,
    username: body.user.username as string,
    email: body.customer_account.email_address as string,
  };
}

/** No serious or critical accessibility violations (the one check of e2e/support/browser.ts). */
export const expectAccessible = (page: Page, what: string) => axe(page, what);

/** Nothing wider than the screen: neither the page nor a table inside its scrolling wrapper. */
export const fitsScreen = (page: Page) =>
  page.evaluate(
    () =>
      document.documentElement.scrollWidth <= window.innerWidth && [...document.querySelectorAll(".p-table-wrap")].every((w) => w.scrollWidth <= w.clientWidth),
  );

/** The brand's sign-in page, filled in and sent. */
export async function passwordSignIn(app: RunningApp, context: BrowserContext, login: string, password = PORTAL_PASSWORD, base = app.baseUrl) {
  const page = await context.newPage();
  await page.goto(`${base}/portal/login?brand=${app.creds.brand_id}`);
  await page.getByLabel("Email address or username").fill(login);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  return page;
}
