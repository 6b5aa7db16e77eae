/** The API reference page in real headless Chromium: it renders the generated document. */
import { describe, expect, it } from "vitest";
import { mkdirSync } from "node:fs";
import { type Browser } from "playwright-core";
import { type RunningApp } from "./support/server";
import { useApp } from "./support/setup";

let app: RunningApp;
let browser: Browser;
useApp({ browser: true }, (s) => ({ app, browser } = s));

describe("/docs", () => {
  it("shows every resource and its endpoints, with descriptions", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${app.baseUrl}/docs`);
    await page.getByText("Recurring Billing API").first().waitFor({ timeout: 20_000 });
    await page.getByText("/{format}/Brand/Create").first().waitFor();
    expect(await page.getByText("/{format}/Reference/List").count()).toBeGreaterThan(0);
    await page.getByText("/{format}/Brand/Create").first().click();
    await page.getByText("logo_url").first().waitFor();
    mkdirSync("test-results", { recursive: true });
    await page.screenshot({ path: "test-results/docs.png" });
    expect(errors).toEqual([]);
  });

  it("the home page links to the docs", async () => {
    const page = await browser.newPage();
    await page.goto(app.baseUrl);
    await page.getByRole("link", { name: "API reference" }).click();
    await page.waitForURL(/\/docs$/);
  });
});
