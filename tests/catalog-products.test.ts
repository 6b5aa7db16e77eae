import { beforeAll, describe, expect, it } from "vitest";
import { makeTenant, ok, type Tenant } from "./support/api";
import { ManualClock, useClock } from "../lib/clock";
import { attempt, expectError, FORMATS, listed, makeGroup, makeProduct, PRODUCT_PARAMS, snapshot } from "./support/catalog";
import { makeAccount } from "./support/payments";

const clock = new ManualClock("2026-01-01T00:00:00Z");
useClock(clock);

let t: Tenant;
let other: Tenant;
let group: string;
beforeAll(async () => {
  [t, other] = await Promise.all([makeTenant(), makeTenant()]);
  group = (await makeGroup(t)).product_group_id;
});

const productNow = (id: string) => snapshot(t, "Product/List", "product_id", id, "products");
const productCount = async () => Number((await ok(t, "json", "Product/List", { params: { product_group_id: group } })).count);
const create = (format: string, params: Record<string, string>) =>
  attempt(t, format, "Product/Create", "POST", { product_group_id: group, ...PRODUCT_PARAMS, ...params });
const update = (format: string, id: string, params: Record<string, string>) =>
  attempt(t, format, "Product/Update", "PATCH", { product_id: id, ...PRODUCT_PARAMS, ...params });

describe("Product/Create", () => {
  for (const format of FORMATS) {
    it(`${format}: creates a product, money as amounts with cents`, async () => {
      const params = { setup_fee: "25", recurring_price: "19.5", custom_field_1: "sku-1", custom_field_2: "north" };
      const r = await create(format, params);
      expect(r.status, r.text).toBe(200);
      expect(r.body.product).toMatchObject({
        product_group_id: group,
        name: "Gold monthly",
        expiration_interval: "30",
        setup_fee: "25.00",
        recurring_price: "19.50",
        trial: "N",
        trial_interval: "",
        trial_price: "",
        auto_pay_discount: "N",
        auto_pay_discount_amount: "",
        prompt_for_variables: "N",
        tax_exempt: "N",
        custom_field_1: "sku-1",
        custom_field_2: "north",
        status: "1",
        deleted: "",
      });
    });
  }

  it("expiration_interval 0 is a one-time purchase", async () => {
    expect((await makeProduct(t, group, { expiration_interval: "0" })).expiration_interval).toBe("0");
  });

  it("a trial needs its length; its price defaults to free (0.00)", async () => {
    expect(await makeProduct(t, group, { trial: "Y", trial_interval: "14", trial_price: "1.99" })).toMatchObject({ trial_interval: "14", trial_price: "1.99" });
    expect(await makeProduct(t, group, { trial: "Y", trial_interval: "7", trial_price: "0.00" })).toMatchObject({ trial_price: "0.00" });
    expect(await makeProduct(t, group, { trial: "Y", trial_interval: "7" })).toMatchObject({ trial_price: "0.00" });
    expect(expectError(await create("json", { trial: "Y" }), 400, "MISSING_PARAMETER", "trial_interval")).toBe("trial_interval is required when trial is Y");
    expectError(await create("xml", { trial: "Y", trial_price: "0.00" }), 400, "MISSING_PARAMETER", "trial_interval");
    expectError(await create("json", { trial: "Y", trial_interval: "0" }), 400, "INVALID_PARAMETER", "trial_interval");
  });

  // Issue 14 item 5: the spec marks these opt; with their flag N they are kept, unused.
  for (const format of FORMATS) {
    it(`${format}: trial_interval, trial_price and auto_pay_discount_amount are kept with their flag N, and billing ignores them`, async () => {
      const dormant = { trial: "N", trial_interval: "7", trial_price: "1.00", auto_pay_discount: "N", auto_pay_discount_amount: "50.00" };
      const r = await create(format, { recurring_price: "19.99", ...dormant });
      expect(r.status, r.text).toBe(200);
      expect(r.body.product).toMatchObject(dormant);
      const account = await makeAccount(t);
      const estimate = (await ok(t, format, "Subscription/Estimate", { params: { customer_account_id: account, product_id: r.body.product.product_id } }))
        .estimate;
      // No trial, no discount: 5.00 setup + 19.99, then 19.99 a period with or without auto pay.
      expect(estimate).toMatchObject({ trial: "N", upfront_total: "24.99", next_renewal_total: "19.99", next_renewal_total_with_auto_pay: "19.99" });
    });
  }

  it("auto_pay_discount_amount is required when auto_pay_discount is Y", async () => {
    expect(await makeProduct(t, group, { auto_pay_discount: "Y", auto_pay_discount_amount: "2.00" })).toMatchObject({ auto_pay_discount_amount: "2.00" });
    const missing = expectError(await create("json", { auto_pay_discount: "Y" }), 400, "MISSING_PARAMETER", "auto_pay_discount_amount");
    expect(missing).toBe("auto_pay_discount_amount is required when auto_pay_discount is Y");
    expectError(await create("xml", { auto_pay_discount: "Y", auto_pay_discount_amount: "" }), 400, "MISSING_PARAMETER", "auto_pay_discount_amount");
    expectError(await create("json", { auto_pay_discount: "Y", auto_pay_discount_amount: "20.00" }), 400, "INVALID_PARAMETER", "auto_pay_discount_amount");
    expectError(await create("json", { auto_pay_discount: "Y", auto_pay_discount_amount: "0" }), 400, "INVALID_PARAMETER", "auto_pay_discount_amount");
  });

  it("refuses bad money, numbers and flags naming the parameter, and creates nothing", async () => {
    const before = await productCount();
    const bad: [string, string][] = [
      ["setup_fee", "10.001"],
      ["setup_fee", "ten"],
      ["recurring_price", "-5.00"],
      ["recurring_price", "1,000.00"],
      ["recurring_price", "1e3"],
      ["expiration_interval", "-1"],
      ["expiration_interval", "1.5"],
      ["expiration_interval", "thirty"],
      ["trial", "yes"],
      ["auto_pay_discount", "y"],
      ["prompt_for_variables", "1"],
      ["tax_exempt", "TRUE"],
      ["name", "x".repeat(256)],
    ];
    for (const format of FORMATS) {
      for (const [param, value] of bad) expectError(await create(format, { [param]: value }), 400, "INVALID_PARAMETER", param);
      expectError(await create(format, { trial: "Y", trial_interval: "7", trial_price: "0.001" }), 400, "INVALID_PARAMETER", "trial_price");
    }
    expect(await productCount()).toBe(before);
  });

  it("refuses missing required parameters as MISSING_PARAMETER, flags included", async () => {
    for (const param of ["name", "expiration_interval", "recurring_price", "trial", "tax_exempt", "product_group_id"]) {
      const params: Record<string, string> = { product_group_id: group, ...PRODUCT_PARAMS };
      delete params[param];
      expectError(await attempt(t, "json", "Product/Create", "POST", params), 400, "MISSING_PARAMETER", param);
    }
  });

  it("needs a product group of this brand that is not deleted", async () => {
    const theirs = (await makeGroup(other)).product_group_id;
    expectError(await create("json", { product_group_id: theirs }), 404, "NOT_FOUND", "product_group_id");
    expectError(await create("xml", { product_group_id: "01a20000-0000-7000-8000-000000000000" }), 404, "NOT_FOUND", "product_group_id");
    expect((await ok(other, "json", "Product/List")).count).toBe("0");
    const gone = (await makeGroup(t)).product_group_id;
    await ok(t, "json", "ProductGroup/Delete", { method: "DELETE", params: { product_group_id: gone } });
    expectError(await create("json", { product_group_id: gone }), 409, "INVALID_STATE", "product_group_id");
  });
});

describe("Product/List", () => {
  for (const format of FORMATS) {
    it(`${format}: leaves deleted products out unless asked for by product_id`, async () => {
      const g = (await makeGroup(t)).product_group_id;
      const [kept, gone] = [await makeProduct(t, g), await makeProduct(t, g)];
      await ok(t, "json", "Product/Delete", { method: "DELETE", params: { product_id: gone.product_id } });
      const all = await ok(t, format, "Product/List", { params: { product_group_id: g } });
      expect(all.count).toBe("1");
      expect(listed(format, all, "products").map((p) => p.product_id)).toEqual([kept.product_id]);
      const one = await ok(t, format, "Product/List", { params: { product_id: gone.product_id } });
      expect(listed(format, one, "products")[0]).toMatchObject({ product_id: gone.product_id, status: "3" });
    });
  }

  it("filters by product group and custom fields", async () => {
    const g = (await makeGroup(t)).product_group_id;
    const a = await makeProduct(t, g, { custom_field_1: "red", custom_field_2: "x" });
    const b = await makeProduct(t, g, { custom_field_1: "blue", custom_field_2: "x" });
    const ids = async (params: Record<string, string>) => (await ok(t, "json", "Product/List", { params })).products.map((p: any) => p.product_id);
    expect(await ids({ product_group_id: g })).toEqual([a.product_id, b.product_id]);
    expect(await ids({ product_group_id: g, custom_field_1: "blue" })).toEqual([b.product_id]);
    expect(await ids({ custom_field_2: "x", custom_field_1: "red" })).toEqual([a.product_id]);
    expect(await ids({ custom_field_1: "green" })).toEqual([]);
  });

  it("lists nothing for another brand's ids", async () => {
    const theirs = await makeProduct(other, (await makeGroup(other)).product_group_id);
    expect((await ok(t, "json", "Product/List", { params: { product_id: theirs.product_id } })).count).toBe("0");
    expect((await ok(t, "xml", "Product/List", { params: { product_group_id: theirs.product_group_id } })).count).toBe("0");
  });
});

describe("Product/Update", () => {
  for (const format of FORMATS) {
    it(`${format}: sets what is sent, keeps optional fields that are absent`, async () => {
      const p = await makeProduct(t, group, { trial: "Y", trial_interval: "14", trial_price: "1.00", custom_field_1: "keep me", custom_field_2: "me too" });
      const r = await update(format, p.product_id, { name: "Platinum", recurring_price: "29.99", trial: "Y", custom_field_2: "changed" });
      expect(r.status, r.text).toBe(200);
      expect(r.body.product).toMatchObject({
        name: "Platinum",
        recurring_price: "29.99",
        trial_interval: "14",
        trial_price: "1.00",
        custom_field_1: "keep me",
        custom_field_2: "changed",
      });
      expect(await productNow(p.product_id)).toMatchObject({ name: "Platinum", custom_field_1: "keep me" });
    });
  }

  it("optional fields sent empty are cleared", async () => {
    const p = await makeProduct(t, group, { custom_field_1: "a", custom_field_2: "b", trial: "Y", trial_interval: "14", trial_price: "3.00" });
    await update("json", p.product_id, { custom_field_1: "", trial: "Y", trial_price: "" });
    // A trial whose price is cleared is free again.
    expect(await productNow(p.product_id)).toMatchObject({ custom_field_1: "", custom_field_2: "b", trial_interval: "14", trial_price: "0.00" });
    expectError(await update("json", p.product_id, { trial: "Y", trial_interval: "" }), 400, "MISSING_PARAMETER", "trial_interval");
  });

  for (const format of FORMATS) {
    it(`${format}: turning trial or auto_pay_discount off keeps what depends on it, for when they turn on again`, async () => {
      const p = await makeProduct(t, group, {
        trial: "Y",
        trial_interval: "14",
        trial_price: "1.00",
        auto_pay_discount: "Y",
        auto_pay_discount_amount: "1.50",
      });
      const kept = { trial_interval: "14", trial_price: "1.00", auto_pay_discount_amount: "1.50" };
      expect((await update(format, p.product_id, { trial: "N", auto_pay_discount: "N" })).body.product).toMatchObject({
        trial: "N",
        auto_pay_discount: "N",
        ...kept,
      });
      expect((await update(format, p.product_id, { trial: "N", trial_interval: "3" })).body.product).toMatchObject({ trial: "N", trial_interval: "3" });
      expect((await update(format, p.product_id, { trial: "Y", auto_pay_discount: "Y" })).body.product).toMatchObject({
        trial: "Y",
        ...kept,
        trial_interval: "3",
      });
    });
  }

  it("turning trial or auto_pay_discount on needs what depends on it", async () => {
    const p = await makeProduct(t, group);
    expectError(await update("json", p.product_id, { trial: "Y" }), 400, "MISSING_PARAMETER", "trial_interval");
    expectError(await update("xml", p.product_id, { auto_pay_discount: "Y" }), 400, "MISSING_PARAMETER", "auto_pay_discount_amount");
    // The stored discount is checked against a new, lower price.
    await update("json", p.product_id, { auto_pay_discount: "Y", auto_pay_discount_amount: "5.00" });
    expectError(await update("json", p.product_id, { auto_pay_discount: "Y", recurring_price: "4.00" }), 400, "INVALID_PARAMETER", "auto_pay_discount_amount");
  });

  it("the required fields stay required", async () => {
    const p = await makeProduct(t, group);
    const params: Record<string, string> = { product_id: p.product_id, ...PRODUCT_PARAMS };
    delete params.recurring_price;
    expectError(await attempt(t, "json", "Product/Update", "PATCH", params), 400, "MISSING_PARAMETER", "recurring_price");
  });

  it("product_group_id cannot change: it is not a parameter and is reported as ignored", async () => {
    const p = await makeProduct(t, group);
    const elsewhere = (await makeGroup(t)).product_group_id;
    const r = await update("json", p.product_id, { product_group_id: elsewhere, name: "Moved?" });
    expect(r.status).toBe(200);
    expect(r.headers.get("x-ignored-parameters")).toContain("product_group_id");
    expect(await productNow(p.product_id)).toMatchObject({ name: "Moved?", product_group_id: group });
  });

  it("a refused update changes nothing", async () => {
    const p = await makeProduct(t, group, { custom_field_1: "a" });
    const before = await productNow(p.product_id);
    clock.advance({ minutes: 1 });
    const refused: Record<string, string>[] = [
      { name: "New", recurring_price: "10.001" },
      { name: "New", trial: "maybe" },
      { name: "New", auto_pay_discount: "Y" },
    ];
    for (const params of refused) {
      expect((await update("json", p.product_id, params)).status).toBe(400);
    }
    expect(await productNow(p.product_id)).toEqual(before);
  });

  it("refuses to change a deleted product; a suspended one can change", async () => {
    const p = await makeProduct(t, group);
    await ok(t, "json", "Product/Suspend", { method: "PATCH", params: { product_id: p.product_id } });
    expect((await update("json", p.product_id, { name: "While suspended" })).status).toBe(200);
    await ok(t, "json", "Product/Delete", { method: "DELETE", params: { product_id: p.product_id } });
    expectError(await update("xml", p.product_id, { name: "x" }), 409, "INVALID_STATE", "product_id");
  });
});

describe("Product Suspend, Delete, Restore", () => {
  const act = (format: string, action: string, id: string) =>
    attempt(t, format, `Product/${action}`, action === "Delete" ? "DELETE" : "PATCH", { product_id: id });

  for (const format of FORMATS) {
    it(`${format}: active -> suspended -> active -> deleted -> active`, async () => {
      const id = (await makeProduct(t, group)).product_id;
      expect((await act(format, "Suspend", id)).body.product.status).toBe("2");
      expect((await act(format, "Restore", id)).body.product.status).toBe("1");
      const deleted = (await act(format, "Delete", id)).body.product;
      expect(deleted.status).toBe("3");
      expect(deleted.deleted).not.toBe("");
      expect((await act(format, "Restore", id)).body.product).toMatchObject({ status: "1", deleted: "" });
    });
  }

  it("suspends only active products and restores only inactive ones", async () => {
    const id = (await makeProduct(t, group)).product_id;
    expectError(await act("json", "Restore", id), 409, "INVALID_STATE", "product_id");
    await act("json", "Suspend", id);
    expectError(await act("xml", "Suspend", id), 409, "INVALID_STATE", "product_id");
    expect((await act("json", "Delete", id)).body.product.status).toBe("3");
    expectError(await act("json", "Suspend", id), 409, "INVALID_STATE", "product_id");
  });

  it(`restores a deleted product on day 89 but not on day 91`, async () => {
    const early = (await makeProduct(t, group)).product_id;
    const late = (await makeProduct(t, group)).product_id;
    await act("json", "Delete", early);
    await act("json", "Delete", late);
    clock.advance({ days: 89 });
    expect((await act("json", "Restore", early)).body.product.status).toBe("1");
    clock.advance({ days: 2 });
    for (const format of FORMATS) expectError(await act(format, "Restore", late), 409, "RESTORE_WINDOW_EXPIRED");
    expect(await productNow(late)).toMatchObject({ status: "3" });
  });

  it("deleting again does not restart the window", async () => {
    const id = (await makeProduct(t, group)).product_id;
    const first = (await act("json", "Delete", id)).body.product;
    clock.advance({ days: 60 });
    expect((await act("json", "Delete", id)).body.product.deleted).toBe(first.deleted);
    clock.advance({ days: 31 });
    expectError(await act("json", "Restore", id), 409, "RESTORE_WINDOW_EXPIRED");
  });

  it("a suspended product has no window", async () => {
    const id = (await makeProduct(t, group)).product_id;
    await act("json", "Suspend", id);
    clock.advance({ days: 200 });
    expect((await act("json", "Restore", id)).body.product.status).toBe("1");
  });

  it("is not restored into a deleted group", async () => {
    const g = (await makeGroup(t)).product_group_id;
    const id = (await makeProduct(t, g)).product_id;
    await act("json", "Delete", id);
    await ok(t, "json", "ProductGroup/Delete", { method: "DELETE", params: { product_group_id: g } });
    expectError(await act("json", "Restore", id), 409, "INVALID_STATE", "product_id");
    await ok(t, "json", "ProductGroup/Restore", { method: "PATCH", params: { product_group_id: g } });
    expect((await act("json", "Restore", id)).body.product.status).toBe("1");
  });

  it("another brand's product is 404 to every endpoint and is not changed", async () => {
    const theirs = await makeProduct(other, (await makeGroup(other)).product_group_id);
    const before = (await ok(other, "json", "Product/List", { params: { product_id: theirs.product_id } })).products[0];
    for (const format of FORMATS) {
      expectError(await update(format, theirs.product_id, { name: "Mine now" }), 404, "NOT_FOUND", "product_id");
      for (const action of ["Suspend", "Delete", "Restore"]) expectError(await act(format, action, theirs.product_id), 404, "NOT_FOUND", "product_id");
    }
    expectError(await act("json", "Suspend", "not-an-id"), 404, "NOT_FOUND", "product_id");
    expect((await ok(other, "json", "Product/List", { params: { product_id: theirs.product_id } })).products[0]).toEqual(before);
  });
});
