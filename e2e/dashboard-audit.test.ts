/**
 * The audit trail in real headless Chromium against the built server: a staff user edits a customer
 * account in the dashboard, then finds that change (who, old and new value, from where) on the
 * Audit log page searched by the record, in the account's History section and on its timeline.
 * axe runs on every page (no serious or critical violation); screenshots at 1280 and 375 px go to
 * test-results/dashboard/.
 */
import { describe, expect, it } from "vitest";
import { type Browser, type Page } from "playwright-core";
import { type RunningApp } from "./support/server";
import { axe, createAccount, shot as shotIn, signedInPage } from "./support/dashboard";
import { useApp } from "./support/setup";

const SHOTS = "test-results/dashboard";
/** A journey clicks through several pages on a shared 2-core machine; each step still fails within STEP_MS. */
const JOURNEY_MS = 180_000;
const STEP_MS = 20_000;
let app: RunningApp;
let browser: Browser;

const shot = (page: Page, name: string) => shotIn(page, SHOTS, name);
const base = () => `${app.baseUrl}/dashboard/${app.creds.brand_id}`;

/** A signed-in page at this width, starting at `path`; page errors fail the journey at its end. */
async function signedIn(path: string, width = 1280) {
  const landing = (u: URL) => u.pathname.endsWith(path.split("?")[0]);
  const { ctx, page, errors } = await signedInPage(browser, app, `${base()}/${path}`, landing, { width, stepMs: STEP_MS, waitForSignIn: true });
  return { page, errors, close: () => ctx.close() };
}

useApp({ shots: SHOTS, browser: true }, (s) => ({ app, browser } = s));

describe("the audit trail in the dashboard", () => {
  it(
    "edit a customer: the change is on the audit log, the account's history and its timeline",
    async () => {
      const account = (await createAccount(app, "Olive", "Audit")).customer_account;
      const id = account.customer_account_id as string;

      const { page, errors, close } = await signedIn(`accounts/${id}/edit`);
      await page.getByRole("heading", { name: "Edit customer account" }).waitFor();
      await page.getByLabel("Company").fill("Audited Ltd");
      // A long value without spaces (a CRM link): cut short in the log, in full on demand.
      const long = `https://crm.example.com/records/${"0123456789abcdef".repeat(10)}`;
      await page.getByLabel("Custom field 1").fill(long);
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
      await page.getByText("Audited Ltd").first().waitFor();

      // The account's own History section and its timeline name the change and who made it.
      const history = page.locator("section.record-history");
      await expect.poll(() => history.textContent()).toContain("Audited Ltd");
      expect(await history.textContent()).toContain(`Changed by`);
      expect(await history.textContent()).toContain(app.staff.email);
      const timeline = page.locator("section[aria-labelledby=timeline]");
      await expect.poll(() => timeline.textContent()).toMatch(/Customer account changed.*company name/s);
      await axe(page, "account with history");
      await shot(page, "audit-account-history-1280");

      // The audit log, searched by the record: the update with old and new values and the address.
      await page.getByRole("link", { name: "Audit log" }).first().click();
      await page.getByRole("heading", { name: "Audit log" }).waitFor();
      await page.getByLabel("Record id").fill(id);
      await page.getByLabel("Action").selectOption("update");
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL(/record=/);
      const rows = page.locator("tbody tr");
      await expect.poll(() => rows.count()).toBe(1);
      const row = await rows.first().textContent();
      expect(row).toContain("Audited Ltd");
      expect(row).toContain("company_name");
      expect(row).toContain(app.staff.email);
      expect(row).toMatch(/Changed/);
      // Every change on its own line and no sideways scroll at 1280 px, the long value included.
      expect(await page.getByRole("region", { name: "Audit log" }).evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      expect(row).not.toContain(long);
      expect(row).toContain(long.slice(0, 60));
      await axe(page, "audit log");
      await shot(page, "audit-log-1280");
      const more = rows.first().getByRole("button", { name: "Show full values of custom_field_1" });
      await more.click();
      await expect.poll(() => rows.first().textContent()).toContain(long);
      expect(await rows.first().getByRole("button", { name: "Show less of custom_field_1" }).getAttribute("aria-expanded")).toBe("true");
      expect(await page.getByRole("region", { name: "Audit log" }).evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      await shot(page, "audit-log-full-value-1280");

      // The record link leads back to the account.
      await rows
        .first()
        .getByRole("link", { name: /Customer account/ })
        .click();
      await page.waitForURL(new RegExp(`/accounts/${id}$`));
      expect(errors).toEqual([]);
      await close();

      // The same pages at phone width: nothing wider than the screen (the log's table scrolls in its
      // region, and so does the visually hidden text of its "Show full values" button).
      for (const [path, name] of [
        [`audit?record=${id}`, "audit-log-375"],
        [`accounts/${id}`, "audit-account-history-375"],
      ]) {
        const phone = await signedIn(path, 375);
        await phone.page.locator("h1").first().waitFor();
        await axe(phone.page, name);
        await shot(phone.page, name);
        expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
        // The log's entries are blocks of labelled lines on a phone: who and what changed without scrolling sideways.
        if (name === "audit-log-375")
          expect(await phone.page.getByRole("region", { name: "Audit log" }).evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
        await phone.close();
      }
    },
    JOURNEY_MS,
  );
});
