/**
 * The reads the dashboard's catalog pages add: subscription counts for the lifecycle confirmations,
 * group and product names and pickers, and the page sort keys; each brand-scoped.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { brands } from "../db/schema";
import { systemContext, type Context } from "../lib/auth/context";
import { subscriptionsUsing } from "../lib/catalog/usage";
import { productChoices, productGroupChoices, productGroupNames, productNames } from "../lib/catalog/group-names";
import { listProductsPage } from "../lib/catalog/list-products";
import { listDunningRulesPage } from "../lib/dunning/list-dunning-rules";
import { makeTenant, ok, type Tenant } from "./support/api";
import { created, fixtures } from "./support/fixtures";

async function contextOf(t: Tenant): Promise<Context> {
  const db = await getDb();
  const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
  return systemContext(db, brand);
}

const product = (t: Tenant, groupId: string, name: string, price: string) =>
  created(
    t,
    "Product/Create",
    {
      product_group_id: groupId,
      name,
      description: name,
      expiration_interval: "30",
      setup_fee: "0.00",
      recurring_price: price,
      trial: "N",
      auto_pay_discount: "N",
      prompt_for_variables: "N",
      tax_exempt: "N",
    },
    "product",
    "product_id",
  );

let a: Tenant, b: Tenant, ctx: Context, otherCtx: Context;
let groupId: string, productId: string, componentId: string, couponId: string;
beforeAll(async () => {
  [a, b] = await Promise.all([makeTenant(), makeTenant()]);
  [ctx, otherCtx] = await Promise.all([contextOf(a), contextOf(b)]);
  groupId = await created(a, "ProductGroup/Create", { name: "Plans", description: "Plans" }, "product_group", "product_group_id");
  productId = await product(a, groupId, "Gold", "20.00");
  componentId = await created(
    a,
    "Component/Create",
    { product_group_id: groupId, component_type: "traditional", name: "Extra", description: "Extra", unit_price: "2.00", taxable: "N" },
    "component",
    "component_id",
  );
  couponId = await created(
    a,
    "Coupon/Create",
    { coupon_code: "PAGES10", name: "Ten", discount_type: "percent", discount_value: "10", duration: "forever", stackable: "N" },
    "coupon",
    "coupon_id",
  );
  const subscribe = async (extra: Record<string, string>) =>
    created(
      a,
      "Subscription/Create",
      { customer_account_id: await fixtures.Account(a), product_id: productId, override_initial_billing: "Y", auto_pay: "N", ...extra },
      "subscription",
      "subscription_id",
    );
  const withAll = await subscribe({ attached_components: JSON.stringify([{ component_id: componentId, units: "1" }]), coupon_code: "PAGES10" });
  await subscribe({});
  const ended = await subscribe({});
  await ok(a, "json", "Subscription/Suspend", { method: "PATCH", params: { subscription_id: withAll } });
  await ok(a, "json", "Subscription/Delete", { method: "DELETE", params: { subscription_id: ended } });
});

describe("subscriptionsUsing", () => {
  it("counts active and live (active or suspended) subscriptions by group, product, component and coupon; deleted ones never", async () => {
    expect(await subscriptionsUsing(ctx, { productGroupId: groupId })).toEqual({ active: 1, live: 2 });
    expect(await subscriptionsUsing(ctx, { productId })).toEqual({ active: 1, live: 2 });
    expect(await subscriptionsUsing(ctx, { componentId })).toEqual({ active: 0, live: 1 });
    expect(await subscriptionsUsing(ctx, { couponId })).toEqual({ active: 0, live: 1 });
  });

  it("another brand's records count nothing, and a malformed id asks nothing", async () => {
    expect(await subscriptionsUsing(otherCtx, { productGroupId: groupId })).toEqual({ active: 0, live: 0 });
    expect(await subscriptionsUsing(otherCtx, { componentId })).toEqual({ active: 0, live: 0 });
    expect(await subscriptionsUsing(ctx, { productId: "not-an-id" })).toEqual({ active: 0, live: 0 });
  });
});

describe("names and pickers", () => {
  it("names the brand's own groups and products only", async () => {
    expect([...(await productGroupNames(ctx, [groupId, null, "x"])).entries()]).toEqual([[groupId, "Plans"]]);
    expect((await productGroupNames(otherCtx, [groupId])).size).toBe(0);
    expect((await productNames(ctx, [productId])).get(productId)).toBe("Gold");
    expect((await productNames(otherCtx, [productId])).size).toBe(0);
  });

  it("offers groups that are not deleted (a suspended one says so) and products that are not deleted", async () => {
    const suspended = await created(a, "ProductGroup/Create", { name: "Archive", description: "Old" }, "product_group", "product_group_id");
    const deleted = await created(a, "ProductGroup/Create", { name: "Gone", description: "Gone" }, "product_group", "product_group_id");
    await ok(a, "json", "ProductGroup/Suspend", { method: "PATCH", params: { product_group_id: suspended } });
    await ok(a, "json", "ProductGroup/Delete", { method: "DELETE", params: { product_group_id: deleted } });
    const groups = await productGroupChoices(ctx);
    expect(groups.map((g) => g.label)).toEqual(["Archive (suspended)", "Plans"]);
    expect(await productGroupChoices(otherCtx)).toEqual([]);
    const gone = await product(a, groupId, "Old plan", "1.00");
    await ok(a, "json", "Product/Delete", { method: "DELETE", params: { product_id: gone } });
    expect((await productChoices(ctx)).map((p) => p.label)).toEqual(["Gold"]);
  });
});

describe("page sort keys", () => {
  it("sorts products by price and finds a dunning rule by id", async () => {
    await product(a, groupId, "Bronze", "5.00");
    const byPrice = await listProductsPage(ctx, { filters: { productGroupId: groupId }, sort: { key: "recurring_price", dir: "asc" } });
    expect(byPrice.rows.map((p) => p.name)).toEqual(["Bronze", "Gold"]);
    const ruleId = await fixtures.DunningRule(a);
    expect((await listDunningRulesPage(ctx, { filters: { id: ruleId } })).rows.map((r) => r.id)).toEqual([ruleId]);
    expect((await listDunningRulesPage(otherCtx, { filters: { id: ruleId } })).total).toBe(0);
  });
});
