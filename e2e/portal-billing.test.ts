/**
 * The portal's billing in real Chromium against the built server: a plan change previewed with
 * Subscription/Estimate, paying an invoice with a new card, the invoice PDF (portal and
 * dashboard), a refund's credit note (beside the invoices, on the invoice, its PDF), and a pay method's life (add, verify, default, remove). What each journey does is
 * then read back through the API and the database.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { type RunningApp } from "./support/server";
import { pdfText } from "./support/browser";
import { expectAccessible } from "./support/portal";
import { dumpDatabase } from "../tests/support/payments";
import { useApp } from "./support/setup";

const SHOTS = "test-results/portal";
const CARD = "4242424242424242";
const DECLINED_CARD = "4000000000000002";

let app: RunningApp;
let browser: Browser;
const catalog = { groupId: "", basicId: "", proId: "", extraId: "", coupon: "" };

/** The API over HTTP, with the test tenant's credentials. */
async function api(path: string, params: Record<string, string>, method = "POST") {
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
const list = (path: string, params: Record<string, string>) => api(path, params, "GET");

let customers = 0;
/** A customer with an address (the PDF shows it), signed in to the portal in a browser of the given width. */
async function signedInCustomer(width = 1280) {
  const tag = `Billing${++customers}`;
  const body = await api("Account/Create", {
    first_name: "Robin",
    last_name: tag,
    // Letters only: a long run of digits can pass for a card number, which the API refuses in free text.
    email_address: `${tag.toLowerCase()}-${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, "")}@example.com`,
    address: "12 Harbour Street",
    city: "Portland",
    state: "OR",
    zip_code: "97201",
    country: "US",
    locale: "en-US",
    timezone_id: "America/Los_Angeles",
    skip_notification: "Y",
  });
  const accountId = body.customer_account.customer_account_id as string;
  const token = await api("User/CreateToken", { customer_account_id: accountId, user_id: body.user.user_id, expiration: "5" });
  const link = new URL(token.token.sign_in_url);
  const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 780 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${app.baseUrl}${link.pathname}${link.search}`);
  await page.waitForURL(/\/portal$/);
  return { accountId, name: `Robin ${tag}`, context, page, errors };
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** The same page at 375 px wide: axe and a screenshot. */
async function narrow(context: BrowserContext, url: string, name: string, ready: (p: Page) => Promise<unknown>) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 780 });
  await page.goto(url);
  await ready(page);
  await expectAccessible(page, `${name} at 375`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
  await shot(page, `${name}-375`);
  return page;
}

const subscribe = async (accountId: string, productId: string, extra: Record<string, string> = {}) =>
  (await api("Subscription/Create", { customer_account_id: accountId, product_id: productId, override_initial_billing: "Y", auto_pay: "N", ...extra }))
    .subscription.subscription_id as string;

useApp({ env: { GATEWAY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") }, shots: SHOTS, browser: true }, async (s) => {
  ({ app, browser } = s);
  await api("PayGateway/Create", { name: "Sandbox", gateway_provider: "sandbox", credentials_1: "sandbox-secret-key-0001", default_cc: "Y", default_ba: "Y" });
  catalog.groupId = (await api("ProductGroup/Create", { name: "Streaming", description: "Streaming plans" })).product_group.product_group_id;
  const plan = async (name: string, price: string, description: string) =>
    (
      await api("Product/Create", {
        product_group_id: catalog.groupId,
        name,
        description,
        expiration_interval: "30",
        setup_fee: "0.00",
        recurring_price: price,
        trial: "N",
        auto_pay_discount: "N",
        prompt_for_variables: "N",
        tax_exempt: "N",
      })
    ).product.product_id as string;
  catalog.basicId = await plan("Basic", "10.00", "One screen, HD");
  catalog.proId = await plan("Pro", "25.00", "Four screens, 4K");
  catalog.extraId = (
    await api("Component/Create", {
      product_group_id: catalog.groupId,
      component_type: "traditional",
      name: "Extra screen",
      description: "One more stream at a time",
      unit_price: "4.99",
      taxable: "N",
    })
  ).component.component_id;
  catalog.coupon = `WELCOME${Date.now().toString(36).toUpperCase()}`;
  await api("Coupon/Create", {
    coupon_code: catalog.coupon,
    name: "Welcome",
    discount_type: "percent",
    discount_value: "10",
    duration: "once",
    stackable: "N",
  });
});

describe("Customer Facing Portal: billing", () => {
  it("change a plan after seeing the estimate; add an add-on the same way; cancel with a confirmation", async () => {
    const me = await signedInCustomer();
    const subscriptionId = await subscribe(me.accountId, catalog.basicId);
    const { page } = me;
    await page.goto(`${app.baseUrl}/portal/subscriptions/${subscriptionId}`);
    await page.getByRole("heading", { name: /^Basic/ }).waitFor();
    await expectAccessible(page, "subscription");

    // Pro, previewed: the change's estimate (made and rolled back on the server), its next invoice against today's; nothing changed yet.
    await page.getByRole("radio", { name: /Pro/ }).check();
    await page.getByRole("button", { name: "Preview the change" }).first().click();
    const preview = page.getByRole("region", { name: "Pro: what you would pay" });
    await preview.waitFor();
    expect(await preview.textContent()).toMatch(/Nothing is charged now.*would be \$25\.00 instead of \$10\.00, before tax/);
    let sub = (await list("Subscription/List", { subscription_id: subscriptionId })).subscriptions[0];
    expect(sub.product_id).toBe(catalog.basicId);
    await expectAccessible(page, "plan preview");
    await shot(page, "billing-plan-preview-1280");

    await preview.getByRole("button", { name: "Switch to Pro" }).click();
    await page.getByText("Your plan is now Pro.").waitFor();
    await page.getByRole("heading", { name: /^Pro/ }).waitFor();
    sub = (await list("Subscription/List", { subscription_id: subscriptionId })).subscriptions[0];
    expect(sub.product_id).toBe(catalog.proId);

    // An add-on: previewed at 29.99, then saved on the subscription.
    await page.getByRole("checkbox", { name: /Extra screen/ }).check();
    await page.getByRole("button", { name: "Preview the change" }).last().click();
    const addOns = page.getByRole("region", { name: "Your add-ons: what you would pay" });
    await addOns.waitFor();
    expect(await addOns.textContent()).toMatch(/would be \$29\.99 instead of \$25\.00/);
    await addOns.getByRole("button", { name: "Save add-ons" }).click();
    await page.getByText("Your add-ons are saved.").waitFor();
    sub = (await list("Subscription/List", { subscription_id: subscriptionId })).subscriptions[0];
    expect(JSON.stringify(sub)).toContain(catalog.extraId);

    // A coupon that does not exist is refused on its field.
    await page.getByLabel("Coupon code").fill("NOPE-NOT-A-CODE");
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    await page.getByText("No coupon has that code. Check it and try again.").waitFor();
    expect(await page.getByLabel("Coupon code").getAttribute("aria-invalid")).toBe("true");

    await narrow(me.context, page.url(), "billing-subscription", (p) => p.getByRole("heading", { name: "Change plan" }).waitFor());

    // Cancel: the dialog says when it ends; keeping it changes nothing, confirming ends it.
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel Pro?" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/It ends today, .*: it will not renew on/);
    await expectAccessible(page, "cancel dialog");
    await shot(page, "billing-cancel-dialog-1280");
    await dialog.getByRole("button", { name: "Keep it" }).click();
    expect((await list("Subscription/List", { subscription_id: subscriptionId })).subscriptions[0].status).toBe("1");
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await dialog.getByRole("button", { name: "Cancel subscription" }).click();
    await page.waitForURL(/\/portal\/subscriptions$/);
    expect((await list("Subscription/List", { subscription_id: subscriptionId })).subscriptions[0].status).toBe("3");
    expect(me.errors).toEqual([]);
    await me.context.close();
  }, 120_000);

  it("pay an invoice with a new card", async () => {
    const me = await signedInCustomer();
    const invoiceId = (
      await api("Invoice/Create", {
        customer_account_id: me.accountId,
        due_date: "12/31/2030",
        attached_items: '[{"item_name":"Annual support","item_price":"30.00","tax_exempt":"N"}]',
      })
    ).invoice.invoice_id as string;
    const { page } = me;
    await page.reload();
    await page.getByText("$30.00").first().waitFor();
    await expectAccessible(page, "overview with a balance");
    await shot(page, "billing-overview-1280");
    await narrow(me.context, page.url(), "billing-overview", (p) => p.getByRole("link", { name: /Pay now/ }).waitFor());

    await page.getByRole("link", { name: /Pay now/ }).click();
    await page.waitForURL(new RegExp(`/portal/invoices/${invoiceId}`));
    const pay = page.getByRole("form", { name: "Pay this invoice" });
    await pay.waitFor();
    // No saved pay method: a new card is the one choice, already picked.
    expect(await pay.getByRole("radio", { name: /A new card/ }).isChecked()).toBe(true);
    await expectAccessible(page, "pay now");
    await shot(page, "billing-pay-now-1280");
    await narrow(me.context, page.url(), "billing-pay-now", (p) => p.getByRole("form", { name: "Pay this invoice" }).waitFor());

    // A card the gateway declines: said above the form, nothing paid.
    await pay.getByLabel("Name on card").fill("Robin Card");
    await pay.getByLabel("Card number").fill(DECLINED_CARD);
    await pay.getByLabel("Expiry month").fill("12");
    await pay.getByLabel("Expiry year").fill("2035");
    await pay.getByLabel("Security code").fill("123");
    await pay.getByRole("button", { name: "Pay $30.00" }).click();
    await pay
      .getByRole("alert")
      .filter({ hasText: /declined/ })
      .waitFor();
    // A number that is not a card number: on its field.
    await pay.getByLabel("Card number").fill("1234 5678");
    await pay.getByRole("button", { name: "Pay $30.00" }).click();
    await pay.getByText("Must be a valid card number of 13 to 19 digits").waitFor();
    expect(await pay.getByLabel("Card number").getAttribute("aria-invalid")).toBe("true");

    await pay.getByLabel("Card number").fill("4242 4242 4242 4242");
    await pay.getByRole("button", { name: "Pay $30.00" }).click();
    await page.getByText("Thank you, we received your payment of $30.00. This invoice is paid in full.").waitFor();
    // The page read again: nothing due, no payment form.
    await page.getByText("Paid", { exact: true }).first().waitFor();
    await pay.waitFor({ state: "detached" });
    const invoice = (await list("Invoice/List", { invoice_id: invoiceId })).invoices[0];
    expect(invoice.status).toBe("1");
    const paid = (await list("Payment/List", { invoice_id: invoiceId })).payments;
    expect(paid.filter((p: { payment_status: string }) => p.payment_status === "succeeded")).toHaveLength(1);
    const methods = (await list("PayMethod/List", { customer_account_id: me.accountId })).pay_methods;
    expect(methods).toHaveLength(1);
    expect(methods[0]).toMatchObject({ last_four: "4242", verified: "Y", is_default: "Y" });
    // The card number went to the gateway adapter only: it is nowhere in the database.
    const stored = await dumpDatabase();
    expect(stored).not.toContain(CARD);
    expect(stored).not.toContain(DECLINED_CARD);
    expect(me.errors).toEqual([]);
    await me.context.close();
  }, 120_000);

  it("download the PDF and check its text; another customer's is 404; the dashboard serves it to the brand's staff", async () => {
    const me = await signedInCustomer();
    // A subscription with a coupon: its first invoice has a line, a discount and the payment that settled it.
    const subscriptionId = await subscribe(me.accountId, catalog.proId, { coupon_code: catalog.coupon });
    const invoice = (await list("Invoice/List", { subscription_id: subscriptionId })).invoices[0];
    const invoiceId = invoice.invoice_id as string;
    // The invoice's name on the page, in the PDF and its file name is its number (issue 31).
    const number = invoice.number as string;
    expect(number).toMatch(/^[A-Z0-9]{2,10}-\d{6,}$/);
    const { page } = me;
    await page.goto(`${app.baseUrl}/portal/invoices/${invoiceId}`);
    await page.getByRole("rowgroup", { name: "Discounts" }).waitFor();
    await expectAccessible(page, "invoice with a discount");
    await shot(page, "billing-invoice-1280");
    await narrow(me.context, page.url(), "billing-invoice", (p) => p.getByRole("link", { name: "Download PDF" }).waitFor());

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const bytes = new Uint8Array(readFileSync((await download.path())!));
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = await pdfText(bytes);
    for (const expected of [
      "INVOICE",
      `Number ${number}`,
      "E2E Brand",
      me.name,
      "12 Harbour Street",
      "Portland, OR 97201",
      "Pro",
      "$25.00",
      "Discounts",
      `Coupon ${catalog.coupon}`,
      "-$2.50",
      "Total",
      "$22.50",
      "Balance due",
      "$0.00",
      "Payments",
      "Status: Paid",
    ]) {
      expect(text, `the PDF says ${expected}`).toContain(expected);
    }

    // Another customer's invoice, asked for by id: 404, whatever the session.
    const other = await signedInCustomer();
    const theirs = await other.context.request.get(`${app.baseUrl}/portal/invoices/${invoiceId}/pdf`);
    expect(theirs.status()).toBe(404);
    await other.context.close();
    // Signed out: to sign-in, not the PDF.
    const anonymous = await fetch(`${app.baseUrl}/portal/invoices/${invoiceId}/pdf`, { redirect: "manual" });
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(anonymous.status).toBeLessThan(400);
    expect(anonymous.headers.get("location")).toMatch(/\/portal\/login/);

    // The dashboard's route: the brand's staff get the same PDF; signed out is sign-in.
    const staffUrl = `${app.baseUrl}/dashboard/${app.creds.brand_id}/invoices/${invoiceId}/pdf`;
    expect((await fetch(staffUrl, { redirect: "manual" })).headers.get("location")).toMatch(/\/sign-in\?callbackUrl=/);
    const staff = await browser.newContext();
    const desk = await staff.newPage();
    await desk.goto(`${app.baseUrl}/sign-in`);
    await desk.getByLabel("Email").fill(app.staff.email);
    await desk.getByLabel("Password").fill(app.staff.password);
    await desk.getByRole("button", { name: "Sign in" }).click();
    await desk.waitForURL(/\/dashboard\//);
    const staffPdf = await staff.request.get(staffUrl);
    expect(staffPdf.status()).toBe(200);
    expect(staffPdf.headers()["content-type"]).toBe("application/pdf");
    expect(await pdfText(new Uint8Array(await staffPdf.body()))).toContain(`Number ${number}`);
    expect((await staff.request.get(`${app.baseUrl}/dashboard/${app.creds.brand_id}/invoices/${crypto.randomUUID()}/pdf`)).status()).toBe(404);
    await staff.close();
    expect(me.errors).toEqual([]);
    await me.context.close();
  }, 120_000);

  it("credit notes (issue 31): a refund shows beside the invoices and on the invoice's page, its PDF named by its number; another customer's is 404", async () => {
    const me = await signedInCustomer();
    const invoiceId = (
      await api("Invoice/Create", {
        customer_account_id: me.accountId,
        due_date: "12/31/2030",
        attached_items: '[{"item_name":"Workshop","item_price":"40.00","tax_exempt":"N"}]',
      })
    ).invoice.invoice_id as string;
    const paymentId = (
      await api("Payment/Create", {
        customer_account_id: me.accountId,
        invoice_id: invoiceId,
        apply_to_prepaid_balance: "N",
        override_billing: "Y",
        amount: "15.00",
      })
    ).payment.payment_id as string;
    await api("Payment/Delete", { payment_id: paymentId, customer_account_id: me.accountId, invoice_id: invoiceId }, "DELETE");
    const [note] = (await list("CreditNote/List", { invoice_id: invoiceId })).credit_notes;
    expect(note).toMatchObject({ reason: "refunded", destination: "refund", amount: "15.00" });
    const invoiceNumber = (await list("Invoice/List", { invoice_id: invoiceId })).invoices[0].number as string;

    // Beside the invoices: the number (its PDF), why, the invoice it credits, the amount and where the money went.
    const { page } = me;
    await page.goto(`${app.baseUrl}/portal/invoices`);
    const credits = page.getByRole("list", { name: "Credit notes" });
    await credits.waitFor();
    const item = await credits.textContent();
    for (const expected of [note.number, "Payment refunded", `Invoice ${invoiceNumber}`, "$15.00", "Refunded to you"]) expect(item).toContain(expected);
    await expectAccessible(page, "invoices with a credit note");
    await shot(page, "billing-credit-notes-1280");
    await narrow(me.context, page.url(), "billing-credit-notes", (p) => p.getByRole("list", { name: "Credit notes" }).waitFor());

    // On the invoice's page, the ones against it.
    await credits.getByRole("link", { name: `Invoice ${invoiceNumber}` }).click();
    await page.waitForURL(new RegExp(`/portal/invoices/${invoiceId}`));
    await expect.poll(() => page.getByRole("list", { name: "Credit notes" }).textContent(), { timeout: 20_000 }).toContain(note.number);
    await expectAccessible(page, "invoice with a credit note");
    await shot(page, "billing-invoice-credit-note-1280");
    await narrow(me.context, page.url(), "billing-invoice-credit-note", (p) => p.getByRole("list", { name: "Credit notes" }).waitFor());

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: `Credit note ${note.number} (PDF)` }).click()]);
    expect(download.suggestedFilename()).toBe(`credit-note-${note.number}.pdf`);
    const text = await pdfText(new Uint8Array(readFileSync((await download.path())!)));
    for (const expected of [
      "CREDIT NOTE",
      `Number ${note.number}`,
      `Credits Invoice ${invoiceNumber}`,
      me.name,
      "12 Harbour Street",
      "$15.00",
      "Payment refunded",
      "Refunded to you",
    ]) {
      expect(text, `the PDF says ${expected}`).toContain(expected);
    }
    // Another customer: not in their list, and the PDF by id is 404.
    const other = await signedInCustomer();
    expect((await other.context.request.get(`${app.baseUrl}/portal/credit-notes/${note.credit_note_id}/pdf`)).status()).toBe(404);
    await other.page.goto(`${app.baseUrl}/portal/invoices`);
    await other.page.getByRole("heading", { name: "Invoices" }).waitFor();
    expect(await other.page.getByRole("list", { name: "Credit notes" }).count()).toBe(0);
    await other.context.close();
    expect(me.errors).toEqual([]);
    await me.context.close();
  }, 120_000);

  it("add, verify, set default and remove a pay method", async () => {
    const me = await signedInCustomer();
    const { page } = me;
    await page.getByRole("link", { name: "Pay methods" }).click();
    await page.getByRole("heading", { name: "Pay methods", level: 1 }).waitFor();
    await page.getByText("No pay methods yet").waitFor();
    await expectAccessible(page, "pay methods, empty");

    // A card: checked with the gateway at once, and the first one becomes the default.
    const add = page.getByRole("form", { name: "Add a pay method" });
    await add.getByLabel("Name on card").fill("Robin Card");
    await add.getByLabel("Card number").fill(CARD);
    await add.getByLabel("Expiry month").fill("12");
    await add.getByLabel("Expiry year").fill("2035");
    await add.getByLabel("Security code").fill("123");
    await add.getByRole("button", { name: "Add card" }).click();
    await page.getByText("Card added.").waitFor();
    await page.getByRole("listitem").filter({ hasText: "Visa ending 4242" }).getByText("Default", { exact: true }).waitFor();

    // A bank account: waits for its micro-deposits.
    await add.getByRole("radio", { name: "Bank account" }).check();
    await add.getByLabel("Account holder's name").fill("Robin Bank");
    await add.getByLabel("Routing number").fill("011000015");
    await add.getByLabel("Account number").fill("000123456789");
    await add.getByRole("button", { name: "Add bank account" }).click();
    await page.getByText(/Bank account added/).waitFor();
    const bank = page.getByRole("listitem").filter({ hasText: "Checking account ending 6789" });
    await bank.getByText("Needs verification").waitFor();
    await expectAccessible(page, "pay methods");
    await shot(page, "billing-pay-methods-1280");
    await narrow(me.context, page.url(), "billing-pay-methods", (p) => p.getByText("Needs verification").waitFor());

    // Wrong amounts are refused; the right ones verify it.
    const verify = bank.getByRole("form", { name: /Verify/ });
    await verify.getByLabel("First deposit").fill("0.10");
    await verify.getByLabel("Second deposit").fill("0.20");
    await verify.getByRole("button", { name: "Verify" }).click();
    await verify.getByText("Those amounts don't match the deposits we sent.", { exact: false }).waitFor();
    await verify.getByLabel("First deposit").fill("0.32");
    await verify.getByLabel("Second deposit").fill("0.45");
    await verify.getByRole("button", { name: "Verify" }).click();
    await bank.getByText("Needs verification").waitFor({ state: "detached" });

    // The bank account becomes the default.
    await bank.getByRole("button", { name: "Make Checking account ending 6789 the default" }).click();
    await bank.getByText("Default", { exact: true }).waitFor();
    let methods = (await list("PayMethod/List", { customer_account_id: me.accountId })).pay_methods as {
      pay_method_type: string;
      is_default: string;
      verified: string;
      pay_method_id: string;
    }[];
    expect(methods.find((m) => m.pay_method_type === "BA")).toMatchObject({ is_default: "Y", verified: "Y" });
    expect(methods.find((m) => m.pay_method_type === "CC")).toMatchObject({ is_default: "N" });
    const cardId = methods.find((m) => m.pay_method_type === "CC")!.pay_method_id;

    // Remove the card, after a confirmation.
    await page.getByRole("button", { name: "Remove Visa ending 4242" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove Visa ending 4242?" });
    await dialog.waitFor();
    await expectAccessible(page, "remove dialog");
    await shot(page, "billing-remove-dialog-1280");
    await dialog.getByRole("button", { name: "Remove" }).click();
    await page.locator("[data-pay-method]").filter({ hasText: "Visa ending 4242" }).waitFor({ state: "detached" });
    methods = (await list("PayMethod/List", { customer_account_id: me.accountId })).pay_methods;
    expect(methods.map((m) => m.pay_method_type)).toEqual(["BA"]);
    expect((await list("PayMethod/List", { pay_method_id: cardId })).pay_methods[0].status).toBe("3");

    // Automatic payment on a subscription, charging the verified bank account.
    const subscriptionId = await subscribe(me.accountId, catalog.basicId);
    await page.goto(`${app.baseUrl}/portal/subscriptions/${subscriptionId}`);
    const autoPay = page.getByRole("region", { name: "Automatic payment" });
    await autoPay.getByRole("checkbox", { name: "Charge renewals automatically" }).check();
    await autoPay.getByLabel("Pay with").selectOption({ label: "Checking account ending 6789 (default)" });
    await autoPay.getByRole("button", { name: "Save" }).click();
    await autoPay.getByText("Renewals will be charged automatically.").waitFor();
    const sub = (await list("Subscription/List", { subscription_id: subscriptionId })).subscriptions[0];
    expect(sub).toMatchObject({ auto_pay: "Y", pay_method_id: methods[0].pay_method_id });
    await page.getByText("On: renewals are charged to Checking account ending 6789").waitFor();
    expect(me.errors).toEqual([]);
    await me.context.close();
  }, 120_000);
});
