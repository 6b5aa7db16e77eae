/**
 * The dashboard's staff-side journeys in headless Chromium against the built server: inviting a
 * staff user, who sets a password from the emailed link and signs in as a USER (refused ADMIN
 * actions); forgot password; brands; the customer hub and its timeline; global search; CSV export
 * (the file's rows checked); the grouped navigation at 1280 and 375 px. axe on every page (no
 * serious or critical violation); screenshots go to test-results/dashboard/.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { and, desc, eq, sql } from "drizzle-orm";
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { type RunningApp } from "./support/server";
import { axe, createAccount, createStaffUser, dashboardApi, newContext as newContextAt, shot as shotIn, signedInPage } from "./support/dashboard";
import { resultRows, type Database } from "../db/client";
import { emailDeliveries, notes, outboxEvents, staffUsers, tickets } from "../db/schema";
import { deliverDue } from "../lib/outbox/deliver";
import { sinkFor } from "../lib/jobs/sinks";
import { staffActions } from "../lib/dashboard/actions";
import { useApp } from "./support/setup";
import { allBrandsContext } from "../lib/auth/context";

const SHOTS = "test-results/dashboard";
let app: RunningApp;
let browser: Browser;
let database: Database;
let secondBrandId: string;

const api = (method: string, path: string, params: Record<string, string> = {}) => dashboardApi(app, method, path, params);

const account = async (first: string, last: string, extra: Record<string, string> = {}, brandId?: string) =>
  (await createAccount(app, first, last, extra, brandId)).customer_account;

const staffUser = (accessLevel: "ADMIN" | "USER") => createStaffUser(database, app, accessLevel);

/** Runs the outbox as the worker would (background jobs are off in the app under test). */
const deliver = () => deliverDue({ ctx: allBrandsContext(database.db, { now: () => new Date() }), input: { sinkFor } });

/** The link of the latest staff email to this address, from the local mailbox (no RESEND_API_KEY). */
async function emailedLink(to: string) {
  await deliver();
  const [mail] = await database.db
    .select()
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.recipient, to), eq(emailDeliveries.audience, "staff")))
    .orderBy(desc(emailDeliveries.createdAt))
    .limit(1);
  expect(mail?.status).toBe("mailbox");
  const href = /href="([^"]+)"/.exec(mail!.html!)![1].replace(/&#38;/g, "&");
  const url = new URL(href);
  return `${app.baseUrl}${url.pathname}${url.search}`;
}

/** expect.poll with room for a busy machine (a refresh after an action can take seconds). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });

const shot = (page: Page, name: string) => shotIn(page, SHOTS, name);

const newContext = (width = 1280): Promise<BrowserContext> => newContextAt(browser, width, { acceptDownloads: true });

/** A page signed in as the tenant's ADMIN, on the brand's accounts. */
const adminPage = (width = 1280) =>
  signedInPage(browser, app, `${app.baseUrl}/sign-in`, /\/dashboard\/[0-9a-f-]{36}\/overview/, { width, acceptDownloads: true });

const base = () => `${app.baseUrl}/dashboard/${app.creds.brand_id}`;

useApp({ env: { GATEWAY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") }, shots: SHOTS, browser: true, database: true }, async (s) => {
  ({ app, browser, database } = s);
  secondBrandId = (await api("POST", "Brand/Create", { name: "Second Brand", description: "Another brand", logo_url: "https://example.com/logo.png" })).brand
    .brand_id;
});

describe("staff, brands, the customer hub, search and export", () => {
  it("invites a staff user who sets a password and signs in as USER, and is refused ADMIN actions", async () => {
    const { ctx, page, errors } = await adminPage();
    // The grouped navigation: Settings holds Staff (an ADMIN sees it).
    await page.getByRole("list", { name: "Settings" }).getByRole("link", { name: "Staff" }).click();
    await page.getByRole("heading", { name: "Staff", exact: true }).waitFor();
    await poll(() => page.locator("tbody tr").count()).toBe(1);
    await axe(page, "staff");
    await shot(page, "staff-1280");

    await page.getByRole("link", { name: "Invite staff user" }).click();
    await page.getByRole("heading", { name: "Invite a staff user" }).waitFor();
    // Browser-side errors from the endpoint's schema, on their fields.
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.locator("#email-error").waitFor();
    expect(await page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    // The server's refusal on its field: an email already taken.
    await page.getByLabel("Name").fill("Someone");
    await page.getByLabel("Email").fill(app.staff.email.toUpperCase());
    await page.getByRole("button", { name: "Send invitation" }).click();
    await poll(() => page.locator("#email-error").textContent()).toContain("already exists");
    await axe(page, "invite staff (errors)");
    await shot(page, "staff-invite-1280");

    const email = `sam-${Date.now()}@example.com`;
    await page.getByLabel("Name").fill("Sam Support");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Role").selectOption("USER");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText(`Invitation sent to ${email}`).waitFor();
    await page.getByRole("heading", { name: /Sam Support/ }).waitFor();
    expect(await page.getByRole("heading", { name: /Sam Support/ }).textContent()).toContain("Invited");
    await axe(page, "staff user");
    await shot(page, "staff-user-1280");

    // The database: a USER without a password, and an invitation event in the outbox.
    const [sam] = await database.db.select().from(staffUsers).where(eq(staffUsers.email, email));
    expect(sam).toMatchObject({ name: "Sam Support", accessLevel: "USER", passwordHash: null, disabledAt: null });
    const events = await database.db.select().from(outboxEvents).where(eq(outboxEvents.type, "staff/invite"));
    expect(events.some((e) => (e.payload as { staff_user_id: string }).staff_user_id === sam.id)).toBe(true);
    // Nothing secret waits in the outbox: the link is made when the email is sent.
    expect(JSON.stringify(events.map((e) => e.payload))).not.toContain("rbs_");
    const link = await emailedLink(email);
    expect(link).toContain("/set-password?token=rbs_");

    // Sam, in a browser of their own: the link, a password typed twice, then sign-in.
    const samCtx = await newContext();
    const samPage = await samCtx.newPage();
    await samPage.goto(link);
    await samPage.getByRole("heading", { name: "Welcome! Choose your password" }).waitFor();
    await samPage.getByLabel("New password", { exact: true }).fill("short");
    await samPage.getByRole("button", { name: "Set password" }).click();
    await samPage.getByText("Use at least 10 characters.").waitFor();
    await samPage.getByLabel("New password", { exact: true }).fill("sam's own long password");
    await samPage.getByLabel("New password again").fill("something else entirely");
    await samPage.getByRole("button", { name: "Set password" }).click();
    await samPage.getByText("The two passwords are not the same.").waitFor();
    await axe(samPage, "set password (errors)");
    await shot(samPage, "set-password-1280");
    await samPage.getByLabel("New password again").fill("sam's own long password");
    await samPage.getByRole("button", { name: "Set password" }).click();
    await samPage.waitForURL(/\/sign-in\?password=set/);
    await samPage.getByText("Your password is set").waitFor();
    expect(await samPage.getByLabel("Email").inputValue()).toBe(email);
    await samPage.getByLabel("Password").fill("sam's own long password");
    await samPage.getByRole("button", { name: "Sign in" }).click();
    await samPage.waitForURL(`${base()}/overview`);
    // A USER's navigation offers no Staff or Brands; the pages say why, and the server refuses.
    expect(await samPage.getByRole("link", { name: "Staff", exact: true }).count()).toBe(0);
    expect(await samPage.getByRole("link", { name: "Brands", exact: true }).count()).toBe(0);
    await samPage.goto(`${base()}/staff`);
    await samPage.getByText("Only an ADMIN staff user can manage staff users").waitFor();
    await samPage.goto(`${base()}/brands/new`);
    await samPage.getByText("Only an ADMIN staff user can create brands").waitFor();
    await axe(samPage, "staff (USER)");
    const refused = await staffActions.staffInvite.run({ staffUserId: sam.id }, app.creds.brand_id, {
      name: "Nope",
      email: `nope-${Date.now()}@example.com`,
      access_level: "ADMIN",
    });
    expect(refused).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    const brandRefused = await staffActions.brandCreate.run({ staffUserId: sam.id }, app.creds.brand_id, {
      name: "Nope",
      description: "Nope",
      logo_url: "https://example.com/logo.png",
    });
    expect(brandRefused).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    // The link works once.
    await samPage.goto(link);
    await samPage.getByRole("heading", { name: "This link does not work any more" }).waitFor();
    await samCtx.close();

    // Back as the ADMIN: Sam is active; make them an ADMIN (a dialog says what that means), then disable.
    await page.reload();
    await poll(() => page.getByRole("heading", { name: /Sam Support/ }).textContent()).toContain("Active");
    await page.getByRole("button", { name: "Make admin" }).click();
    await page
      .getByRole("dialog", { name: /Make Sam Support an ADMIN/ })
      .getByRole("button", { name: "Make admin" })
      .click();
    await poll(async () => (await database.db.select().from(staffUsers).where(eq(staffUsers.id, sam.id)))[0].accessLevel).toBe("ADMIN");
    await page.getByRole("button", { name: "Disable" }).click();
    await page
      .getByRole("dialog", { name: /Disable Sam Support/ })
      .getByRole("button", { name: "Disable staff user" })
      .click();
    await poll(async () => (await database.db.select().from(staffUsers).where(eq(staffUsers.id, sam.id)))[0].disabledAt).not.toBeNull();
    await poll(() => page.getByRole("heading", { name: /Sam Support/ }).textContent()).toContain("Disabled");
    expect(errors).toEqual([]);
    await ctx.close();
  }, 180_000);

  it("forgot password: the same answer for any email, and a single-use emailed link", async () => {
    const adam = await staffUser("ADMIN");
    const ctx = await newContext();
    const page = await ctx.newPage();
    await page.goto(`${app.baseUrl}/sign-in`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await axe(page, "forgot password");
    await shot(page, "forgot-password-1280");
    const before = (await database.db.select().from(outboxEvents).where(eq(outboxEvents.type, "staff/password-reset"))).length;
    await page.getByLabel("Email").fill("nobody-here@example.com");
    await page.getByRole("button", { name: "Email me a reset link" }).click();
    const unknownAnswer = await page.locator(".alert.success").textContent();
    expect(unknownAnswer).toContain("If nobody-here@example.com belongs to a dashboard account");
    expect((await database.db.select().from(outboxEvents).where(eq(outboxEvents.type, "staff/password-reset"))).length).toBe(before);

    await page.goto(`${app.baseUrl}/forgot-password`);
    await page.getByLabel("Email").fill(adam.email.toUpperCase());
    await page.getByRole("button", { name: "Email me a reset link" }).click();
    expect(await page.locator(".alert.success").textContent()).toBe(unknownAnswer!.replace("nobody-here@example.com", adam.email.toUpperCase()));
    await shot(page, "forgot-password-sent-1280");
    const link = await emailedLink(adam.email);
    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.getByLabel("New password again").fill("a brand new password");
    await page.getByRole("button", { name: "Set password" }).click();
    await page.waitForURL(/\/sign-in\?password=set/);
    // The old password no longer signs in; the new one does.
    await page.getByLabel("Password").fill(adam.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator(".alert.error").waitFor();
    await page.getByLabel("Password").fill("a brand new password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/dashboard\/[0-9a-f-]{36}\/overview/);
    await page.goto(link);
    await page.getByRole("heading", { name: "This link does not work any more" }).waitFor();
    await axe(page, "used link");
    await ctx.close();
  }, 120_000);

  it("brands: an ADMIN creates and edits a brand", async () => {
    const { ctx, page, errors } = await adminPage();
    await page.goto(`${base()}/brands`);
    await page.getByRole("heading", { name: "Brands" }).waitFor();
    await page.getByRole("link", { name: "New brand" }).click();
    await page.getByRole("button", { name: "Create brand" }).click();
    await page.locator("#name-error").waitFor();
    // Exact: the brand form also has "Legal name" (issue 31).
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Third Brand");
    await page.getByLabel("Logo address").fill("https://example.com/logo.svg");
    await page.getByLabel("Description").fill("Sells a third thing");
    await page.getByLabel("Currency").fill("jpy");
    await page.getByRole("button", { name: "Create brand" }).click();
    await page.locator("#logo_url-error").waitFor();
    await axe(page, "new brand (errors)");
    await shot(page, "brand-new-1280");
    await page.getByLabel("Logo address").fill("https://example.com/logo.png");
    await page.getByRole("button", { name: "Create brand" }).click();
    await page.getByText("Third Brand is saved").waitFor();
    const listed = (await api("GET", "Brand/List")).brands as { brand_id: string; name: string; support_email: string | null; currency: string }[];
    const third = listed.find((b) => b.name === "Third Brand")!;
    expect(third).toBeTruthy();
    expect(third.currency).toBe("JPY");
    await axe(page, "brands");
    await shot(page, "brands-1280");
    await page.getByRole("link", { name: "Edit Third Brand" }).click();
    await page.getByLabel("Support email").fill("help@third.example");
    await page.getByRole("button", { name: "Save brand" }).click();
    await page.getByText("Third Brand is saved").waitFor();
    const after = ((await api("GET", "Brand/List", { search_brand_id: third.brand_id })).brands as typeof listed)[0];
    expect(after.support_email).toBe("help@third.example");
    expect(errors).toEqual([]);
    await ctx.close();
  }, 120_000);

  it("the customer hub: every part of the account, its actions, and its timeline", async () => {
    const zoe = await account("Zoe", "Hubbard", { company_name: "Hubbard & Daughters" });
    const id = zoe.customer_account_id as string;
    const invoice = (
      await api("POST", "Invoice/Create", {
        customer_account_id: id,
        due_date: "12/31/2030",
        attached_items: '[{"item_name":"Consulting","item_price":"40.00","tax_exempt":"N"}]',
      })
    ).invoice;
    await api("POST", "Payment/Create", {
      customer_account_id: id,
      invoice_id: invoice.invoice_id,
      apply_to_prepaid_balance: "N",
      override_billing: "Y",
      amount: "15.00",
    });
    const { ctx, page, errors } = await adminPage();
    await page.goto(`${base()}/accounts/${id}`);
    await page.getByRole("heading", { name: /Zoe Hubbard/ }).waitFor();
    for (const h of ["Profile", "Subscriptions (0)", "Invoices (1)", "Payments (1)", "Pay methods (0)", "Users (1)", "Tickets (0)", "Notes (0)"]) {
      await page.getByRole("heading", { name: h, exact: true }).waitFor();
    }
    const invoices = page.getByRole("region", { name: "Invoices of this account" });
    expect(await invoices.textContent()).toContain("25.00"); // 40.00 less 15.00 paid
    expect(await invoices.getByRole("link").first().getAttribute("href")).toBe(`/dashboard/${app.creds.brand_id}/invoices/${invoice.invoice_id}`);

    // Add a note: the schema's errors first, then it appears in Notes and in the timeline.
    await page.getByRole("button", { name: "Add note" }).click();
    const noteDialog = page.getByRole("dialog", { name: "Add a note to this account" });
    await noteDialog.getByRole("button", { name: "Add note" }).click();
    await noteDialog.locator("#subject-error").waitFor();
    await axe(page, "add note (errors)");
    await noteDialog.getByLabel("Subject").fill("Called about the renewal");
    await noteDialog.getByLabel("Note").fill("Wants the renewal moved to the 1st.");
    await noteDialog.getByRole("button", { name: "Add note" }).click();
    await page.getByRole("heading", { name: "Notes (1)" }).waitFor();
    const [note] = await database.db.select().from(notes).where(eq(notes.customerAccountId, id));
    expect(note).toMatchObject({ subject: "Called about the renewal", contents: "Wants the renewal moved to the 1st." });

    // Open a ticket the customer sees.
    await page.getByRole("button", { name: "Open ticket" }).click();
    const ticketDialog = page.getByRole("dialog", { name: "Open a ticket for this account" });
    await ticketDialog.getByLabel("Subject").fill("Renewal date");
    await ticketDialog.getByLabel("Message").fill("We have moved your renewal to the 1st.");
    await ticketDialog.getByRole("button", { name: "Open ticket" }).click();
    await page.getByRole("heading", { name: "Tickets (1)" }).waitFor();
    const [ticket] = await database.db.select().from(tickets).where(eq(tickets.customerAccountId, id));
    expect(ticket).toMatchObject({ subject: "Renewal date", direction: "EXTERNAL" });

    // A portal sign-in link for the account's user.
    await page.getByRole("button", { name: "Portal sign-in link" }).click();
    const linkDialog = page.getByRole("dialog", { name: "A portal sign-in link" });
    await linkDialog.getByRole("button", { name: "Make link" }).click();
    await poll(() => linkDialog.getByLabel("Sign-in link").inputValue()).toContain("/portal/sign-in?token=");
    await axe(page, "sign-in link");
    await linkDialog.getByRole("button", { name: "Done" }).click();

    // The timeline, newest first: the ticket, the note, the payment, the invoice, the account.
    const timeline = page.locator("section[aria-labelledby=timeline]");
    const text = await timeline.textContent();
    const order = ["Ticket opened", "Note added", "Payment succeeded", "Invoice created", "Account created"].map((t) => text!.indexOf(t));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(text).toContain("15.00");
    await axe(page, "customer hub");
    await shot(page, "hub-1280");
    // Each section adds one more for this customer: the create page, the account already chosen.
    for (const label of ["New subscription", "New invoice", "New user", "Record payment", "Add pay method"]) {
      expect(await page.getByRole("link", { name: label }).getAttribute("href")).toMatch(new RegExp(`/new\\?customer_account_id=${id}$`));
    }

    // Paged: 25 more notes make two pages; Older shows the account's creation.
    for (let i = 0; i < 25; i++) await api("POST", "Note/Create", { customer_account_id: id, subject: `Note ${i}`, contents: "More" });
    await page.reload();
    await page.getByRole("link", { name: "Older" }).click();
    await page.waitForURL(/timeline=2/);
    await poll(() => timeline.textContent()).toContain("Account created");
    expect(errors).toEqual([]);
    await ctx.close();

    // At 375 px: the hub fits, its tables scroll inside their regions.
    const narrow = await adminPage(375);
    await narrow.page.goto(`${base()}/accounts/${id}`);
    await narrow.page.getByRole("heading", { name: "Profile" }).waitFor();
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await axe(narrow.page, "customer hub (375)");
    await shot(narrow.page, "hub-375");
    await narrow.page.screenshot({ path: `${SHOTS}/hub-375-top.png` });
    await narrow.ctx.close();
  }, 180_000);

  it("global search: / and Ctrl+K, brand-scoped, results link to the records", async () => {
    const mine = await account("Quentin", "Searchable", { company_name: "Findme Ltd" });
    await account("Quentin", "Searchable", { company_name: "Other brand's Quentin" }, secondBrandId);
    const { ctx, page, errors } = await adminPage();
    await page.goto(`${base()}/invoices`);
    const dialog = page.getByRole("dialog", { name: "Quick find" });
    // A key pressed before the page is hydrated is lost on a busy machine: press until the dialog opens.
    await expect
      .poll(async () => {
        await page.keyboard.press("/");
        return dialog.isVisible();
      })
      .toBe(true);
    await dialog.getByLabel("Find customers, subscriptions, invoices and tickets").fill("searchable");
    await dialog.getByRole("link", { name: /Quentin Searchable/ }).waitFor();
    expect(await dialog.getByRole("link", { name: /Quentin Searchable/ }).count()).toBe(1);
    expect(await dialog.textContent()).not.toContain("Other brand");
    await axe(page, "quick find");
    await shot(page, "quick-find-1280");
    await dialog.getByRole("link", { name: /Quentin Searchable/ }).click();
    await page.waitForURL(`${base()}/accounts/${mine.customer_account_id}`);

    // Ctrl+K, then Enter: the full results page.
    await page.keyboard.press("Control+k");
    await dialog.getByLabel("Find customers, subscriptions, invoices and tickets").fill("findme");
    await dialog.getByLabel("Find customers, subscriptions, invoices and tickets").press("Enter");
    await page.waitForURL(/\/search\?q=findme/);
    await page.getByRole("heading", { name: "Customers (1)" }).waitFor();
    await axe(page, "search results");
    await shot(page, "search-1280");
    // "/" typed in a field stays in the field.
    await page.getByLabel("Customers, subscriptions, invoices and tickets", { exact: true }).fill("");
    await page.getByLabel("Customers, subscriptions, invoices and tickets", { exact: true }).pressSequentially("a/b");
    expect(await page.getByLabel("Customers, subscriptions, invoices and tickets", { exact: true }).inputValue()).toBe("a/b");
    expect(await dialog.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await ctx.close();

    const narrow = await adminPage(375);
    await narrow.page.getByRole("button", { name: "Quick find" }).click();
    await narrow.page
      .getByRole("dialog", { name: "Quick find" })
      .getByLabel(/Find customers/)
      .fill("searchable");
    await narrow.page
      .getByRole("dialog", { name: "Quick find" })
      .getByRole("link", { name: /Quentin Searchable/ })
      .waitFor();
    await axe(narrow.page, "quick find (375)");
    await shot(narrow.page, "quick-find-375");
    await narrow.ctx.close();
  }, 120_000);

  it("exports a filtered list as CSV: the file holds exactly the page's rows, past one batch", async () => {
    const template = await account("Bulk", "Template", { company_name: "Bulkco" });
    // 1,100 more accounts (more than one 1,000-row batch), copied in SQL from the one made through the API.
    await database.db.execute(sql`
      insert into customer_accounts
      select (jsonb_populate_record(null::customer_accounts, to_jsonb(a) || jsonb_build_object(
        'id', gen_random_uuid(), 'first_name', 'Bulk', 'last_name', 'Copy' || lpad(g::text, 4, '0'), 'email_address', 'bulk' || g || '@example.com'))).*
      from customer_accounts a, generate_series(1, 1100) g where a.id = ${template.customer_account_id}`);
    await account("Bulk", "Suspended", { company_name: "Bulkco" }).then((a) => api("PATCH", "Account/Suspend", { customer_account_id: a.customer_account_id }));
    const { ctx, page, errors } = await adminPage();
    await page.goto(`${base()}/accounts?q=bulkco&status=1&sort=last_name&dir=desc`);
    await page.getByText("1–25 of 1101").waitFor();
    await axe(page, "accounts with export");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Export CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^accounts-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, "utf8")
      .trimEnd()
      .split("\n");
    const header = lines[0].split(",");
    expect(header.slice(0, 3)).toEqual(["customer_account_id", "first_name", "last_name"]);
    const rows = lines.slice(1).map((l) => l.split(","));
    expect(rows).toHaveLength(1101); // the suspended one is filtered out, as on the page
    expect(new Set(rows.map((r) => r[0])).size).toBe(1101);
    const lastNames = rows.map((r) => r[header.indexOf("last_name")]);
    expect(lastNames).toEqual([...lastNames].sort().reverse()); // the page's sort
    const inDb = resultRows<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from customer_accounts where brand_id = ${app.creds.brand_id} and company_name = 'Bulkco' and status = 1`,
      ),
    )[0].n;
    expect(rows.length).toBe(inDb);
    // Signed out: no file.
    const anonymous = await fetch(`${base()}/export/accounts`, { redirect: "manual" });
    expect(anonymous.status).toBe(401);
    expect(errors).toEqual([]);
    await ctx.close();
  }, 180_000);

  it("the grouped navigation: a sidebar at 1280, a menu at 375", async () => {
    const wide = await adminPage();
    for (const group of ["Customers", "Billing", "Support", "Catalog", "Settings"]) await wide.page.getByRole("list", { name: group }).waitFor();
    expect(await wide.page.getByRole("link", { name: "Invoices", exact: true }).isVisible()).toBe(true);
    await shot(wide.page, "shell-1280");
    await wide.ctx.close();
    const narrow = await adminPage(375);
    expect(await narrow.page.getByRole("link", { name: "Invoices", exact: true }).isVisible()).toBe(false);
    await narrow.page.getByRole("button", { name: "Menu" }).click();
    await narrow.page.getByRole("list", { name: "Billing" }).getByRole("link", { name: "Invoices" }).click();
    await narrow.page.waitForURL(/\/invoices$/);
    expect(await narrow.page.getByRole("link", { name: "Customer accounts" }).isVisible()).toBe(false);
    await narrow.page.goto(`${base()}/staff`);
    await narrow.page.getByRole("heading", { name: "Staff", exact: true }).waitFor();
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await axe(narrow.page, "staff (375)");
    await shot(narrow.page, "staff-375");
    await narrow.ctx.close();
  }, 120_000);
});
