/**
 * The Deliveries pages in real headless Chromium against the built server: a receiver that is down
 * makes a post fail; the failed delivery is found in the list (status filter in the URL) and its
 * detail shows each attempt's answer; the receiver is fixed, staff replay it behind a confirmation
 * that says what will be sent; the next delivery run delivers it under the same id, signed and
 * marked as a replay, and the page says so. Then every failed delivery of a range of days is
 * replayed at once; the customer filter is the type-to-search account picker; the menu shows
 * Deliveries under Operations; less-used list filters wait behind "More filters". The delivery runs
 * are the outbox's own (deliverDue), called from the test so they happen when the journey needs them. axe on every page; screenshots at 1280 and 375 px go to
 * test-results/dashboard-deliveries/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { chromium, type Browser, type Page } from "playwright-core";
import { startApp, type RunningApp } from "./support/server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/browser";
import { check as checkIn, createAccount, signedInPage } from "./support/dashboard";
import { openDatabase, type Database } from "../db/client";
import { brands } from "../db/schema";
import { systemContext, allBrandsContext } from "../lib/auth/context";
import { emit } from "../lib/outbox/emit";
import { deliverDue } from "../lib/outbox/deliver";
import { sinkFor } from "../lib/jobs/sinks";
import { openSigningSecret } from "../lib/webhooks/post";

const SHOTS = "test-results/dashboard-deliveries";
let app: RunningApp;
let browser: Browser;
let database: Database;
let base: string;
let receiver: Server;
let hookUrl = "";
let up = false;
let secret = "";
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

const check = (page: Page, name: string) => checkIn(page, SHOTS, name);

async function signedIn(width: number, path: string) {
  const [where, search] = path.split("?");
  const signed = await signedInPage(browser, app, `${base}/${where}`, `${base}/${where}`, { width });
  if (search) await signed.page.goto(`${base}/${path}`);
  return signed;
}

const deliver = () => deliverDue({ ctx: allBrandsContext(database.db, { now: () => new Date() }), input: { sinkFor, maxAttempts: 1 } });

async function emitPost(fields: [string, string][]) {
  const [brand] = await database.db.select().from(brands).where(eq(brands.id, app.creds.brand_id));
  return emit(systemContext(database.db, brand), { type: "post/action_url", payload: { url: hookUrl, fields } });
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      if (up) received.push({ headers: req.headers, body });
      res.statusCode = up ? 200 : 503;
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
  app = await startApp();
  base = `${app.baseUrl}/dashboard/${app.creds.brand_id}`;
  database = await openDatabase({ url: process.env.DATABASE_URL! });
  const [brand] = await database.db.select().from(brands).where(eq(brands.id, app.creds.brand_id));
  secret = openSigningSecret(brand.id, brand.webhookSecret);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await database?.close();
  await new Promise((r) => receiver?.close(r));
});

describe("deliveries", () => {
  it("a failed post is shown, replayed once the receiver is fixed, and delivered under the same id", async () => {
    const id = await emitPost([
      ["event", "new_subscription"],
      ["subscription_id", "sub-e2e-1"],
    ]);
    expect(await deliver()).toMatchObject({ failed: 1 });

    const { ctx, page, errors } = await signedIn(1280, "deliveries?status=failed");
    const link = page.getByRole("link", { name: /post\/action_url/ });
    await poll(() => link.count()).toBe(1);
    await check(page, "list-failed");

    await link.click();
    await page.waitForURL(`${base}/deliveries/${id}`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Failed");
    const attempts = page.getByRole("region", { name: "Attempts" });
    await poll(() => attempts.textContent()).toContain(`${hookUrl} answered 503`);
    await check(page, "detail-failed");

    // The receiver is fixed; the confirmation says what goes out, and to where.
    up = true;
    await page.getByRole("button", { name: "Replay" }).click();
    const dialog = page.getByRole("dialog");
    await poll(() => dialog.textContent()).toContain(hookUrl);
    expect(await dialog.textContent()).toContain(`X-Billing-Delivery: ${id}`);
    expect(await dialog.textContent()).toContain("X-Billing-Replay: 1");
    await page.screenshot({ path: `${SHOTS}/replay-confirm-1280.png` });
    await dialog.getByRole("button", { name: "Send the post again" }).click();
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Queued");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Replayed");

    expect(await deliver()).toMatchObject({ delivered: 1 });
    expect(received).toHaveLength(1);
    expect(received[0].headers["x-billing-delivery"]).toBe(id);
    expect(received[0].headers["x-billing-replay"]).toBe("1");
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(received[0].headers["x-billing-signature"]))!;
    expect(v1).toBe(createHmac("sha256", secret).update(`${t}.${received[0].body}`).digest("hex"));

    await page.reload();
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Delivered");
    await poll(() => attempts.textContent()).toContain(`${hookUrl} answered 200`);
    expect(await attempts.textContent()).toContain("Replay 1");
    await check(page, "detail-delivered");

    await page.goto(`${base}/deliveries?status=delivered`);
    await poll(() => page.getByRole("link", { name: /post\/action_url/ }).count()).toBe(1);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 240_000);

  it("every failed delivery of a range of days is replayed at once", async () => {
    up = false;
    for (const n of ["2", "3"]) await emitPost([["subscription_id", `sub-e2e-${n}`]]);
    expect(await deliver()).toMatchObject({ failed: 2 });
    up = true;

    const { ctx, page, errors } = await signedIn(1280, "deliveries");
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel("Created from").fill(today);
    await page.waitForURL(/created_from=/);
    await page.getByLabel("Created to").fill(today);
    await page.waitForURL(/created_to=/);
    const button = page.getByRole("button", { name: "Replay 2 failed" });
    await poll(() => button.count()).toBe(1);
    // Long addresses wrap: at 1280 px the list needs no sideways scroll.
    expect(await page.getByRole("region", { name: "Deliveries", exact: true }).evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await check(page, "list-range");
    await button.click();
    await page.getByRole("dialog").getByRole("button", { name: "Replay 2" }).click();
    await poll(() => page.getByText("2 queued again").count()).toBe(1);

    expect(await deliver()).toMatchObject({ delivered: 2 });
    expect(received.slice(-2).map((r) => r.headers["x-billing-replay"])).toEqual(["1", "1"]);
    await page.goto(`${base}/deliveries?status=failed`);
    await poll(() => page.getByText("Nothing matches this search or filter.").count()).toBe(1);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 240_000);

  it("fits a phone: the list and a detail at 375 px", async () => {
    const { ctx, page } = await signedIn(375, "deliveries");
    await poll(() => page.getByRole("link", { name: /post\/action_url/ }).count()).toBe(3);
    // Each delivery is a block of labelled lines: its status is on screen without scrolling sideways.
    expect(await page.getByRole("region", { name: "Deliveries", exact: true }).evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await check(page, "list");
    await page
      .getByRole("link", { name: /post\/action_url/ })
      .first()
      .click();
    await page.waitForURL(/\/deliveries\/[0-9a-f-]{36}$/);
    await poll(() => page.getByRole("region", { name: "Attempts" }).count()).toBe(1);
    // Its attempts too: each a block of labelled lines, the response on screen.
    expect(await page.getByRole("region", { name: "Attempt log" }).evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await check(page, "detail");
    await ctx.close();
  }, 240_000);

  it("the menu lists Deliveries under Operations, beside the Audit log", async () => {
    const { ctx, page } = await signedIn(1280, "deliveries");
    const group = (name: string) => page.getByRole("navigation", { name: "Dashboard" }).getByRole("list", { name, exact: true });
    expect(await group("Operations").getByRole("link").allTextContents()).toEqual(["Deliveries", "Audit log"]);
    expect(await group("Settings").getByRole("link", { name: "Deliveries" }).count()).toBe(0);
    expect(await group("Operations").getByRole("link", { name: "Deliveries" }).getAttribute("aria-current")).toBe("page");
    await ctx.close();
  }, 60_000);

  it("the customer filter is the account picker: found by name, its id in the URL, its name after a reload", async () => {
    const ada = (await createAccount(app, "Ada", "Lovelace")).customer_account.customer_account_id as string;
    const grace = (await createAccount(app, "Grace", "Hopper")).customer_account.customer_account_id as string;
    await emitPost([
      ["event", "new_subscription"],
      ["customer_account_id", ada],
    ]);
    await emitPost([
      ["event", "new_subscription"],
      ["customer_account_id", grace],
    ]);

    const { ctx, page, errors } = await signedIn(1280, "deliveries");
    const rows = page.getByRole("link", { name: /post\/action_url/ });
    await poll(() => rows.count()).toBe(5);
    const picker = page.getByRole("combobox", { name: "Customer" });
    await picker.fill("lovel");
    await page.getByRole("option", { name: /Ada Lovelace/ }).click();
    await page.waitForURL((u) => u.searchParams.get("customer") === ada);
    await poll(() => rows.count()).toBe(1);
    expect(await page.getByRole("row").filter({ has: rows }).textContent()).toContain("Ada Lovelace");

    // A reload (or a bookmark) shows the chosen customer by name, still filtering.
    await page.reload();
    await poll(() => picker.inputValue()).toContain("Ada Lovelace");
    await poll(() => rows.count()).toBe(1);
    await check(page, "list-customer");

    // Emptying the field and leaving it drops the filter.
    await picker.fill("");
    await picker.press("Tab");
    await page.waitForURL((u) => !u.searchParams.has("customer"));
    await poll(() => rows.count()).toBe(5);
    expect(errors).toEqual([]);
    await ctx.close();

    const phone = await signedIn(375, `deliveries?customer=${grace}`);
    await poll(() => phone.page.getByRole("combobox", { name: "Customer" }).inputValue()).toContain("Grace Hopper");
    await poll(() => phone.page.getByRole("link", { name: /post\/action_url/ }).count()).toBe(1);
    await check(phone.page, "list-customer");
    await phone.ctx.close();
  }, 240_000);

  it("the less-used filters wait behind More filters, open by themselves when one is set (deliveries, subscriptions)", async () => {
    const { ctx, page } = await signedIn(375, "deliveries");
    const more = page.getByRole("button", { name: /^More filters/ });
    expect(await more.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByLabel("Kind").isVisible()).toBe(false);
    await more.click();
    await page.getByLabel("Kind").selectOption("post");
    await page.waitForURL(/channel=post/);
    await page.reload();
    await poll(() => page.getByLabel("Kind").isVisible()).toBe(true);
    expect(await more.getAttribute("aria-expanded")).toBe("true");
    expect(await more.textContent()).toContain("1 set");

    // The subscriptions list: only its search and status show until More filters opens.
    await page.goto(`${base}/subscriptions`);
    const subsMore = page.getByRole("button", { name: /^More filters/ });
    await subsMore.waitFor();
    expect(await page.getByRole("group", { name: "Created" }).isVisible()).toBe(false);
    await check(page, "subscriptions-toolbar");
    await subsMore.click();
    await page.getByRole("group", { name: "Renews" }).waitFor();
    await check(page, "subscriptions-more-filters");
    await page.goto(`${base}/subscriptions?trial=Y`);
    await poll(() => page.getByLabel("Trial").isVisible()).toBe(true);
    await ctx.close();
  }, 120_000);
});
