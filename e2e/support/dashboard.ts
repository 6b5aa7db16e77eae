/** What the dashboard's browser tests share: the JSON API over HTTP, customers, staff users, sign-in, axe and screenshots. */
import { expect } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { RunningApp } from "./server";
import { axe } from "./browser";
import type { Database } from "../../db/client";
import { staffUsers } from "../../db/schema";
import { hashPassword } from "../../lib/users/passwords";
import { hashSecret, newId, newSecret } from "../../lib/ids";

export interface ApiOptions {
  /** Another brand of the tenant's service account (the default is the tenant's own). */
  brandId?: string;
  /** false: the answer is returned whatever its status (the default throws unless it is a success). */
  expectOk?: boolean;
}

/** The JSON API with the tenant's keys: GET sends params in the query, other methods as a form. */
export async function dashboardApi(app: RunningApp, method: string, path: string, params: Record<string, string> = {}, opts: ApiOptions = {}): Promise<any> {
  const url = new URL(`${app.baseUrl}/api/json/${path}`);
  const headers: Record<string, string> = { "x-api-key": app.creds.key, "x-user-key": app.creds.user_key, "x-brand-id": opts.brandId ?? app.creds.brand_id };
  let body: string | undefined;
  if (method === "GET") for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  else {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(params).toString();
  }
  const json: any = await (await fetch(url, { method, headers, body })).json();
  if (opts.expectOk !== false && json.status !== "success") throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json;
}

/** A customer account made through the API (email first.last@example.com unless `extra` says otherwise); the API's whole answer. */
export const createAccount = (app: RunningApp, first: string, last: string, extra: Record<string, string> = {}, brandId?: string) =>
  dashboardApi(
    app,
    "POST",
    "Account/Create",
    {
      first_name: first,
      last_name: last,
      email_address: `${first}.${last}@example.com`.toLowerCase(),
      country: "US",
      locale: "en-US",
      timezone_id: "America/New_York",
      skip_notification: "Y",
      ...extra,
    },
    { brandId },
  );

/** Another staff user of the tenant's service account, able to sign in with the returned password. */
export async function createStaffUser(
  database: Database,
  app: RunningApp,
  accessLevel: "ADMIN" | "USER",
  opts: { name?: string; disabled?: boolean; userKeyPrefix?: string } = {},
) {
  const id = newId();
  const email = `staff-${id.slice(-8)}@example.com`;
  const password = "another staff password";
  await database.db.insert(staffUsers).values({
    id,
    serviceAccountId: app.staff.serviceAccountId,
    email,
    name: opts.name ?? (accessLevel === "USER" ? "Uma User" : "Adam Admin"),
    accessLevel,
    userKeyHash: hashSecret(newSecret("rbu")),
    userKeyPrefix: opts.userKeyPrefix ?? "rbu_test",
    passwordHash: await hashPassword(password),
    disabledAt: opts.disabled ? new Date() : null,
  });
  return { id, email, password };
}

export { axe };

/** A full-page screenshot, `dir`/`name`.png. */
export const shot = (page: Page, dir: string, name: string) => page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });

/** axe, then a full-page screenshot named for the page and the width; at phone width nothing is wider than the screen. */
export async function check(page: Page, dir: string, name: string) {
  await axe(page, name);
  const width = page.viewportSize()!.width;
  await shot(page, dir, `${name}-${width}`);
  if (width < 800) expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits ${width} px`).toBeLessThanOrEqual(width);
}

/** A browser context at this width (phone height below 800 px). */
export const newContext = (browser: Browser, width = 1280, opts: { acceptDownloads?: boolean } = {}) =>
  browser.newContext({ viewport: { width, height: width > 800 ? 900 : 780 }, ...opts });

/** A fresh page at this width that records its page errors (a journey fails on them at its end). */
export async function newStaffPage(browser: Browser, width = 1280, opts: { acceptDownloads?: boolean; stepMs?: number } = {}) {
  const ctx = await newContext(browser, width, { acceptDownloads: opts.acceptDownloads });
  if (opts.stepMs) ctx.setDefaultTimeout(opts.stepMs);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { ctx, page, errors };
}

/** Fills in and sends the staff sign-in form the page is on. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export interface SignedInOptions {
  width?: number;
  /** Who signs in; the tenant's ADMIN unless given. */
  email?: string;
  password?: string;
  /** Each step's own time limit (the browser context's default timeout). */
  stepMs?: number;
  acceptDownloads?: boolean;
  /** Wait for the redirect to the sign-in page before filling it in. */
  waitForSignIn?: boolean;
}

/** A fresh page that opens `url`, signs in on the form it is shown, and waits until it lands on `landing`. */
export async function signedInPage(
  browser: Browser,
  app: RunningApp,
  url: string,
  landing: string | RegExp | ((url: URL) => boolean),
  opts: SignedInOptions = {},
) {
  const staffPage = await newStaffPage(browser, opts.width, { acceptDownloads: opts.acceptDownloads, stepMs: opts.stepMs });
  await staffPage.page.goto(url);
  if (opts.waitForSignIn) await staffPage.page.waitForURL(/\/sign-in/);
  await signIn(staffPage.page, opts.email ?? app.staff.email, opts.password ?? app.staff.password);
  await staffPage.page.waitForURL(landing);
  return staffPage;
}
