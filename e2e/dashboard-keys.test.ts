/**
 * The API keys page in headless Chromium against the built server: an ADMIN creates a key (shown
 * once, copied from the page), uses it, sees its last use, revokes it behind a confirmation (the
 * server refuses it at once), rotates the brand's signing secret with an overlap, and replaces their
 * own user key; a USER is not offered the page and is refused it. axe on each page (no serious or
 * critical violation); a sandbox brand's banner and Test clock page; screenshots at 1280 and 375 px
 * (API keys, Security, Test clock) go to test-results/dashboard-keys/.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { type Browser, type Page } from "playwright-core";
import { type RunningApp } from "./support/server";
import { axe, createStaffUser, dashboardApi, shot as shotIn, signedInPage } from "./support/dashboard";
import { type Database } from "../db/client";
import { brands } from "../db/schema";
import { openSigningSecret } from "../lib/webhooks/post";
import { useApp } from "./support/setup";

const SHOTS = "test-results/dashboard-keys";
let app: RunningApp;
let browser: Browser;
let database: Database;

async function apiStatus(creds: { key: string; user_key: string; brand_id: string }) {
  const r = await fetch(`${app.baseUrl}/api/json/Brand/List`, {
    headers: { "x-api-key": creds.key, "x-user-key": creds.user_key, "x-brand-id": creds.brand_id },
  });
  await r.body?.cancel();
  return r.status;
}

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });
const shot = (page: Page, name: string) => shotIn(page, SHOTS, name);

const signedIn = (email: string, password: string, width = 1280) =>
  signedInPage(browser, app, `${app.baseUrl}/sign-in`, /\/dashboard\/[0-9a-f-]{36}\/overview/, { width, email, password });

const keysUrl = () => `${app.baseUrl}/dashboard/${app.creds.brand_id}/api-keys`;

useApp({ shots: SHOTS, browser: true, database: true }, (s) => ({ app, browser, database } = s));

describe("API keys and secrets", () => {
  it("an ADMIN creates a key shown once, uses it, sees its last use, and revokes it", async () => {
    const { ctx, page, errors } = await signedIn(app.staff.email, app.staff.password);
    await page.getByRole("link", { name: "API keys" }).first().click();
    await page.waitForURL(/\/api-keys$/);
    await page.getByRole("heading", { name: "API keys", level: 1 }).waitFor();
    await axe(page, "API keys");

    await page.getByLabel("Name of the new key").fill("Zapier sync");
    await page.getByRole("button", { name: "Create API key" }).click();
    const shown = page.getByTestId("new-api-key");
    await shown.waitFor();
    const key = await shown.inputValue();
    expect(key).toMatch(/^rbk_/);
    await page.getByText("it is shown only this once").first().waitFor();
    await shot(page, "1-key-created-1280");

    const creds = { ...app.creds, key };
    expect(await apiStatus(creds)).toBe(200);
    // Shown once: after a reload only its start is on the page, with its last use.
    await page.reload();
    const row = page.getByRole("row", { name: /Zapier sync/ });
    await row.waitFor();
    expect(await page.content()).not.toContain(key);
    await poll(() => row.textContent()).toContain(key.slice(0, 12));
    expect(await row.textContent()).not.toContain("Never");

    await row.getByRole("button", { name: "Revoke Zapier sync" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke “Zapier sync”?" });
    await dialog.waitFor();
    // Opened from a table row, its text still wraps inside it (not cut off at its edge).
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await shot(page, "2-revoke-confirm-1280");
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await poll(() => page.getByRole("row", { name: /Zapier sync/ }).textContent()).toContain("Revoked");
    expect(await apiStatus(creds)).toBe(401);
    expect(await apiStatus(app.creds)).toBe(200);
    // At 1280 px the keys, a revoked one included, need no sideways scroll: each Revoke button is in view.
    const region = page.getByRole("region", { name: "List of API keys" });
    expect(await region.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await shot(page, "3-key-revoked-1280");
    expect(errors).toEqual([]);
    await ctx.close();
  }, 60_000);

  it("an ADMIN rotates the signing secret with an overlap, and replaces their own user key", async () => {
    const { ctx, page, errors } = await signedIn(app.staff.email, app.staff.password);
    await page.goto(keysUrl());
    const [before] = await database.db.select().from(brands).where(eq(brands.id, app.creds.brand_id));
    await page.getByLabel("Old secret keeps signing for").selectOption("24");
    await page.getByRole("button", { name: "Rotate signing secret" }).click();
    const dialog = page.getByRole("dialog", { name: "Rotate the signing secret?" });
    await dialog.getByText("signs beside it for 24 hours").waitFor();
    await dialog.getByRole("button", { name: "Rotate secret" }).click();
    const secret = await page.getByTestId("new-signing-secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    const [after] = await database.db.select().from(brands).where(eq(brands.id, app.creds.brand_id));
    // Sealed at rest; the rotated-out secret moves as it was.
    expect(after.webhookSecret).not.toContain(secret);
    expect(openSigningSecret(after.id, after.webhookSecret)).toBe(secret);
    expect(after.previousWebhookSecret).toBe(before.webhookSecret);
    await poll(() => page.getByText("the previous one").textContent()).toContain(openSigningSecret(before.id, before.webhookSecret).slice(0, 12));
    await shot(page, "4-secret-rotated-1280");

    await page.getByRole("button", { name: "Issue a new user key" }).click();
    await page.getByRole("dialog", { name: "Replace your user key?" }).getByRole("button", { name: "Issue new key" }).click();
    const userKey = await page.getByTestId("new-user-key").inputValue();
    expect(userKey).toMatch(/^rbu_/);
    expect(await apiStatus(app.creds)).toBe(401);
    app.creds.user_key = userKey;
    expect(await apiStatus(app.creds)).toBe(200);
    await axe(page, "API keys after rotations");
    await shot(page, "5-user-key-1280");
    expect(errors).toEqual([]);
    await ctx.close();
  }, 60_000);

  it("fits a 375 px screen: API keys and Security", async () => {
    const narrow = await signedIn(app.staff.email, app.staff.password, 375);
    await narrow.page.goto(keysUrl());
    await narrow.page.getByRole("heading", { name: "API keys", level: 1 }).waitFor();
    await axe(narrow.page, "API keys at 375 px");
    await shot(narrow.page, "6-api-keys-375");
    // The page is no wider than the screen: the keys table scrolls inside its own region, and what
    // is placed absolutely inside it (its visually hidden "Actions" header) stays there too.
    const fits = () => narrow.page.evaluate(() => document.documentElement.scrollWidth);
    expect(await fits()).toBeLessThanOrEqual(375);
    // Each key is a block of lines on a phone: its Revoke button is on screen, no sideways scroll.
    const revoke = (await narrow.page
      .getByRole("button", { name: /^Revoke / })
      .first()
      .boundingBox())!;
    expect(revoke.x + revoke.width).toBeLessThanOrEqual(375);
    await narrow.page.goto(`${app.baseUrl}/dashboard/${app.creds.brand_id}/security`);
    await narrow.page.getByRole("heading", { name: "Your user key" }).waitFor();
    await axe(narrow.page, "Security at 375 px");
    await shot(narrow.page, "9-security-375");
    expect(await fits()).toBeLessThanOrEqual(375);
    await narrow.ctx.close();
  }, 60_000);

  it("a USER is not offered the page and is refused it; their own user key is on Security", async () => {
    const user = await createStaffUser(database, app, "USER", { userKeyPrefix: "rbu_uma_" });
    const { ctx, page } = await signedIn(user.email, user.password);
    expect(await page.getByRole("link", { name: "API keys" }).count()).toBe(0);
    await page.goto(keysUrl());
    await page.getByText("Only an ADMIN staff user can manage API keys and the signing secret").waitFor();
    expect(await page.getByRole("button", { name: "Create API key" }).count()).toBe(0);
    await shot(page, "7-user-refused-1280");
    await page.goto(`${app.baseUrl}/dashboard/${app.creds.brand_id}/security`);
    await page.getByRole("heading", { name: "Your user key" }).waitFor();
    await page.getByText("rbu_uma_").waitFor();
    await axe(page, "Security");
    await shot(page, "8-security-user-key-1280");
    await ctx.close();
  });

  it("a sandbox brand: the banner names its test clock, and the Test clock page advances it (1280 and 375 px)", async () => {
    const sandbox = (
      await dashboardApi(app, "POST", "Brand/Create", { name: "Rehearsal", description: "Sandbox", logo_url: "https://example.com/l.png", sandbox: "Y" })
    ).brand.brand_id as string;
    const clockUrl = `${app.baseUrl}/dashboard/${sandbox}/test-clock`;
    const { ctx, page, errors } = await signedIn(app.staff.email, app.staff.password);
    await page.goto(clockUrl);
    await page.getByRole("heading", { name: "Test clock", level: 1 }).waitFor();
    const banner = page.getByRole("note").filter({ hasText: "Sandbox brand" });
    const before = await banner.textContent();
    expect(before).toMatch(/test clock reads \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    // On the Test clock page the banner does not link to the page it is on.
    expect(await banner.getByRole("link").count()).toBe(0);
    await axe(page, "Test clock");
    await shot(page, "10-test-clock-1280");
    await page.getByLabel("Days to advance").fill("3");
    // Before it runs, the page says where the clock will stand: three days after the banner's time.
    const [, at] = /reads (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC/.exec(before!)!;
    const landing = new Date(Date.parse(`${at.replace(" ", "T")}:00Z`) + 3 * 86_400_000).toISOString().slice(0, 16).replace("T", " ");
    await page.getByText(`The clock will then read ${landing} UTC.`).waitFor();
    await page.getByRole("button", { name: "Advance the clock" }).click();
    await page.getByText(/^Advanced:/).waitFor();
    await poll(() => banner.textContent()).not.toBe(before);
    await shot(page, "11-test-clock-advanced-1280");
    expect(errors).toEqual([]);
    await ctx.close();

    const narrow = await signedIn(app.staff.email, app.staff.password, 375);
    await narrow.page.goto(`${app.baseUrl}/dashboard/${sandbox}/deliveries`);
    await narrow.page.getByRole("note").getByRole("link", { name: "Advance the clock" }).click();
    await narrow.page.waitForURL(clockUrl);
    await narrow.page.getByRole("heading", { name: "Test clock", level: 1 }).waitFor();
    await axe(narrow.page, "Test clock at 375 px");
    await shot(narrow.page, "12-test-clock-375");
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await narrow.ctx.close();
  }, 90_000);
});
