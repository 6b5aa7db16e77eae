/**
 * The dashboard's support areas in real headless Chromium against the built server: merging two
 * tickets (a reply on one, the merge dialog naming the survivor, the thread then holding both),
 * writing a notification template and reading its rendered preview, a knowledge-base category tree
 * and a sanitised article, and a single-use portal sign-in link that really signs the customer in.
 * Each journey checks what the API then holds; axe runs on every page (no serious or critical
 * violation) and screenshots at 1280 and 375 px go to test-results/dashboard/.
 */
import { describe, expect, it } from "vitest";
import { type Browser, type Page } from "playwright-core";
import { type RunningApp } from "./support/server";
import { axe as axeOn, createAccount, dashboardApi, shot as shotIn, signedInPage } from "./support/dashboard";
import { useApp } from "./support/setup";

const SHOTS = "test-results/dashboard";
/** A journey clicks through many pages on a shared 2-core machine; each step still fails within STEP_MS. */
const JOURNEY_MS = 180_000;
const STEP_MS = 20_000;
let app: RunningApp;
let browser: Browser;

const api = (method: string, path: string, params: Record<string, string> = {}) => dashboardApi(app, method, path, params);

let accounts = 0;
/** A customer account (with its initial portal user) made through the API. */
async function account(first: string, last: string) {
  const email = `${first}.${last}.${++accounts}@example.com`.toLowerCase();
  const a = (await createAccount(app, first, last, { email_address: email })).customer_account;
  const user = (await api("GET", "User/List", { customer_account_id: a.customer_account_id })).users[0];
  return { id: a.customer_account_id as string, email, userId: user.user_id as string };
}

/** Chooses an account in a customer account picker (it searches as you type) by its email. */
async function pickAccount(page: Page, label: string, email: string) {
  await page.getByRole("combobox", { name: label }).fill(email);
  await page.getByRole("option", { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).click();
}

// The email previews are sandboxed frames that run no script, axe's included; what they show is the staff's own template.
const axe = (page: Page, what: string) => axeOn(page, what, "iframe[sandbox]");

const shot = (page: Page, name: string) => shotIn(page, SHOTS, name);

/** A signed-in page at this width; page errors fail the journey at its end. */
async function signedIn(width = 1280) {
  const { ctx, page, errors } = await signedInPage(browser, app, `${base()}/tickets`, /\/tickets$/, { width, stepMs: STEP_MS, waitForSignIn: true });
  return { page, errors, close: () => ctx.close() };
}

/** The same page at phone width, checked by axe and photographed. */
async function atPhoneWidth(url: string, name: string, ready: (page: Page) => Promise<unknown>) {
  const s = await signedIn(375);
  await s.page.goto(url);
  await ready(s.page);
  await axe(s.page, `${name} (375)`);
  await shot(s.page, `${name}-375`);
  // Nothing wider than the screen: the page never scrolls sideways.
  expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await s.close();
}

const base = () => `${app.baseUrl}/dashboard/${app.creds.brand_id}`;

useApp({ shots: SHOTS, browser: true }, (s) => ({ app, browser } = s));

describe("the dashboard's support areas", () => {
  it(
    "merge tickets: two tickets, a reply on one, the merge names the survivor, the thread shows both",
    async () => {
      const customer = await account("Mia", "Merge");
      const open = (subject: string, message: string) =>
        api("POST", "Ticket/Create", {
          type: "NEW",
          subject,
          message,
          direction: "EXTERNAL-CUSTOMER",
          department: "Billing",
          customer_account_id: customer.id,
          customer_user_id: customer.userId,
        }).then((r) => r.ticket);
      const first = await open("Charged twice", "I was charged twice this month.");
      const second = await open("Refund please", "Please refund the second charge.");
      await api("POST", "Ticket/Create", { type: "NEW", subject: "Internal: check gateway", message: "Look at the gateway logs.", direction: "INTERNAL" });

      const { page, errors, close } = await signedIn();
      const rows = page.locator("tbody tr");
      await expect.poll(() => rows.count()).toBe(3);
      await axe(page, "tickets");
      await shot(page, "tickets-1280");
      // Search by subject, and the department filter, both in the URL.
      await page.getByLabel("Search tickets").fill("refund");
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL(/q=refund/);
      await expect.poll(() => rows.count()).toBe(1);
      await page.goto(`${base()}/tickets?direction=INTERNAL`);
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain("check gateway");
      await page.goto(`${base()}/tickets?department=Billing`);
      await expect.poll(() => rows.count()).toBe(2);

      // Reply on the first ticket: the customer sees it, and the thread shows it.
      await page.getByRole("link", { name: "Charged twice" }).click();
      await page.getByRole("heading", { name: /#\d+ Charged twice/ }).waitFor();
      await page.getByLabel("Reply to the customer").fill("Sorry about that: we are looking into it.");
      await page.getByRole("button", { name: "Send reply" }).click();
      await page.getByText("Sorry about that: we are looking into it.").waitFor();
      await expect.poll(() => page.getByLabel("Reply to the customer").inputValue()).toBe("");

      // Status: saved through Ticket/Update.
      await page.getByLabel("Status", { exact: true }).selectOption("WORKING");
      await page.getByRole("button", { name: "Save status" }).click();
      await page.getByText("Status saved.").waitFor();

      // Merge the second into this one: the dialog says which survives and which ceases to exist.
      await page.getByRole("button", { name: "Merge…" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      await dialog.getByLabel("Merge with").selectOption(second.ticket_id);
      const text = await dialog.textContent();
      expect(text).toContain(`#${first.friendly_ticket_id} “Charged twice” survives`);
      expect(text).toContain(`#${second.friendly_ticket_id} “Refund please”, which ceases to exist`);
      await axe(page, "merge dialog");
      await shot(page, "ticket-merge-dialog-1280");
      await dialog.getByRole("button", { name: `Merge into #${first.friendly_ticket_id}` }).click();
      await page.getByRole("heading", { name: "Conversation (3)" }).waitFor();
      for (const m of ["I was charged twice this month.", "Please refund the second charge.", "Sorry about that: we are looking into it."]) {
        await page.getByText(m).waitFor();
      }
      await axe(page, "ticket");
      await shot(page, "ticket-1280");

      // The API agrees: the survivor holds three customer and staff messages, the merged one is gone.
      const survivor = (await api("GET", "Ticket/List", { ticket_id: first.ticket_id })).tickets[0];
      expect(survivor.working_status).toBe("WORKING");
      expect(survivor.messages.map((m: { author_type: string }) => m.author_type).sort()).toEqual(["CUSTOMER", "CUSTOMER", "STAFF"]);
      expect((await api("GET", "Ticket/List", { ticket_id: second.ticket_id })).tickets).toEqual([]);
      expect(errors).toEqual([]);
      await close();
      await atPhoneWidth(`${base()}/tickets/${first.ticket_id}`, "ticket", (p) => p.getByRole("heading", { name: "Conversation (3)" }).waitFor());
      await atPhoneWidth(`${base()}/tickets`, "tickets", (p) => p.locator("tbody tr").first().waitFor());
    },
    JOURNEY_MS,
  );

  it(
    "write a notification template and see the preview",
    async () => {
      const { page, errors, close } = await signedIn();
      await page.goto(`${base()}/notifications`);
      await page.getByText("No notifications yet").waitFor();
      await axe(page, "notifications (empty)");
      await page.getByRole("link", { name: "Invoice/Create" }).click();
      await page.getByRole("heading", { name: "New notification" }).waitFor();
      expect(await page.getByLabel("Event").inputValue()).toBe("Invoice/Create");

      // Empty templates: the preview shows the event's default, rendered with the sample values.
      const customerCopy = page.getByTestId("preview-customer");
      await expect.poll(() => customerCopy.textContent()).toContain("(default template where empty)");

      await page.getByLabel("From address").fill("billing@example.com");
      await page.getByLabel("Customer's subject").fill("Invoice for {{customer.first_name}}: {{invoice.total}}");
      await page
        .getByLabel("Customer's email (HTML)")
        .fill("<p>Hello {{customer.first_name}},</p><p>You owe <b>{{invoice.amount_due}}</b> by {{invoice.due_date}}.</p>");
      await expect.poll(() => customerCopy.textContent()).toContain("Invoice for Jane: 25.00");
      const frame = page.frameLocator('iframe[title="Customer\'s email, rendered"]');
      await expect.poll(() => frame.locator("body").textContent()).toContain("You owe 15.00 by 12/1/2026.");

      // A placeholder this event never fills is shown at once, and the server refuses it on the field.
      await page.getByLabel("Customer's subject").fill("Hi {{user.temporary_password}}");
      await expect.poll(() => customerCopy.getByRole("alert").textContent()).toContain("unknown placeholder {{user.temporary_password}}");
      await shot(page, "notification-preview-error-1280");
      await page.getByRole("button", { name: "Create notification" }).click();
      await expect.poll(() => page.locator("#subject_customer-error").textContent()).toContain("unknown placeholder");
      await page.getByLabel("Customer's subject").fill("Invoice for {{customer.first_name}}: {{invoice.total}}");
      await frame.getByText("You owe 15.00").waitFor();
      await axe(page, "notification form");
      await shot(page, "notification-form-1280");
      await page.getByRole("button", { name: "Create notification" }).click();
      await page.getByRole("heading", { name: /Invoice\/Create/ }).waitFor();
      await expect.poll(() => page.getByTestId("preview-customer").textContent()).toContain("Invoice for Jane: 25.00");
      await axe(page, "notification");
      await shot(page, "notification-1280");

      const stored = (await api("GET", "Notification/List", { notification_event: "Invoice/Create" })).notifications[0];
      expect(stored.subject_customer).toBe("Invoice for {{customer.first_name}}: {{invoice.total}}");
      expect(stored.from_email).toBe("billing@example.com");

      // Edit sends only what changed; delete is confirmed.
      await page.getByRole("link", { name: "Edit", exact: true }).click();
      await page.getByLabel("Send the brand a copy").selectOption("Y");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect.poll(() => page.locator("#default_notify_brand_email-error").textContent()).toContain("required when default_notify_brand is Y");
      await page.getByLabel("Brand copy goes to").fill("ops@example.com");
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByText("To ops@example.com").waitFor();
      const updated = (await api("GET", "Notification/List", { notification_event: "Invoice/Create" })).notifications[0];
      expect(updated.default_notify_brand_email).toBe("ops@example.com");
      expect(updated.subject_customer).toBe(stored.subject_customer);
      expect(errors).toEqual([]);
      await close();
      await atPhoneWidth(`${base()}/notifications/${stored.notification_id}/edit`, "notification-form", async (p) => {
        // Off-screen frames are not painted: bring the preview into view for the screenshot.
        await p.getByTestId("preview-customer").scrollIntoViewIfNeeded();
        await p.frameLocator('iframe[title="Customer\'s email, rendered"]').getByText("You owe").waitFor();
      });
    },
    JOURNEY_MS,
  );

  it(
    "create a KB category and article",
    async () => {
      const { page, errors, close } = await signedIn();
      await page.goto(`${base()}/knowledge`);
      await page.getByText("No categories yet").waitFor();
      await page.getByRole("link", { name: "New category" }).first().click();
      await page.getByLabel("Name").fill("Billing");
      await page.getByRole("button", { name: "Create category" }).click();
      await page.getByRole("heading", { name: "Knowledge base" }).waitFor();

      // A sub category needs its parent: refused on the field until one is chosen.
      await page.getByRole("link", { name: "New category" }).first().click();
      await page.getByLabel("Name").fill("Invoices");
      await page.getByLabel("Level").selectOption("SUB");
      await page.getByRole("button", { name: "Create category" }).click();
      await expect.poll(() => page.locator("#parent_category_id-error").textContent()).toBeTruthy();
      await page.getByLabel("Parent category").selectOption({ label: "Billing" });
      await page.getByLabel("Visibility").selectOption("2");
      await axe(page, "category form");
      await page.getByRole("button", { name: "Create category" }).click();
      await page.getByRole("heading", { name: "Knowledge base" }).waitFor();
      await page.getByText("Hidden").first().waitFor();

      await page.getByRole("link", { name: "Add article to Invoices" }).click();
      await page.getByRole("heading", { name: "New article" }).waitFor();
      expect(await page.getByLabel("Category").inputValue()).not.toBe("");
      await page.getByLabel("Title").fill("Reading your invoice");
      await page.getByLabel("Tags").fill("billing, invoices");
      await page
        .getByLabel("Contents")
        .fill(
          '<p>Each invoice shows <b>what you owe</b>.</p><script>alert("x")</script><img src="https://example.com/i.png" onerror="alert(1)" alt="Invoice">',
        );
      await axe(page, "article form");
      await shot(page, "article-form-1280");
      await page.getByRole("button", { name: "Create article" }).click();
      await page.getByRole("heading", { name: "Reading your invoice" }).waitFor();
      await page.getByText("what you owe").waitFor();
      await axe(page, "article");
      await shot(page, "article-1280");
      const articleId = page.url().split("/").pop()!;

      // Stored sanitised: the script and the handler are gone, the formatting stays.
      const article = (await api("GET", "Article/List", { article_id: articleId })).articles[0];
      expect(article.contents).toContain("<b>what you owe</b>");
      expect(article.contents).not.toContain("<script");
      expect(article.contents).not.toContain("onerror");
      const sub = (await api("GET", "Category/List", { category_type: "SUB" })).categories[0];
      expect(sub.name).toBe("Invoices");
      expect(String(sub.visibility)).toBe("2");
      expect(article.category_id).toBe(sub.category_id);

      // Delete behind a confirmation; the deleted view restores it.
      await page.getByRole("button", { name: "Delete Reading your invoice" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete article" }).click();
      await page.getByText("Deleted", { exact: true }).waitFor();
      await page.goto(`${base()}/knowledge?deleted=Y`);
      await page.getByRole("link", { name: "Reading your invoice" }).waitFor();
      await page.goto(`${base()}/knowledge/articles/${articleId}`);
      await page.getByRole("button", { name: "Restore Reading your invoice" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Restore article" }).click();
      await page.getByRole("link", { name: "Edit", exact: true }).waitFor();
      expect((await api("GET", "Article/List", { category_id: sub.category_id })).articles).toHaveLength(1);

      await page.goto(`${base()}/knowledge`);
      await page.getByRole("link", { name: "Reading your invoice" }).waitFor();
      await axe(page, "knowledge base");
      await shot(page, "knowledge-1280");
      expect(errors).toEqual([]);
      await close();
      await atPhoneWidth(`${base()}/knowledge`, "knowledge", (p) => p.getByRole("link", { name: "Reading your invoice" }).waitFor());
    },
    JOURNEY_MS,
  );

  it(
    "send a portal sign-in link",
    async () => {
      const customer = await account("Lena", "Link");
      const { page, errors, close } = await signedIn();
      await page.goto(`${base()}/users`);
      await page.getByRole("link", { name: "Lena Link" }).waitFor();
      await axe(page, "users");
      await shot(page, "users-1280");

      // A second user: the same email on the account is refused by the server, on the field.
      await page.getByRole("link", { name: "New user" }).click();
      await pickAccount(page, "Customer account", customer.email);
      await page.getByLabel("First name").fill("Leo");
      await page.getByLabel("Last name").fill("Link");
      await page.locator("#email_address").fill(customer.email);
      await page.getByRole("button", { name: "Create user" }).click();
      await expect.poll(() => page.locator("#email_address-error").textContent()).toBeTruthy();
      await page.locator("#email_address").fill("leo.link@example.com");
      await axe(page, "user form");
      await page.getByRole("button", { name: "Create user" }).click();
      await page.getByRole("heading", { name: /Leo Link/ }).waitFor();
      expect((await api("GET", "User/List", { customer_account_id: customer.id })).users).toHaveLength(2);

      // The link: created once, shown once, copyable; it signs the user in to the portal.
      await page.getByRole("button", { name: "Portal sign-in link" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Valid for").selectOption("5");
      await dialog.getByRole("button", { name: "Create link" }).click();
      const link = await dialog.getByLabel("Sign-in link").inputValue();
      expect(link).toMatch(/\/portal\/sign-in\?token=/);
      await axe(page, "sign-in link dialog");
      await shot(page, "user-sign-in-link-1280");
      await dialog.getByRole("button", { name: "Done" }).click();
      await axe(page, "user");
      await shot(page, "user-1280");

      const portal = await browser.newContext();
      const customerPage = await portal.newPage();
      // The link names the configured public address; the test server listens elsewhere.
      const url = new URL(link);
      await customerPage.goto(`${app.baseUrl}${url.pathname}${url.search}`);
      await customerPage.waitForURL((u) => u.pathname.startsWith("/portal") && !u.pathname.startsWith("/portal/login"));
      expect(await customerPage.textContent("body")).toContain("Leo");
      // Single use: the same link again does not sign in.
      const again = await (await browser.newContext()).newPage();
      await again.goto(`${app.baseUrl}${url.pathname}${url.search}`);
      await again.waitForURL(/\/portal\/login/);
      await portal.close();

      // Suspend behind a confirmation: no link is offered for a suspended user.
      await page.getByRole("button", { name: "Suspend" }).click();
      expect(await page.getByRole("dialog").textContent()).toContain("can no longer sign in");
      await page.getByRole("dialog").getByRole("button", { name: "Suspend user" }).click();
      await page.getByRole("button", { name: "Restore" }).waitFor();
      expect(await page.getByRole("button", { name: "Portal sign-in link" }).count()).toBe(0);
      expect(errors).toEqual([]);
      await close();
      await atPhoneWidth(`${base()}/users`, "users", (p) => p.getByRole("link", { name: "Leo Link" }).waitFor());
    },
    JOURNEY_MS,
  );

  it(
    "notes: written about an account, listed, deleted behind a confirmation",
    async () => {
      const customer = await account("Nora", "Note");
      const { page, errors, close } = await signedIn();
      await page.goto(`${base()}/notes`);
      await page.getByText("No notes match").waitFor();
      await page.getByRole("link", { name: "New note" }).click();
      await page.getByLabel("Subject").fill("Called about renewal");
      await page.locator("#contents").fill("Wants the renewal moved to the 1st.");
      // Attached to nothing: refused, naming the account field.
      await page.getByRole("button", { name: "Save note" }).click();
      await expect.poll(() => page.locator("#customer_account_id-error").textContent()).toContain("at least one of");
      await pickAccount(page, "Customer account", customer.email);
      await axe(page, "note form");
      await page.getByRole("button", { name: "Save note" }).click();
      await page.getByText("Wants the renewal moved to the 1st.").waitFor();
      await axe(page, "notes");
      await shot(page, "notes-1280");
      expect((await api("GET", "Note/List", { customer_account_id: customer.id })).notes).toHaveLength(1);
      await page.getByRole("button", { name: "Delete note Called about renewal" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete note" }).click();
      await page.getByText("No notes match").waitFor();
      expect((await api("GET", "Note/List", { customer_account_id: customer.id })).notes).toHaveLength(0);
      expect(errors).toEqual([]);
      await close();
      await atPhoneWidth(`${base()}/notes/new`, "note-form", (p) => p.getByLabel("Subject").waitFor());
    },
    JOURNEY_MS,
  );
});
