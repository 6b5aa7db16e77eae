/**
 * Issue 16 items 7 and 8: control characters in text and addresses, and charges past the largest
 * amount, are refused with 400 INVALID_PARAMETER naming the parameter (they answered 500, or were
 * stored), in json and xml, and the refusal changes nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, ok, makeTenant, type Tenant } from "./support/api";
import { attempt, expectError, FORMATS, makeComponent, makeGroup, makeProduct, PRODUCT_PARAMS } from "./support/catalog";
import { makeAccount } from "./support/payments";

let t: Tenant;
let group: any;
beforeAll(async () => {
  t = await makeTenant();
  group = await makeGroup(t);
});

const createProduct = (format: string, params: Record<string, string>) =>
  attempt(t, format, "Product/Create", "POST", { product_group_id: group.product_group_id, ...PRODUCT_PARAMS, ...params });

describe("item 7: control characters", () => {
  for (const format of FORMATS) {
    it(`${format}: a NUL in a product name is 400 naming name (it answered 500: PostgreSQL refuses NUL)`, async () => {
      expectError(await createProduct(format, { name: "Gold\u0000" }), 400, "INVALID_PARAMETER", "name");
    });

    it(`${format}: one-line text refuses line breaks, tabs and other controls; multi-line text keeps tab, CR and LF`, async () => {
      for (const name of ["Gold\nmonthly", "Gold\tmonthly", "Gold\u001b[31m"]) {
        expectError(await createProduct(format, { name }), 400, "INVALID_PARAMETER", "name");
      }
      expectError(await createProduct(format, { description: "All\u0007channels" }), 400, "INVALID_PARAMETER", "description");
      const description = "All channels\r\n\tand more";
      const r = await createProduct(format, { description });
      expect(r.status, r.text).toBe(200);
      const listed = await ok(t, "json", "Product/List", { params: { product_id: r.body.product.product_id } });
      expect(listed.products[0].description).toBe(description);
    });

    it(`${format}: an address with CR/LF, a space or a NUL is 400 naming it (CR/LF were dropped by the URL parser and stored)`, async () => {
      for (const action_url of [
        "https://hooks.example.com/a\r\nb",
        "https://hooks.example.com/\nX-Injected: 1",
        "https://hooks.example.com/a b",
        "https://x.example.com/\u0000",
      ]) {
        expectError(
          await attempt(t, format, "ProductGroup/Create", "POST", { name: "G", description: "G", action_url }),
          400,
          "INVALID_PARAMETER",
          "action_url",
        );
      }
      expectError(
        await attempt(t, format, "Brand/Update", "PATCH", { update_brand_id: t.brand_id, website_url: "https://example.com/\r\n" }),
        400,
        "INVALID_PARAMETER",
        "website_url",
      );
      const ticket = { type: "NEW", message: "Help", attachments: "https://example.com/a.png,https://example.com/b\n.png" };
      expectError(await attempt(t, format, "Ticket/Create", "POST", ticket), 400, "INVALID_PARAMETER", "attachments");
    });

    it(`${format}: a "\\u0000" escape inside a JSON parameter is 400 naming it (jsonb refuses it)`, async () => {
      const account = await makeAccount(t);
      const items = JSON.stringify([{ item_name: "Consulting\u0000", item_price: "25.00" }]);
      expect(items).toContain("\\u0000");
      const invoice = { customer_account_id: account, due_date: "12/31/2030", attached_items: items };
      expectError(await attempt(t, format, "Invoice/Create", "POST", invoice), 400, "INVALID_PARAMETER", "attached_items");
      const variable = JSON.stringify({ name: "Colour\u0000", type: "TEXT" });
      expectError(await attempt(t, format, "ProductGroup/Create", "POST", { name: "G", description: "G", VAR1: variable }), 400, "INVALID_PARAMETER", "VAR1");
    });

    it(`${format}: a NUL in article tags, plain or as a JSON array's escape, is 400 naming tags`, async () => {
      const category = (await ok(t, "json", "Category/Create", { method: "POST", params: { name: "C", category_type: "PRIMARY", visibility: "1" } })).category;
      for (const tags of ["billing\u0000", JSON.stringify(["billing\u0000"])]) {
        const article = { category_id: category.category_id, title: "T", contents: "Text", tags, visibility: "1" };
        expectError(await attempt(t, format, "Article/Create", "POST", article), 400, "INVALID_PARAMETER", "tags");
      }
    });
  }
});

describe("item 8: charges past the largest amount", () => {
  const MAX = "9999999999.99";
  let account: string;
  let product: any;
  let seats: any;
  beforeAll(async () => {
    account = await makeAccount(t);
    product = await makeProduct(t, group.product_group_id, { setup_fee: "0.00", recurring_price: "10.00" });
    // 999999999 units x 100000.00 is 10^16 cents: past 2^53 (it answered 500) and past the largest amount.
    seats = await makeComponent(t, group.product_group_id, { component_type: "quantitative", unit_price: "100000.00", setup_fee: "0.00" });
  });
  const units = (n: number) => JSON.stringify([{ component_id: seats.component_id, units: String(n) }]);
  const terms = (n: number) => ({ customer_account_id: account, product_id: product.product_id, attached_components: units(n) });
  const subscriptionsOf = async () => (await ok(t, "json", "Subscription/List", { params: { customer_account_id: account } })).subscriptions;

  for (const format of FORMATS) {
    it(`${format}: Estimate and Create refuse units x unit price past the largest amount, naming attached_components`, async () => {
      expectError(await call(format, "Subscription/Estimate", { creds: t, params: terms(999_999_999) }), 400, "INVALID_PARAMETER", "attached_components");
      const before = await subscriptionsOf();
      const create = { ...terms(999_999_999), override_initial_billing: "Y", auto_pay: "N" };
      expectError(await attempt(t, format, "Subscription/Create", "POST", create), 400, "INVALID_PARAMETER", "attached_components");
      expect(await subscriptionsOf()).toEqual(before);
      // Just within: 99999 units x 100000.00 + 10.00 is 9999900010.00.
      const r = await call(format, "Subscription/Estimate", { creds: t, params: terms(99_999) });
      expect(r.status, r.text).toBe(200);
      expect(r.body.estimate.next_renewal_total).toBe("9999900010.00");
    });

    it(`${format}: Update refuses units that would take the charge past the largest amount, naming attached_components, and changes nothing`, async () => {
      const created = await ok(t, "json", "Subscription/Create", {
        method: "POST",
        params: { ...terms(1), override_initial_billing: "Y", auto_pay: "N" },
      });
      const id = created.subscription.subscription_id;
      const before = await subscriptionsOf();
      const update = { subscription_id: id, customer_account_id: account, auto_pay: "N", attached_components: units(999_999_999) };
      expectError(await attempt(t, format, "Subscription/Update", "POST", update), 400, "INVALID_PARAMETER", "attached_components");
      expect(await subscriptionsOf()).toEqual(before);
    });

    it(`${format}: a product whose own prices add up past the largest amount is refused naming product_id (Estimate, ChangeProduct)`, async () => {
      const dear = await makeProduct(t, group.product_group_id, { setup_fee: MAX, recurring_price: MAX });
      const estimate = { customer_account_id: account, product_id: dear.product_id };
      expectError(await call(format, "Subscription/Estimate", { creds: t, params: estimate }), 400, "INVALID_PARAMETER", "product_id");
      // Its recurring price alone fits, but not with the components the subscription keeps.
      const created = await ok(t, "json", "Subscription/Create", { method: "POST", params: { ...terms(2), override_initial_billing: "Y", auto_pay: "N" } });
      const change = { subscription_id: created.subscription.subscription_id, customer_account_id: account, product_id: dear.product_id };
      const before = await subscriptionsOf();
      expectError(await attempt(t, format, "Subscription/ChangeProduct", "POST", change), 400, "INVALID_PARAMETER", "product_id");
      expect(await subscriptionsOf()).toEqual(before);
    });
  }
});
