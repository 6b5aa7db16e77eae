/**
 * Issue 32: a catalog price change that would bring a subscription's next invoice past the largest
 * amount (9999999999.99) is refused with 400, naming the first subscriptions and how many, and
 * changes nothing; left through, that renewal's invoice could never be generated.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, ok, makeTenant, type Tenant } from "./support/api";
import { COMPONENT_PARAMS, PRODUCT_PARAMS, expectError, makeComponent, makeGroup, makeProduct } from "./support/catalog";
import { makeAccount } from "./support/payments";

let t: Tenant;
let group: string;
beforeAll(async () => {
  t = await makeTenant();
  group = (await makeGroup(t)).product_group_id;
});

const subscribe = async (productId: string, components: { component_id: string; units: string }[] = []) => {
  const account = await makeAccount(t);
  const r = await ok(t, "json", "Subscription/Create", {
    method: "POST",
    params: {
      customer_account_id: account,
      product_id: productId,
      override_initial_billing: "Y",
      auto_pay: "N",
      attached_components: JSON.stringify(components),
    },
  });
  return r.subscription.subscription_id as string;
};

describe("a price rise past the largest amount", () => {
  it("Component/Update is refused naming the first 5 of the subscriptions it would break and the count, in json and xml; nothing changes", async () => {
    const product = await makeProduct(t, group, { setup_fee: "0.00", recurring_price: "5000000000.00" });
    const extra = await makeComponent(t, group, { unit_price: "4999999999.99" });
    const withIt = [];
    for (let i = 0; i < 7; i++) withIt.push(await subscribe(product.product_id, [{ component_id: extra.component_id, units: "1" }]));
    const without = await subscribe(product.product_id);
    const gone = await subscribe(product.product_id, [{ component_id: extra.component_id, units: "1" }]);
    await ok(t, "json", "Subscription/Delete", { method: "DELETE", params: { subscription_id: gone } });
    const update = (format: string, unit_price: string) =>
      call(format, "Component/Update", {
        method: "PATCH",
        creds: t,
        params: { ...COMPONENT_PARAMS, component_id: extra.component_id, product_group_id: group, unit_price },
      });
    for (const format of ["json", "xml"]) {
      const r = await update(format, "5000000000.00");
      expectError(r, 400, "INVALID_PARAMETER", "unit_price");
      expect(r.text).toContain("7 subscriptions");
      expect(r.text).toContain("and 2 more");
      for (const id of [...withIt].sort().slice(0, 5)) expect(r.text).toContain(id);
      expect(r.text).not.toContain(without);
      expect(r.text).not.toContain(gone);
    }
    const listed = (await ok(t, "json", "Component/List", { params: { component_id: extra.component_id } })).components[0];
    expect(listed.unit_price).toBe("4999999999.99");
    // Up to the largest amount it is accepted.
    expect((await update("json", "4999999999.99")).status).toBe(200);
  });

  it("Product/Update is refused the same way for the product's subscriptions (suspended ones too), and accepted while they fit", async () => {
    const product = await makeProduct(t, group, { setup_fee: "0.00", recurring_price: "9000000000.00" });
    const extra = await makeComponent(t, group, { unit_price: "0.01" });
    const a = await subscribe(product.product_id, [{ component_id: extra.component_id, units: "1" }]);
    const b = await subscribe(product.product_id, [{ component_id: extra.component_id, units: "1" }]);
    await ok(t, "json", "Subscription/Suspend", { method: "PATCH", params: { subscription_id: b } });
    const update = (recurring_price: string) =>
      call("json", "Product/Update", {
        method: "PATCH",
        creds: t,
        params: { ...PRODUCT_PARAMS, product_id: product.product_id, setup_fee: "0.00", recurring_price },
      });
    const fits = await update("9999999999.98");
    expect(fits.status, fits.text).toBe(200);
    const over = await update("9999999999.99");
    expectError(over, 400, "INVALID_PARAMETER", "recurring_price");
    expect(over.text).toContain("2 subscriptions");
    expect(over.text).toContain(a);
    expect(over.text).toContain(b);
    expect((await ok(t, "json", "Product/List", { params: { product_id: product.product_id } })).products[0].recurring_price).toBe("9999999999.98");
  });
});
