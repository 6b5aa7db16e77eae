/**
 * The dashboard's billing pages in real headless Chromium against the built server: a customer and
 * a subscription made through the pages (the live estimate shown before creating), its invoice, a
 * payment recorded and refunded (its credit note on the invoice, the Credit notes list and the
 * customer hub), the subscription suspended and restored, each checked against the
 * API; a card added; gateways changed by an ADMIN and refused to a USER (by the server, not only
 * the page). axe on every page (no serious or critical violation); screenshots at 1280 and 375 px
 * go to test-results/dashboard-billing/.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { type Browser, type Page } from "playwright-core";
import { type RunningApp } from "./support/server";
import { check as checkIn, createStaffUser, dashboardApi, signedInPage } from "./support/dashboard";
import { type Database } from "../db/client";
import { payGateways } from "../db/schema";
import { staffActions } from "../lib/dashboard/actions";
import { useApp } from "./support/setup";

const SHOTS = "test-results/dashboard-billing";
let app: RunningApp;
let browser: Browser;
let database: Database;
let base: string;
let catalog: { productId: string; otherProductId: string; gatewayId: string; componentId: string };

const api = (method: string, path: string, params: Record<string, string> = {}) => dashboardApi(app, method, path, params);

/** expect.poll with room for a busy machine (a server action, then the page's refresh). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

const check = (page: Page, name: string) => checkIn(page, SHOTS, name);

const signedIn = (width: number, email = app.staff.email, password = app.staff.password) =>
  signedInPage(browser, app, `${base}/subscriptions`, `${base}/subscriptions`, { width, email, password });

useApp({ env: { GATEWAY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") }, shots: SHOTS, browser: true, database: true }, async (s) => {
  ({ app, browser, database } = s);
  base = `${app.baseUrl}/dashboard/${app.creds.brand_id}`;
  // The catalog the journeys subscribe to, and the sandbox gateway as the default.
  const gatewayId = (
    await api("POST", "PayGateway/Create", { name: "Sandbox", gateway_provider: "sandbox", credentials_1: "sandbox-e2e-key", default_cc: "Y", default_ba: "Y" })
  ).pay_gateway.gateway_id;
  const groupId = (await api("POST", "ProductGroup/Create", { name: "Plans", description: "Plans" })).product_group.product_group_id;
  const product = (name: string, price: string) =>
    api("POST", "Product/Create", {
      product_group_id: groupId,
      name,
      description: name,
      expiration_interval: "30",
      setup_fee: "5.00",
      recurring_price: price,
      trial: "N",
      auto_pay_discount: "N",
      prompt_for_variables: "N",
      tax_exempt: "N",
    }).then((r) => r.product.product_id as string);
  const productId = await product("Pro plan", "20.00");
  const otherProductId = await product("Team plan", "50.00");
  const componentId = (
    await api("POST", "Component/Create", {
      product_group_id: groupId,
      component_type: "quantitative",
      name: "Extra seat",
      description: "One more seat",
      unit_price: "3.00",
      taxable: "N",
    })
  ).component.component_id as string;
  await api("POST", "Coupon/Create", {
    coupon_code: "WELCOME10",
    name: "Welcome",
    discount_type: "percent",
    discount_value: "10",
    duration: "once",
    stackable: "N",
  });
  catalog = { productId, otherProductId, gatewayId, componentId };
});

describe("the dashboard's billing pages", () => {
  it("create a customer and a subscription (estimate shown), see the invoice, record a payment, refund, suspend and restore the subscription", async () => {
    const { ctx, page, errors } = await signedIn(1280);
    await page.getByText("No subscriptions yet").waitFor();
    await check(page, "subscriptions-empty");

    // A customer, through the account form.
    await page.goto(`${base}/accounts/new`);
    await page.getByLabel("First name").fill("Fiona");
    await page.getByLabel("Last name").fill("Billing");
    await page.getByLabel("Email").fill("fiona.billing@example.com");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/accounts\/[0-9a-f-]{36}$/);
    const accountId = page.url().split("/").pop()!;

    // New subscription: the estimate follows the choices before anything is created.
    await page.goto(`${base}/subscriptions/new`);
    await page.getByText("Choose a customer and a product").waitFor();
    // The customer picker searches as you type; the chosen account's id is the field's value.
    await page.getByRole("combobox", { name: "Customer" }).fill("Fiona Bil");
    await page.getByRole("option", { name: /^Fiona Billing/ }).click();
    expect(await page.locator('input[name="customer_account_id"]').inputValue()).toBe(accountId);
    await page.waitForURL(/customer_account_id=/);
    await page.getByLabel("Product").selectOption(catalog.productId);
    const estimate = page.getByTestId("estimate");
    await poll(() => estimate.textContent()).toContain("$25.00"); // 5.00 setup + 20.00
    await page.getByLabel(/Extra seat/).check();
    await page.getByLabel("Units of Extra seat").fill("2");
    await poll(() => estimate.textContent()).toContain("$31.00"); // + 2 x 3.00
    expect(await estimate.textContent()).toContain("$26.00"); // the renewal: 20.00 + 6.00
    // Issue 33: an estimate is before tax, and says so beside its amounts; its amounts and dates read as every page's (issue 30).
    expect(await estimate.textContent()).toMatch(/\$31\.00 before tax.*Next renewal[A-Z][a-z]{2} \d{1,2}, \d{4}: \$26\.00 before tax/);
    // With the coupon: what the API's Estimate answers for the same terms.
    const { componentId } = catalog;
    const withCoupon = await api("GET", "Subscription/Estimate", {
      customer_account_id: accountId,
      product_id: catalog.productId,
      attached_components: JSON.stringify([{ component_id: componentId, units: "2" }]),
      coupon_code: "WELCOME10",
    });
    expect(withCoupon.estimate.upfront_total).not.toBe("31.00");
    await page.getByLabel(/WELCOME10/).check();
    await poll(() => estimate.textContent()).toContain(`$${withCoupon.estimate.upfront_total}`);
    await page.getByLabel(/WELCOME10/).uncheck();
    await poll(() => estimate.textContent()).toContain("$31.00");
    await check(page, "subscription-new");
    const subs = () => api("GET", "Subscription/List", { customer_account_id: accountId });
    expect((await subs()).subscriptions ?? []).toHaveLength(0); // the estimate created nothing

    await page.getByRole("button", { name: "Create subscription" }).click();
    await page.waitForURL(/\/subscriptions\/[0-9a-f-]{36}$/);
    const heading = page.getByRole("heading", { level: 1 });
    await poll(() => heading.textContent()).toContain("Pro plan for Fiona Billing");
    expect(await heading.textContent()).toContain("Active");
    expect(await page.getByRole("region", { name: "Components of this subscription" }).textContent()).toContain("Extra seat");
    expect(await page.getByRole("region", { name: "Lines of the upcoming invoice" }).textContent()).toContain("6.00");
    expect(await page.locator("p", { hasText: "Renews on" }).textContent()).toContain("26.00");
    await check(page, "subscription-detail");
    const subscriptionId = page.url().split("/").pop()!;
    const [sub] = (await subs()).subscriptions;
    expect(sub).toMatchObject({ subscription_id: subscriptionId, status: "1", components: [{ name: "Extra seat", units: "2" }] });

    // Its initial invoice: unpaid (no pay method was charged).
    await page.getByRole("link", { name: /^Invoice [A-Z0-9]{2,10}-\d{6,}$/ }).click();
    await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
    await poll(() => heading.textContent()).toContain("Unpaid");
    expect(await page.getByRole("region", { name: "Lines of this invoice" }).textContent()).toContain("Pro plan");
    await check(page, "invoice-detail");
    const invoiceId = page.url().split("/").pop()!;
    const invoice = async () => (await api("GET", "Invoice/List", { invoice_id: invoiceId })).invoices[0];
    expect(await invoice()).toMatchObject({ total: "31.00", balance: "31.00", status: "0" });

    // Record part of it, paid in cash.
    await page.getByRole("link", { name: "Record payment" }).click();
    await page.waitForURL(/\/payments\/new\?invoice_id=/);
    expect(await page.getByLabel("Amount").inputValue()).toBe("31.00");
    await page.getByLabel("Amount").fill("40.00");
    await page.getByLabel("Taken by").fill("cash");
    await page.getByRole("button", { name: "Record payment" }).click();
    // More than the balance: refused by the server, on the field.
    await page.locator("#amount-error").waitFor();
    await check(page, "payment-new-error");
    await page.getByLabel("Amount").fill("10.00");
    await page.getByRole("button", { name: "Record payment" }).click();
    await page.waitForURL(/\/payments\/[0-9a-f-]{36}$/);
    await poll(() => heading.textContent()).toContain("Succeeded");
    await check(page, "payment-detail");
    const paymentId = page.url().split("/").pop()!;
    expect(await invoice()).toMatchObject({ amount_paid: "10.00", balance: "21.00", status: "2" });

    // Refund it, behind a dialog that says what happens.
    await page.getByRole("button", { name: "Refund" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("goes back up by $10.00");
    await page.screenshot({ path: `${SHOTS}/payment-refund-dialog-1280.png` });
    await dialog.getByRole("button", { name: "Refund $10.00" }).click();
    // A refusal would show in the dialog: the poll reports it.
    const shown = async () => ((await dialog.getByRole("alert").count()) ? dialog.getByRole("alert").textContent() : heading.textContent());
    await poll(shown).toContain("Refunded");
    expect((await api("GET", "Payment/List", { payment_id: paymentId })).payments[0]).toMatchObject({ payment_status: "reversed" });
    expect(await invoice()).toMatchObject({ balance: "31.00", status: "0" });

    // The refund issued a credit note (issue 31): on the invoice's page, the Credit notes list and the customer hub.
    const [creditNote] = (await api("GET", "CreditNote/List", { invoice_id: invoiceId })).credit_notes;
    expect(creditNote).toMatchObject({ reason: "refunded", destination: "refund", amount: "10.00", currency: "USD" });
    await page.goto(`${base}/invoices/${invoiceId}`);
    const credited = page.getByRole("region", { name: "Credit notes against this invoice" });
    await poll(() => credited.textContent()).toContain(creditNote.number);
    expect(await credited.textContent()).toMatch(/Payment refunded.*Refunded.*\$10\.00/);
    await check(page, "invoice-credit-notes");
    // Its PDF, named by its number, for staff.
    const pdf = await page.request.get(
      await page
        .getByRole("link", { name: creditNote.number })
        .getAttribute("href")
        .then((h) => `${app.baseUrl}${h}`),
    );
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-disposition"]).toBe(`attachment; filename="credit-note-${creditNote.number}.pdf"`);
    await page.goto(`${base}/credit-notes`);
    const noteRows = page.locator("tbody tr");
    await poll(() => noteRows.first().textContent()).toContain("Fiona Billing");
    expect(await noteRows.first().textContent()).toContain(creditNote.number);
    await check(page, "credit-notes");
    // Searching by the invoice's number finds it; another number finds nothing.
    await page.goto(`${base}/credit-notes?q=${encodeURIComponent((await invoice()).number)}`);
    await poll(() => noteRows.count()).toBe(1);
    await page.goto(`${base}/credit-notes?q=NO-SUCH-NUMBER`);
    await page.getByText("Nothing matches this search or filter.").waitFor();
    await page.goto(`${base}/accounts/${accountId}`);
    await poll(() => page.getByRole("region", { name: "Credit notes of this account" }).textContent()).toContain(creditNote.number);

    // Suspend and restore the subscription.
    await page.goto(`${base}/subscriptions/${subscriptionId}`);
    await page.getByRole("button", { name: "Suspend" }).click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Billing stops");
    await page.screenshot({ path: `${SHOTS}/subscription-suspend-dialog-1280.png` });
    await dialog.getByRole("button", { name: "Suspend subscription" }).click();
    await poll(() => heading.textContent()).toContain("Suspended");
    expect((await subs()).subscriptions[0].status).toBe("2");
    await page.getByRole("button", { name: "Restore" }).click();
    await dialog.getByRole("button", { name: "Restore subscription" }).click();
    await poll(() => heading.textContent()).toContain("Active");
    expect((await subs()).subscriptions[0].status).toBe("1");

    // Update: auto pay off and three seats.
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.getByRole("heading", { name: "Edit subscription" }).waitFor();
    await page.getByLabel("Auto pay renewals").selectOption("N");
    await page.getByLabel("Units of Extra seat").fill("3");
    await check(page, "subscription-edit");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL(/\/subscriptions\/[0-9a-f-]{36}$/);
    expect((await subs()).subscriptions[0]).toMatchObject({ auto_pay: "N", components: [{ units: "3" }] });

    // Change product, with its estimate.
    await page.getByRole("link", { name: "Change product" }).click();
    await page.getByRole("combobox", { name: "New product" }).selectOption(catalog.otherProductId);
    await poll(() => page.getByTestId("estimate").textContent()).toContain("$59.00"); // 50.00 + 3 x 3.00
    expect(await page.getByTestId("estimate").textContent()).toMatch(/\$59\.00 before tax/);
    await check(page, "subscription-change-product");
    await page.getByRole("button", { name: "Change product" }).click();
    await page.waitForURL(/\/subscriptions\/[0-9a-f-]{36}$/);
    await poll(() => heading.textContent()).toContain("Team plan");
    expect((await subs()).subscriptions[0].product_id).toBe(catalog.otherProductId);

    // The lists show the customer's name and link to the records.
    await page.goto(`${base}/subscriptions`);
    const rows = page.locator("tbody tr");
    await poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("Fiona Billing");
    await check(page, "subscriptions");
    await page.goto(`${base}/invoices`);
    await poll(() => rows.first().textContent()).toContain("Fiona Billing");
    await check(page, "invoices");
    await page.goto(`${base}/payments`);
    await poll(() => rows.first().textContent()).toContain("Refunded");
    await check(page, "payments");

    // A card for Fiona: the number goes to the gateway; only its last four come back.
    await page.goto(`${base}/pay-methods/new?customer_account_id=${accountId}`);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry month").fill("12");
    await page.getByLabel("Expiry year").fill("2035");
    await page.getByLabel("Name on the card").fill("Fiona Billing");
    await check(page, "pay-method-new");
    await page.getByRole("button", { name: "Add pay method" }).click();
    await page.waitForURL(/\/pay-methods\/[0-9a-f-]{36}$/);
    await poll(() => heading.textContent()).toContain("···4242");
    await check(page, "pay-method-detail");
    const [method] = (await api("GET", "PayMethod/List", { customer_account_id: accountId })).pay_methods;
    expect(method).toMatchObject({ last_four: "4242", verified: "Y" });
    expect(JSON.stringify(method)).not.toContain("4242424242424242");
    await page.goto(`${base}/pay-methods`);
    await poll(() => rows.first().textContent()).toContain("Fiona Billing");
    await check(page, "pay-methods");

    // A manual invoice with two items.
    await page.goto(`${base}/invoices/new?customer_account_id=${accountId}`);
    await page.getByRole("group", { name: "Item 1" }).getByLabel("Name").fill("Consulting");
    await page.getByRole("group", { name: "Item 1" }).getByLabel("Price").fill("100.00");
    await page.getByRole("button", { name: "Add item" }).click();
    await page.getByRole("group", { name: "Item 2" }).getByLabel("Name").fill("Travel");
    await page.getByRole("group", { name: "Item 2" }).getByLabel("Price").fill("12.50");
    await check(page, "invoice-new");
    await page.getByRole("button", { name: "Create invoice" }).click();
    await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
    await poll(() => page.getByRole("region", { name: "Lines of this invoice" }).textContent()).toContain("Travel");
    expect(await page.locator(".details").textContent()).toContain("112.50");
    expect(errors).toEqual([]);
    await ctx.close();
  }, 420_000);

  it("a USER is refused a gateway change (by the server, not only the page); an ADMIN edits one", async () => {
    const user = await createStaffUser(database, app, "USER");
    const { ctx, page } = await signedIn(1280, user.email, user.password);
    await page.goto(`${base}/gateways`);
    await page.getByText("Only an ADMIN staff user can add or change payment gateways").waitFor();
    expect(await page.getByRole("link", { name: "Add gateway" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /Delete/ }).count()).toBe(0);
    await check(page, "gateways-user");
    await page.goto(`${base}/gateways/${catalog.gatewayId}/edit`);
    await page.getByText("Only an ADMIN staff user").waitFor();
    expect(await page.getByRole("button", { name: "Save gateway" }).count()).toBe(0);
    await ctx.close();

    // The server action itself, as the page would call it with the USER's session: refused, nothing changed.
    const before = await database.db.select().from(payGateways).where(eq(payGateways.id, catalog.gatewayId));
    for (const [name, input] of [
      ["gatewayUpdate", { gateway_id: catalog.gatewayId, name: "Renamed by a USER", credentials_1: "sandbox-user-key" }],
      ["gatewayDelete", { gateway_id: catalog.gatewayId }],
      ["gatewayCreate", { name: "Made by a USER", gateway_provider: "sandbox", credentials_1: "sandbox-user-key" }],
    ] as const) {
      const r = await staffActions[name].run({ staffUserId: user.id }, app.creds.brand_id, input, { db: database.db });
      expect(r, name).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    }
    expect(await database.db.select().from(payGateways).where(eq(payGateways.id, catalog.gatewayId))).toEqual(before);
    expect((await api("GET", "PayGateway/List")).pay_gateways).toHaveLength(1);

    // An ADMIN renames it through the form (credentials asked again, never shown).
    const admin = await signedIn(1280);
    await admin.page.goto(`${base}/gateways`);
    await check(admin.page, "gateways");
    await admin.page.getByRole("link", { name: "Sandbox" }).click();
    await admin.page.getByLabel("Name").fill("Main sandbox");
    await admin.page.getByLabel("Credentials 1").fill("short");
    await admin.page.getByRole("button", { name: "Save gateway" }).click();
    await admin.page.locator("#credentials_1-error").waitFor();
    await check(admin.page, "gateway-edit-error");
    await admin.page.getByLabel("Credentials 1").fill("sandbox-new-key-0001");
    await admin.page.getByRole("button", { name: "Save gateway" }).click();
    await admin.page.waitForURL(`${base}/gateways`);
    await admin.page.getByRole("link", { name: "Main sandbox" }).waitFor();
    expect((await api("GET", "PayGateway/List", { gateway_id: catalog.gatewayId })).pay_gateways[0]).toMatchObject({
      name: "Main sandbox",
      credentials_1: "****0001",
    });
    await admin.page.goto(`${base}/gateways/new`);
    await check(admin.page, "gateway-new");
    await admin.ctx.close();
  }, 120_000);

  it("at 375 px: the billing pages fit, their tables scroll sideways", async () => {
    const { ctx, page } = await signedIn(375);
    await page.locator("tbody tr").first().waitFor();
    await check(page, "subscriptions");
    await page.locator("tbody tr a").first().click();
    await page.waitForURL(/\/subscriptions\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: "Terms" }).waitFor();
    await check(page, "subscription-detail");
    await page.goto(`${base}/subscriptions/new`);
    // Arrow down on the empty picker lists the first accounts; Enter chooses the first.
    await page.getByRole("combobox", { name: "Customer" }).press("ArrowDown");
    await page.getByRole("listbox", { name: "Matching accounts" }).getByRole("option").first().waitFor();
    await page.getByRole("combobox", { name: "Customer" }).press("Enter");
    await page.waitForURL(/customer_account_id=/);
    await page.getByLabel("Product").selectOption(catalog.productId);
    await poll(() => page.getByTestId("estimate").textContent()).toContain("$25.00");
    await check(page, "subscription-new");
    await page.goto(`${base}/invoices`);
    await page.locator("tbody tr a").first().click();
    await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
    await check(page, "invoice-detail");
    await page.goto(`${base}/invoices/new`);
    await check(page, "invoice-new");
    await page.goto(`${base}/payments`);
    await check(page, "payments");
    await page.goto(`${base}/credit-notes`);
    await page.locator("tbody tr").first().waitFor();
    await check(page, "credit-notes");
    await page.goto(`${base}/payments/new`);
    await check(page, "payment-new");
    await page.goto(`${base}/pay-methods/new`);
    await check(page, "pay-method-new");
    await page.goto(`${base}/gateways`);
    await check(page, "gateways");
    await ctx.close();
  }, 120_000);
});
