/**
 * The catalog and dunning rules in the brand dashboard, in real headless Chromium against the built
 * server. Journey "build a catalog": a product group with a custom variable (the variables editor:
 * add, edit, remove), a product, a component, a coupon and a dunning rule made through the forms
 * (field errors from the browser and from the server), each checked through the API; a product
 * suspended and restored behind its confirmation; a coupon deleted. Then every catalog page at
 * 375 px. Axe runs on every page (no serious or critical violation); screenshots at 1280 and 375 px
 * go to test-results/dashboard-catalog/.
 */
import { describe, expect, it } from "vitest";
import { type Browser, type Page } from "playwright-core";
import { type RunningApp } from "./support/server";
import { gotoForm } from "./support/browser";
import { axe, dashboardApi, shot as shotIn, signedInPage } from "./support/dashboard";
import { useApp } from "./support/setup";

const SHOTS = "test-results/dashboard-catalog";
let app: RunningApp;
let browser: Browser;
/** What the journey made, for the narrow-screen pass. */
const made: Record<"groupId" | "productId" | "componentId" | "couponId" | "ruleId", string> = {
  groupId: "",
  productId: "",
  componentId: "",
  couponId: "",
  ruleId: "",
};

const api = (method: string, path: string, params: Record<string, string> = {}) => dashboardApi(app, method, path, params);

const shot = (page: Page, name: string) => shotIn(page, SHOTS, name);

/** axe and a screenshot of the page as it is now. */
async function look(page: Page, name: string) {
  await axe(page, name);
  await shot(page, name);
}

const signedIn = (width: number) => signedInPage(browser, app, `${app.baseUrl}/dashboard/${app.creds.brand_id}/product-groups`, /\/product-groups$/, { width });

/** The machine running these is shared and slow: a poll waits as long as a locator would. */
const SLOW = { timeout: 30_000 };
const UUID_PAGE = /\/[0-9a-f-]{36}$/;
const idIn = (page: Page) => page.url().split("/").pop()!;

useApp({ shots: SHOTS, browser: true }, (s) => ({ app, browser } = s));

describe("the catalog in the dashboard", () => {
  it("build a catalog: group with a variable, product, component, coupon, dunning rule; suspend and restore a product; delete a coupon", async () => {
    const { ctx, page, errors } = await signedIn(1280);
    const base = `${app.baseUrl}/dashboard/${app.creds.brand_id}`;

    // Empty states say what to do first.
    await page.getByText("No product groups yet").waitFor();
    await look(page, "groups-empty-1280");
    await page.goto(`${base}/products`);
    await page.getByText("Create a product group").first().waitFor();
    await look(page, "products-empty-1280");

    // A product group with an Options variable: the editor refuses Options without options, on the row.
    await gotoForm(page, `${base}/product-groups/new`);
    await page.locator("#name").fill("Apparel club");
    await page.locator("#description").fill("Monthly shirt subscriptions");
    await page.getByRole("button", { name: "Add variable" }).click();
    await page.getByLabel("VAR1 name").fill("Size");
    await page.getByLabel("VAR1 type").selectOption("Options");
    await page.getByRole("button", { name: "Create product group" }).click();
    await page.locator("#var-VAR1-options-error").waitFor();
    expect(await page.locator("#var-VAR1-options-error").textContent()).toMatch(/at least one option/);
    await look(page, "group-new-error-1280");
    await page.getByLabel("VAR1 options").fill("S, M, L");
    await page.getByLabel("VAR1 category").fill("Apparel");
    await page.getByRole("button", { name: "Create product group" }).click();
    await page.waitForURL(UUID_PAGE);
    const groupId = idIn(page);
    await page.getByRole("heading", { name: /Apparel club/ }).waitFor();
    let group = (await api("GET", "ProductGroup/List", { product_group_id: groupId })).product_groups[0];
    expect(group.VAR1).toMatchObject({ name: "Size", type: "Options", options: ["S", "M", "L"], prompt: "Y", category: "Apparel" });

    // Edit: add a second variable, then remove it again (its slot is cleared).
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.getByRole("heading", { name: "Edit product group" }).waitFor();
    await page.getByRole("button", { name: "Add variable" }).click();
    await page.getByLabel("VAR2 name").fill("Nickname");
    await look(page, "group-edit-1280");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL(UUID_PAGE);
    await page.getByRole("heading", { name: "Custom variables (2)" }).waitFor();
    group = (await api("GET", "ProductGroup/List", { product_group_id: groupId })).product_groups[0];
    expect(group.VAR2).toMatchObject({ name: "Nickname", type: "TEXT" });
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.getByRole("button", { name: "Remove VAR2" }).click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("heading", { name: "Custom variables (1)" }).waitFor();
    group = (await api("GET", "ProductGroup/List", { product_group_id: groupId })).product_groups[0];
    expect(group.VAR2 ?? "").toBe(""); // cleared (the API shows an unset slot as empty)
    expect(group.VAR1).toMatchObject({ name: "Size" });

    // A product, from the group's page (the group is chosen); a trial without its length is refused on the field.
    await page.getByRole("link", { name: "New product" }).click();
    await page.getByRole("heading", { name: "New product" }).waitFor();
    expect(await page.getByLabel("Product group").inputValue()).toBe(groupId);
    await page.locator("#name").fill("Gold monthly");
    await page.getByLabel("Recurring price").fill("19.99");
    await page.locator("#description").fill("One shirt a month");
    await page.getByLabel("Starts with a trial").selectOption("Y");
    await page.getByRole("button", { name: "Create product" }).click();
    await page.locator("#trial_interval-error").waitFor();
    await look(page, "product-new-error-1280");
    await page.getByLabel("Trial length (days)").fill("14");
    await page.getByRole("button", { name: "Create product" }).click();
    await page.waitForURL(UUID_PAGE);
    const productId = idIn(page);
    let product = (await api("GET", "Product/List", { product_id: productId })).products[0];
    expect(product).toMatchObject({ name: "Gold monthly", product_group_id: groupId, recurring_price: "19.99", trial: "Y", trial_interval: "14" });
    // The product links to its group.
    expect(await page.getByRole("link", { name: "Apparel club" }).getAttribute("href")).toContain(`/product-groups/${groupId}`);

    // Suspend, behind a confirmation that says what happens; then restore.
    await page.getByRole("button", { name: "Suspend" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("No new subscriptions can start on this product");
    await look(page, "product-suspend-dialog-1280");
    await dialog.getByRole("button", { name: "Suspend product" }).click();
    await page.getByRole("heading", { level: 1, name: /Gold monthly.*Suspended/ }).waitFor();
    product = (await api("GET", "Product/List", { product_id: productId })).products[0];
    expect(product.status).toBe("2");
    await page.getByRole("button", { name: "Restore" }).click();
    await dialog.getByRole("button", { name: "Restore product" }).click();
    await page.getByRole("heading", { level: 1, name: /Gold monthly.*Active/ }).waitFor();
    product = (await api("GET", "Product/List", { product_id: productId })).products[0];
    expect(product.status).toBe("1");
    await look(page, "product-detail-1280");

    // Edit: the group is shown but cannot change; a new price is saved (Update sends the required fields again).
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.getByRole("heading", { name: "Edit product" }).waitFor();
    expect(await page.getByLabel("Product group").getAttribute("readonly")).not.toBeNull();
    await page.getByLabel("Recurring price").fill("21.50");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("21.50").waitFor();
    product = (await api("GET", "Product/List", { product_id: productId })).products[0];
    expect(product).toMatchObject({ recurring_price: "21.50", trial_interval: "14", product_group_id: groupId });

    // A quantitative component of the group (its unit limits appear for that type).
    await page.goto(`${base}/product-groups/${groupId}`);
    await page.getByRole("link", { name: "New component" }).click();
    await page.getByRole("heading", { name: "New component" }).waitFor();
    await page.locator("#component_type").selectOption("quantitative");
    await page.locator("#name").fill("Extra shirts");
    await page.getByLabel("Unit price").fill("9.50");
    await page.getByLabel("Units included free").fill("1");
    await page.getByLabel("Most units").fill("5");
    await page.locator("#description").fill("More shirts each month");
    await look(page, "component-new-1280");
    await page.getByRole("button", { name: "Create component" }).click();
    await page.waitForURL(UUID_PAGE);
    const componentId = idIn(page);
    const component = (await api("GET", "Component/List", { component_id: componentId })).components[0];
    expect(component).toMatchObject({ component_type: "quantitative", product_group_id: groupId, unit_price: "9.50", maximum_units: "5" });
    expect(await page.getByRole("link", { name: "Apparel club" }).getAttribute("href")).toContain(`/product-groups/${groupId}`);
    await look(page, "component-detail-1280");
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.getByRole("heading", { name: "Edit component" }).waitFor();
    await look(page, "component-edit-1280");
    await page.getByLabel("Most units").fill("8");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL(UUID_PAGE);
    await expect.poll(async () => (await api("GET", "Component/List", { component_id: componentId })).components[0].maximum_units, SLOW).toBe("8");

    // A coupon restricted to the product; a code already taken is refused by the server, on the field.
    await gotoForm(page, `${base}/coupons/new`);
    await page.getByLabel("Code").fill("SHIRT10");
    await page.locator("#name").fill("Ten percent off shirts");
    await page.locator("#discount_value").fill("10");
    await page.getByLabel("Gold monthly").check();
    await page.getByRole("button", { name: "Create coupon" }).click();
    await page.waitForURL(UUID_PAGE);
    const couponId = idIn(page);
    let coupon = (await api("GET", "Coupon/List", { coupon_id: couponId })).coupons[0];
    expect(coupon).toMatchObject({ coupon_code: "SHIRT10", discount_type: "percent", discount_value: "10.00", product_ids: productId, status: "active" });
    await gotoForm(page, `${base}/coupons/new`);
    await page.getByLabel("Code").fill("shirt10");
    await page.locator("#name").fill("Same code");
    await page.locator("#discount_value").fill("5");
    await page.getByRole("button", { name: "Create coupon" }).click();
    await page.locator("#coupon_code-error").waitFor();
    expect(await page.getByLabel("Code").getAttribute("aria-invalid")).toBe("true");
    await look(page, "coupon-new-server-error-1280");

    // Edit the coupon's name, then delete it behind its confirmation.
    await gotoForm(page, `${base}/coupons/${couponId}/edit`);
    await page.locator("#name").fill("Shirts: ten percent off");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("heading", { name: "Shirts: ten percent off" }).waitFor();
    expect((await api("GET", "Coupon/List", { coupon_id: couponId })).coupons[0]).toMatchObject({ name: "Shirts: ten percent off", product_ids: productId });
    await page.goto(`${base}/coupons/${couponId}`);
    await page.getByRole("link", { name: "Gold monthly" }).waitFor();
    await page.getByRole("button", { name: "Delete" }).click();
    expect(await dialog.textContent()).toContain("cannot be restored");
    await look(page, "coupon-delete-dialog-1280");
    await dialog.getByRole("button", { name: "Delete coupon" }).click();
    await page.getByRole("heading", { level: 1, name: /SHIRT10.*Deleted/ }).waitFor();
    coupon = (await api("GET", "Coupon/List", { coupon_id: couponId })).coupons[0];
    expect(coupon.status).toBe("deleted");
    await page.goto(`${base}/coupons`);
    await page.getByText("No coupons yet").waitFor();
    await page.goto(`${base}/coupons?status=deleted`);
    await expect.poll(() => page.locator("tbody tr").count(), SLOW).toBe(1);
    await look(page, "coupons-deleted-1280");

    // A dunning rule posting to a URL: the URL and a long enough description are asked for.
    await gotoForm(page, `${base}/dunning-rules/new`);
    await page.locator("#name").fill("Tell the CRM");
    await page.getByLabel("Action").selectOption("POST");
    await page.locator("#description").fill("Posts overdue invoices to the CRM after a week");
    await page.getByRole("button", { name: "Create dunning rule" }).click();
    await page.locator("#post_url-error").waitFor();
    await look(page, "rule-new-error-1280");
    await page.getByLabel("Post to").fill("https://crm.example.com/overdue");
    await page.locator("#description").fill("Too short");
    await page.getByRole("button", { name: "Create dunning rule" }).click();
    await page.locator("#description-error").waitFor();
    await page.locator("#description").fill("Posts overdue invoices to the CRM after a week");
    await page.getByRole("button", { name: "Create dunning rule" }).click();
    await page.waitForURL(UUID_PAGE);
    const ruleId = idIn(page);
    const rule = (await api("GET", "DunningRule/List", { product_group_id: groupId })).dunning_rules.find((r: any) => r.rule_id === ruleId);
    expect(rule).toMatchObject({ enforcement_action: "POST", post_url: "https://crm.example.com/overdue", overdue_days: "7" });
    await look(page, "rule-detail-1280");
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.getByLabel("Days overdue").fill("10");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("10 days after the due date").waitFor();
    expect((await api("GET", "DunningRule/List", { product_group_id: groupId })).dunning_rules[0]).toMatchObject({
      overdue_days: "10",
      post_url: "https://crm.example.com/overdue",
    });

    // The group's page lists its product, component and rule.
    await page.goto(`${base}/product-groups/${groupId}`);
    for (const name of ["Gold monthly", "Extra shirts", "Tell the CRM"]) await page.getByRole("link", { name }).waitFor();
    await page.getByRole("button", { name: "Suspend" }).click();
    expect(await dialog.textContent()).toContain("Suspending this group stops billing for its 0 active subscriptions");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await look(page, "group-detail-1280");

    // Lists: search and filters in the URL.
    await api("POST", "Product/Create", {
      product_group_id: groupId,
      name: "Silver yearly",
      description: "Yearly plan",
      expiration_interval: "365",
      setup_fee: "0.00",
      recurring_price: "99.00",
      trial: "N",
      auto_pay_discount: "N",
      prompt_for_variables: "N",
      tax_exempt: "N",
    });
    await page.goto(`${base}/products`);
    const rows = page.locator("tbody tr");
    await expect.poll(() => rows.count(), SLOW).toBe(2);
    await page.getByRole("button", { name: "Price" }).click();
    await page.waitForURL(/sort=recurring_price&dir=asc/);
    await expect.poll(() => rows.first().textContent(), SLOW).toContain("Gold monthly");
    await page.getByLabel("Search products").fill("silver");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=silver/);
    await expect.poll(() => rows.count(), SLOW).toBe(1);
    await page.getByRole("button", { name: "Clear" }).click();
    await expect.poll(() => rows.count(), SLOW).toBe(2);
    await page.getByLabel("Group").selectOption(groupId);
    await page.waitForURL(/group=/);
    await expect.poll(() => rows.count(), SLOW).toBe(2);
    await look(page, "products-1280");
    for (const [path, name] of [
      ["product-groups", "groups-1280"],
      ["components", "components-1280"],
      ["dunning-rules", "rules-1280"],
    ]) {
      await page.goto(`${base}/${path}`);
      await expect.poll(() => rows.count(), SLOW).toBe(1);
      await look(page, name);
    }
    Object.assign(made, { groupId, productId, componentId, couponId, ruleId });
    expect(errors).toEqual([]);
    await ctx.close();
  }, 600_000);

  it("at 375 px every catalog page fits: no sideways page scroll, forms usable", async () => {
    const { ctx, page, errors } = await signedIn(375);
    const base = `${app.baseUrl}/dashboard/${app.creds.brand_id}`;
    const { groupId, productId, componentId, couponId, ruleId } = made;
    expect(ruleId, "the journey above made the records").not.toBe("");
    const pages: [string, string][] = [
      ["product-groups", "groups-375"],
      [`product-groups/${groupId}`, "group-detail-375"],
      [`product-groups/${groupId}/edit`, "group-edit-375"],
      ["products", "products-375"],
      [`products/${productId}`, "product-detail-375"],
      ["products/new", "product-new-375"],
      ["components", "components-375"],
      [`components/${componentId}`, "component-detail-375"],
      [`components/${componentId}/edit`, "component-edit-375"],
      [`products/${productId}/edit`, "product-edit-375"],
      ["coupons/new", "coupon-new-375"],
      [`coupons/${couponId}`, "coupon-detail-375"],
      ["dunning-rules", "rules-375"],
      [`dunning-rules/${ruleId}`, "rule-detail-375"],
      [`dunning-rules/${ruleId}/edit`, "rule-edit-375"],
    ];
    for (const [path, name] of pages) {
      await page.goto(`${base}/${path}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(375);
      await look(page, name);
    }
    expect(errors).toEqual([]);
    await ctx.close();
  }, 300_000);
});
