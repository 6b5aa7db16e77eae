/**
 * The portal's "forgot password" in real Chromium against the built server, with small limits: the
 * same notice for a user and for nobody, nothing more emailed once a sign-in name is over its limit
 * (the notice unchanged), and a request over the address's limit asked to wait.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { type Browser, type Page } from "playwright-core";
import { getDb } from "../db/client";
import { outboxEvents } from "../db/schema";
import { type RunningApp } from "./support/server";
import { expectAccessible, fitsScreen, newCustomer } from "./support/portal";
import { useApp } from "./support/setup";

const SHOTS = "test-results/portal";
let app: RunningApp;
let browser: Browser;

useApp(
  { env: { PASSWORD_RESETS_PER_LOGIN_PER_HOUR: "2", PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: "4" }, shots: SHOTS, browser: true },
  (s) => ({ app, browser } = s),
);

const resetsEmailed = async () =>
  (
    await (
      await getDb()
    )
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.brandId, app.creds.brand_id), eq(outboxEvents.type, "User/PasswdReset")))
  ).length;

async function ask(page: Page, login: string) {
  await page.goto(`${app.baseUrl}/portal/login/forgot?brand=${app.creds.brand_id}`);
  await page.getByLabel("Email address or username").fill(login);
  await page.getByRole("button", { name: "Email me a temporary password" }).click();
  // The form's own alert (Next.js adds an empty role=alert route announcer of its own).
  const answer = page.locator("form .p-alert");
  await answer.waitFor();
  return { role: (await answer.getAttribute("role")) as string, text: (await answer.textContent()) as string };
}

describe("portal forgot password: limits", () => {
  it("the same notice for anyone, nothing more sent over a name's limit, then the address is asked to wait", async () => {
    const me = await newCustomer(app, "Reset");
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const first = await ask(page, me.email);
    expect(first.role, first.text).toBe("status");
    expect(first.text).toContain("temporary password");
    expect(await ask(page, me.email)).toEqual(first);
    expect(await resetsEmailed()).toBe(2);
    // Over the name's limit: the same notice, and no third email.
    expect(await ask(page, me.email.toUpperCase())).toEqual(first);
    expect(await resetsEmailed()).toBe(2);
    // Nobody's address: the same notice too (the address's fourth request).
    expect(await ask(page, `nobody-${Date.now()}@example.com`)).toEqual(first);
    // The fifth request from this address: asked to wait, whoever it names.
    const refused = await ask(page, me.username);
    expect(refused.role).toBe("alert");
    expect(refused.text).toMatch(/Too many password requests from your network\. Please try again in \d+ minutes\./);
    expect(await resetsEmailed()).toBe(2);
    await expectAccessible(page, "forgot password refused");
    await page.screenshot({ path: `${SHOTS}/forgot-limited-1280.png`, fullPage: true });

    const narrow = await (await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })).newPage();
    const again = await ask(narrow, me.email);
    expect(again.role).toBe("alert");
    expect(await fitsScreen(narrow)).toBe(true);
    await narrow.screenshot({ path: `${SHOTS}/forgot-limited-375.png`, fullPage: true });
  });
});
