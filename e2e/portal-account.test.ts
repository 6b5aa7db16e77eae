/**
 * The portal's self service in real Chromium against the built server: support tickets, the help
 * centre, the account page (profile, password, two-step, users), forgot password, sign-in with an
 * identity provider (a local fake OpenID provider speaking the real protocol) and sessions that end
 * when a user is suspended.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync } from "node:fs";
import { and, desc, eq, sql } from "drizzle-orm";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { getDb } from "../db/client";
import { kbArticles, outboxEvents } from "../db/schema";
import { startApp, type RunningApp } from "./support/server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/browser";
import { PORTAL_PASSWORD, callApi, expectAccessible, fitsScreen, newCustomer, passwordSignIn } from "./support/portal";
import { startFakeSmsProvider } from "../tests/support/fake-sms";
import { startFakeIdentityProvider } from "../tests/support/fake-oauth";

const SHOTS = "test-results/portal";

let app: RunningApp;
let browser: Browser;
let sms: Awaited<ReturnType<typeof startFakeSmsProvider>>;
let idp: Awaited<ReturnType<typeof startFakeIdentityProvider>>;

const api = (path: string, params: Record<string, string>, method = "POST") => callApi(app, path, params, method);
const customer = (tag: string, extra?: Record<string, string>) => newCustomer(app, tag, extra);
const signIn = (context: BrowserContext, login: string, password?: string, base?: string) => passwordSignIn(app, context, login, password, base);

/** A screenshot at the page's width (the name says which), the whole page. */
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** The contexts a test opened: on a failure, each open page is saved as debug-<n>.png for a look at where it stopped. */
const opened: BrowserContext[] = [];
const track = async (context: Promise<BrowserContext>) => {
  const c = await context;
  opened.push(c);
  return c;
};
const wide = () => track(browser.newContext({ viewport: { width: 1280, height: 900 } }));
const narrow = () => browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

/** Screenshot at 375 px of the same address, signed in as the same user (the narrow context gets the wide one's cookies). */
async function narrowShot(from: BrowserContext, url: string, name: string) {
  const context = await narrow();
  await context.addCookies(await from.cookies());
  const page = await context.newPage();
  await page.goto(url);
  await page.locator("h1").first().waitFor();
  expect(await fitsScreen(page), `${name} fits 375 px`).toBe(true);
  await expectAccessible(page, `${name} at 375`);
  await shot(page, `${name}-375`);
  await context.close();
}

const ticketsOf = async (accountId: string) => (await api("Ticket/List", { customer_account_id: accountId }, "GET")).tickets as Record<string, any>[];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  sms = await startFakeSmsProvider();
  idp = await startFakeIdentityProvider("google");
  app = await startApp({ ...sms.env, ...idp.env });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  await api(
    "Brand/Update",
    {
      update_brand_id: app.creds.brand_id,
      support_email: "help@e2e-brand.example",
      support_phone: "+1 555 010 0100",
      terms_url: "https://e2e-brand.example/terms",
    },
    "PATCH",
  );
});
afterEach(async ({ task }) => {
  if (task.result?.state === "fail") {
    let n = 0;
    for (const c of opened) for (const p of c.pages()) await p.screenshot({ path: `${SHOTS}/debug-${++n}.png`, fullPage: true }).catch(() => undefined);
  }
  opened.length = 0;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await sms?.close();
  await idp?.close();
});

describe("portal self service", { timeout: 180_000 }, () => {
  it("open and reply to a ticket: the list, a new ticket, support's answer, the customer's reply; INTERNAL and others' tickets stay hidden", async () => {
    const me = await customer("Support");
    const neighbour = await customer("NeighbourSupport");
    const theirs = (
      await api("Ticket/Create", { type: "NEW", subject: "Not yours", message: "Neighbour's", direction: "EXTERNAL", customer_account_id: neighbour.accountId })
    ).ticket;
    await api("Ticket/Create", { type: "NEW", subject: "Staff only note", message: "Internal", direction: "INTERNAL", customer_account_id: me.accountId });

    const context = await wide();
    const page = await signIn(context, me.email);
    await page.getByRole("heading", { name: "Hello, Pat" }).waitFor();
    await page.getByRole("link", { name: "Support", exact: true }).click();
    await page.getByRole("heading", { name: "Support", level: 1 }).waitFor();
    await page.getByText("No tickets yet").waitFor();
    expect(await page.getByText("Staff only note").count()).toBe(0);
    await page.getByRole("link", { name: "help@e2e-brand.example" }).first().waitFor();

    // An empty message is refused on its field; then the ticket opens and its page shows.
    await page.getByLabel("Subject").fill("My invoice is wrong");
    await page.getByRole("button", { name: "Send to support" }).click();
    await page.locator(".message-error").waitFor();
    await page.getByLabel("Message").fill("The November invoice charges me twice.\nPlease check.");
    await page.getByRole("button", { name: "Send to support" }).click();
    await page.waitForURL(/\/portal\/support\/[0-9a-f-]{36}/);
    await page.getByRole("heading", { name: /My invoice is wrong/ }).waitFor();
    await page.getByText("Waiting for support").first().waitFor();
    let [ticket] = await ticketsOf(me.accountId).then((all) => all.filter((t) => t.direction !== "INTERNAL"));
    expect(ticket).toMatchObject({ subject: "My invoice is wrong", direction: "EXTERNAL-CUSTOMER", working_status: "OPEN" });
    expect(ticket.messages).toHaveLength(1);
    expect(ticket.messages[0]).toMatchObject({ author_type: "CUSTOMER", customer_user_id: me.userId });

    // Support answers (through the API); the customer sees it and replies.
    await api("Ticket/Create", { type: "REPLY", ticket_id: ticket.ticket_id, message: "Sorry about that: we refunded the second charge." });
    await api("Ticket/Update", { ticket_id: ticket.ticket_id, working_status: "ANSWERED" }, "PATCH");
    await page.reload();
    await page.getByText("we refunded the second charge").waitFor();
    await page.getByText("Answered").first().waitFor();
    await page.getByRole("button", { name: "Send reply" }).click();
    await page.locator(".message-error").waitFor();
    await page.getByLabel("Your reply").fill("Thank you, I see the refund.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await page.getByText("Your reply was sent.").waitFor();
    await page.getByText("Thank you, I see the refund.").waitFor();
    [ticket] = await ticketsOf(me.accountId).then((all) => all.filter((t) => t.direction !== "INTERNAL"));
    expect(ticket.messages.map((m: { author_type: string }) => m.author_type)).toEqual(["CUSTOMER", "STAFF", "CUSTOMER"]);
    await expectAccessible(page, "ticket");
    await shot(page, "ticket-1280");
    await narrowShot(context, page.url(), "ticket");

    await page.getByRole("link", { name: "← All tickets" }).click();
    await page.getByRole("link", { name: "My invoice is wrong" }).waitFor();
    await expectAccessible(page, "support");
    await shot(page, "support-1280");
    await narrowShot(context, page.url(), "support");

    // Another customer's ticket and an INTERNAL one: not found.
    const internal = (await ticketsOf(me.accountId)).find((t) => t.direction === "INTERNAL")!;
    for (const id of [theirs.ticket_id, internal.ticket_id]) {
      const res = await page.goto(`${app.baseUrl}/portal/support/${id}`);
      expect(res!.status()).toBe(404);
    }
    // A closed ticket takes no reply.
    await api("Ticket/Update", { ticket_id: ticket.ticket_id, working_status: "CLOSED" }, "PATCH");
    await page.goto(`${app.baseUrl}/portal/support/${ticket.ticket_id}`);
    await page.getByText("This ticket is closed").waitFor();
    expect(await page.getByRole("button", { name: "Send reply" }).count()).toBe(0);
    await context.close();
  });

  it("find an article by tag: visible articles by category, a tag search, the article page; hidden ones never show", async () => {
    const category = async (params: Record<string, string>) =>
      (await api("Category/Create", { category_type: "PRIMARY", visibility: "1", ...params })).category.category_id as string;
    const article = async (params: Record<string, string>) =>
      (await api("Article/Create", { visibility: "1", summary: "", ...params })).article.article_id as string;
    const billing = await category({ name: "Billing" });
    const refunds = await category({ name: "Refunds", category_type: "SUB", parent_category_id: billing });
    const secret = await category({ name: "Secret category", visibility: "2" });
    const refundArticle = await article({
      category_id: refunds,
      title: "How refunds work",
      summary: "When money comes back to you",
      contents: "<h2>Timing</h2><p>Refunds reach your card in <strong>5 to 10 days</strong>.</p><script>window.hacked = true</script>",
      tags: "refund, payments",
    });
    await article({ category_id: billing, title: "Reading your invoice", contents: "<p>Each line is one charge.</p>", tags: "invoices" });
    await article({ category_id: billing, title: "Hidden draft", contents: "<p>Not yet</p>", tags: "refund", visibility: "2" });
    await article({ category_id: secret, title: "In a hidden category", contents: "<p>No</p>", tags: "refund" });

    const me = await customer("Helpreader");
    const context = await wide();
    const page = await signIn(context, me.email);
    await page.getByRole("heading", { name: "Hello, Pat" }).waitFor();
    await page.getByRole("link", { name: "Help", exact: true }).click();
    await page.getByRole("heading", { name: "Help", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Billing", exact: true }).waitFor();
    await page.getByRole("heading", { name: "Billing › Refunds" }).waitFor();
    await page.getByRole("link", { name: "Reading your invoice" }).waitFor();
    for (const hidden of ["Hidden draft", "In a hidden category", "Secret category"]) expect(await page.getByText(hidden).count(), hidden).toBe(0);
    await expectAccessible(page, "help");
    await shot(page, "help-1280");
    await narrowShot(context, page.url(), "help");

    // Part of a tag, in any case.
    await page.getByLabel("Search by tag").fill("REFUN");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/tag=REFUN/);
    await page.getByText("1 article tagged “REFUN”").waitFor();
    await page.getByRole("link", { name: "How refunds work" }).waitFor();
    expect(await page.getByRole("link", { name: "Reading your invoice" }).count()).toBe(0);
    await shot(page, "help-tag-1280");

    const views = async () => (await (await getDb()).select({ n: kbArticles.viewCount }).from(kbArticles).where(eq(kbArticles.id, refundArticle)))[0].n;
    const before = await views();
    await page.getByRole("link", { name: "How refunds work" }).click();
    await page.getByRole("heading", { name: "How refunds work", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Timing" }).waitFor();
    await page.getByText("5 to 10 days").waitFor();
    expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
    expect(await views()).toBe(before + 1);
    await expectAccessible(page, "article");
    await shot(page, "article-1280");
    await narrowShot(context, page.url(), "article");

    // Its tag links list the articles with that tag.
    await page.getByRole("link", { name: "#payments" }).click();
    await page.waitForURL(/tag=payments/);
    await page.getByRole("link", { name: "How refunds work" }).waitFor();
    // A hidden article by its id: not found.
    const hiddenId = (
      await (
        await getDb()
      )
        .select({ id: kbArticles.id })
        .from(kbArticles)
        .where(and(eq(kbArticles.brandId, app.creds.brand_id), eq(kbArticles.title, "Hidden draft")))
    )[0].id;
    expect((await page.goto(`${app.baseUrl}/portal/help/${hiddenId}`))!.status()).toBe(404);
    await context.close();
  });

  it("sign in with a provider: the fake OpenID provider's authorize, token and userinfo; an unknown email is refused on the sign-in page", async () => {
    const me = await customer("Provider");
    // PUBLIC_URL's host (localhost): the provider's callback is registered there, so the browser stays on it.
    const base = app.baseUrl.replace("127.0.0.1", "localhost");
    const context = await wide();
    const page = await context.newPage();
    await page.goto(`${base}/portal/login?brand=${app.creds.brand_id}&redirect=/portal/support`);
    await expectAccessible(page, "sign-in with providers");
    await shot(page, "sign-in-providers-1280");
    idp.signInAs({ email: me.email, emailVerified: true, givenName: "Pat", familyName: "Provider" });
    const before = idp.tokenRequests.length;
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByRole("heading", { name: "Support", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/portal/support");
    expect(idp.tokenRequests.length).toBe(before + 1);
    expect(idp.tokenRequests.at(-1)).toMatchObject({ grant_type: "authorization_code", client_id: "client-google" });
    expect(idp.tokenRequests.at(-1)!.code_verifier).toBeTruthy();
    const logins = (await api("User/List", { user_id: me.userId }, "GET")).users[0].login_history as { method: string }[];
    expect(logins.map((l) => l.method)).toContain("temporary_token");
    await context.close();

    // Nobody uses this email: back on the brand's sign-in page with the reason.
    const other = await wide();
    const p2 = await other.newPage();
    await p2.goto(`${base}/portal/login?brand=${app.creds.brand_id}`);
    idp.signInAs({ email: `nobody-${Date.now()}@example.com` });
    await p2.getByRole("button", { name: "Continue with Google" }).click();
    await p2.getByRole("alert").filter({ hasText: "No account uses the email address" }).waitFor();
    expect(await other.cookies().then((c) => c.some((x) => x.name === "portal_session" && x.value))).toBe(false);
    await expectAccessible(p2, "provider refused");
    await shot(p2, "sign-in-provider-refused-1280");
    await other.close();
  });

  it("forgot password: the same answer for anyone; the emailed temporary password signs in and is then changed under Account", async () => {
    const me = await customer("Forgetful");
    const context = await wide();
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/portal/login?brand=${app.creds.brand_id}`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    const ask = async (login: string) => {
      await page.reload();
      await page.getByLabel("Email address or username").fill(login);
      await page.getByRole("button", { name: "Email me a temporary password" }).click();
      const notice = page.getByRole("status").filter({ hasText: "temporary password" });
      await notice.waitFor();
      return notice.textContent();
    };
    const forUnknown = await ask(`nobody-${Date.now()}@example.com`);
    const forMe = await ask(me.email);
    expect(forMe).toBe(forUnknown);
    await expectAccessible(page, "forgot password");
    await shot(page, "forgot-1280");

    const db = await getDb();
    const [event] = await db
      .select()
      .from(outboxEvents)
      .where(
        and(eq(outboxEvents.brandId, app.creds.brand_id), eq(outboxEvents.type, "User/PasswdReset"), sql`${outboxEvents.payload}->>'to_email' = ${me.email}`),
      )
      .orderBy(desc(outboxEvents.createdAt))
      .limit(1);
    const temporary = (event.payload as { user: { temporary_password: string } }).user.temporary_password;
    expect(temporary).toMatch(/^[A-Za-z0-9]{16}$/);

    const signedIn = await signIn(context, me.email, temporary);
    await signedIn.getByRole("heading", { name: "Hello, Pat" }).waitFor();
    await signedIn.getByRole("link", { name: "Account" }).click();
    await signedIn.getByRole("heading", { name: "Account", level: 1 }).waitFor();
    await signedIn.getByLabel("Current password").fill("not it at all");
    await signedIn.getByLabel("New password", { exact: true }).fill("Brand-new-pass-1");
    await signedIn.getByLabel("New password again").fill("Brand-new-pass-1");
    await signedIn.getByRole("button", { name: "Change password" }).click();
    await signedIn.locator(".current_password-error").filter({ hasText: "not your current password" }).waitFor();
    await signedIn.getByLabel("Current password").fill(temporary);
    await signedIn.getByRole("button", { name: "Change password" }).click();
    await signedIn.getByText("Your password was changed.").waitFor();
    await context.close();

    const again = await wide();
    const p3 = await signIn(again, me.email, "Brand-new-pass-1");
    await p3.getByRole("heading", { name: "Hello, Pat" }).waitFor();
    await again.close();
  });

  it("password with an SMS code: two-step turned on under Account sends the code by text message", async () => {
    const me = await customer("Texter", { phone_number_country_code: "1", phone_number: "555-010-0142" });
    const context = await wide();
    const page = await signIn(context, me.email);
    await page.getByRole("heading", { name: "Hello, Pat" }).waitFor();
    await page.goto(`${app.baseUrl}/portal/account`);
    await page.getByText("Turn it on to be asked for a code sent by text message").waitFor();
    await page.getByRole("button", { name: "Turn on two-step verification" }).click();
    await page.getByRole("button", { name: "Turn off two-step verification" }).waitFor();
    expect((await api("User/List", { user_id: me.userId }, "GET")).users[0].verified).toBe("Y");
    await expectAccessible(page, "account");
    await shot(page, "account-1280");
    await narrowShot(context, page.url(), "account");
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.waitForURL(/\/portal\/login\?/);

    const sent = sms.requests.length;
    const p2 = await signIn(context, me.email);
    await p2.getByRole("heading", { name: "Verify it's you" }).waitFor();
    await p2.getByText("by text message").waitFor();
    expect(sms.requests.length).toBe(sent + 1);
    expect(sms.requests.at(-1)!.form.To).toContain("5550100142");
    const code = sms.lastTextedCode();
    await p2.getByLabel("Verification code").fill(code);
    await p2.getByRole("button", { name: "Verify and sign in" }).click();
    await p2.getByRole("heading", { name: "Hello, Pat" }).waitFor();
    await context.close();

    // Through an identity provider too, the code comes next.
    const viaProvider = await wide();
    const p3 = await viaProvider.newPage();
    await p3.goto(`${app.baseUrl.replace("127.0.0.1", "localhost")}/portal/login?brand=${app.creds.brand_id}`);
    idp.signInAs({ email: me.email });
    await p3.getByRole("button", { name: "Continue with Google" }).click();
    await p3.getByRole("heading", { name: "Verify it's you" }).waitFor();
    await expectAccessible(p3, "verify");
    await shot(p3, "verify-1280");
    const second = sms.lastTextedCode();
    await p3.getByLabel("Verification code").fill(second);
    await p3.getByRole("button", { name: "Verify and sign in" }).click();
    await p3.getByRole("heading", { name: "Hello, Pat" }).waitFor();
    await viaProvider.close();
  });

  it("an ADMIN user adds a user to the account, edits and removes them; a USER sees no users", async () => {
    const me = await customer("Admin");
    const context = await wide();
    const page = await signIn(context, me.email);
    await page.getByRole("heading", { name: "Hello, Pat" }).waitFor();
    await page.goto(`${app.baseUrl}/portal/account`);
    await page.getByRole("heading", { name: "Users of this account" }).waitFor();

    // Profile: the server's refusal on its field, then saved.
    await page.getByLabel("Email address").first().fill("not an email");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.locator(".email_address-error").waitFor();
    await page.getByLabel("Email address").first().fill(me.email);
    await page.getByLabel("First name").first().fill("Patricia");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Your profile was saved.").waitFor();
    expect((await api("User/List", { user_id: me.userId }, "GET")).users[0].first_name).toBe("Patricia");

    await page.getByRole("button", { name: "Add a user" }).click();
    const add = page.getByRole("form", { name: "Add a user" });
    await add.getByLabel("First name").fill("Robin");
    await add.getByLabel("Last name").fill("Colleague");
    await add.getByLabel("Email address").fill(me.email); // taken on this account
    await add.getByRole("button", { name: "Add user" }).click();
    await add.locator(".email_address-error").waitFor();
    const robinEmail = `robin-${Date.now()}@example.com`;
    await add.getByLabel("Email address").fill(robinEmail);
    await add.getByRole("button", { name: "Add user" }).click();
    await page.getByText("Robin Colleague was added").waitFor();
    const users = () => api("User/List", { customer_account_id: me.accountId }, "GET").then((b) => b.users as Record<string, string>[]);
    const robin = (await users()).find((u) => u.email_address === robinEmail)!;
    expect(robin).toMatchObject({ first_name: "Robin", access_level: "USER", status: "1" });
    await expectAccessible(page, "account with users");
    await shot(page, "account-users-1280");

    await page.getByRole("button", { name: "Edit Robin Colleague" }).click();
    const edit = page.getByRole("form", { name: "Edit Robin Colleague" });
    await edit.getByLabel("Last name").fill("Partner");
    await edit.getByRole("button", { name: "Save user" }).click();
    await page.getByText("Robin Partner was saved.").waitFor();
    expect((await users()).find((u) => u.user_id === robin.user_id)).toMatchObject({ last_name: "Partner", access_level: "USER" });

    // Robin, a USER, sees no users of the account.
    await api("User/Update", { user_id: robin.user_id, access_level: "USER", password: PORTAL_PASSWORD }, "PATCH");
    const robinContext = await wide();
    const rp = await signIn(robinContext, robinEmail);
    await rp.getByRole("heading", { name: "Hello, Robin" }).waitFor();
    await rp.goto(`${app.baseUrl}/portal/account`);
    await rp.getByRole("heading", { name: "Your profile" }).waitFor();
    expect(await rp.getByRole("heading", { name: "Users of this account" }).count()).toBe(0);

    // Remove, after a dialog that says what happens; Robin's session ends at once.
    await page.getByRole("button", { name: "Remove Robin Partner" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove Robin Partner?" });
    await dialog.getByText("can no longer sign in").waitFor();
    await expectAccessible(page, "remove dialog");
    await shot(page, "account-remove-1280");
    await dialog.getByRole("button", { name: "Remove user" }).click();
    await page.getByText("Robin Partner was removed from the account.").waitFor();
    expect((await users()).find((u) => u.user_id === robin.user_id)!.status).toBe("3");
    await rp.reload();
    await rp.waitForURL(/\/portal\/login\?/);
    await robinContext.close();
    await context.close();
  });

  it("a suspended user loses the session at once, on the next page and on the next action", async () => {
    const me = await customer("Suspendee");
    const context = await wide();
    const page = await signIn(context, me.email);
    await page.getByRole("heading", { name: "Hello, Pat" }).waitFor();
    await page.goto(`${app.baseUrl}/portal/support`);
    await page.getByLabel("Subject").fill("Before suspension");
    await api("User/Suspend", { user_id: me.userId }, "PATCH");
    await page.getByLabel("Message").fill("This should not be sent");
    await page.getByRole("button", { name: "Send to support" }).click();
    await page.getByRole("alert").filter({ hasText: "Your session has ended" }).waitFor();
    expect(await ticketsOf(me.accountId)).toHaveLength(0);
    await page.reload();
    await page.waitForURL(/\/portal\/login\?/);
    await page.getByText("Your session has ended").waitFor();
    // Restored by the brand, the user signs in again.
    await api("User/Restore", { user_id: me.userId }, "PATCH");
    const again = await wide();
    const p2 = await signIn(again, me.email);
    await p2.getByRole("heading", { name: "Hello, Pat" }).waitFor();
    await again.close();
    await context.close();
  });

  it("at 375 px: sign-in with providers, forgot password and the second-factor page fit the screen", async () => {
    const context = await narrow();
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/portal/login?brand=${app.creds.brand_id}`);
    await page.getByRole("button", { name: "Continue with Google" }).waitFor();
    expect(await fitsScreen(page)).toBe(true);
    await expectAccessible(page, "sign-in at 375");
    await shot(page, "sign-in-providers-375");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    expect(await fitsScreen(page)).toBe(true);
    await shot(page, "forgot-375");
    await context.close();
  });
});
