import { beforeAll, describe, expect, it } from "vitest";
import { makeTenant, ok, type Tenant } from "./support/api";
import { getDb } from "../db/client";
import { components } from "../db/schema";
import { newId } from "../lib/ids";
import { ManualClock, useClock } from "../lib/clock";
import { attempt, COMPONENT_PARAMS, expectError, FORMATS, listed, makeComponent, makeGroup, snapshot } from "./support/catalog";

const clock = new ManualClock("2026-01-01T00:00:00Z");
useClock(clock);

let t: Tenant;
let other: Tenant;
let group: string;
beforeAll(async () => {
  [t, other] = await Promise.all([makeTenant(), makeTenant()]);
  group = (await makeGroup(t)).product_group_id;
});

const componentNow = (id: string) => snapshot(t, "Component/List", "component_id", id, "components");
const componentCount = async () => Number((await ok(t, "json", "Component/List", { params: { product_group_id: group } })).total);
const create = (format: string, params: Record<string, string>) =>
  attempt(t, format, "Component/Create", "POST", { product_group_id: group, ...COMPONENT_PARAMS, ...params });
/** Update sends the required fields again, with the component's own type and group. */
const update = (format: string, c: { component_id: string; component_type: string; product_group_id: string }, params: Record<string, string>) =>
  attempt(t, format, "Component/Update", "PATCH", {
    ...COMPONENT_PARAMS,
    component_id: c.component_id,
    component_type: c.component_type,
    product_group_id: c.product_group_id,
    ...params,
  });

describe("Component/Create", () => {
  for (const format of FORMATS) {
    it(`${format}: creates traditional, metered and quantitative components`, async () => {
      const traditional = await create(format, { setup_fee: "2", custom_field_1: "a" });
      expect(traditional.status, traditional.text).toBe(200);
      expect(traditional.body.component).toMatchObject({
        product_group_id: group,
        component_type: "traditional",
        name: "Extra screen",
        unit_price: "4.99",
        setup_fee: "2.00",
        starting_quantity: "",
        maximum_units: "",
        taxable: "Y",
        custom_field_1: "a",
        status: "1",
      });
      const metered = await create(format, { component_type: "metered", starting_quantity: "100", unit_price: "0.01" });
      expect(metered.body.component).toMatchObject({ component_type: "metered", starting_quantity: "100", unit_price: "0.01", setup_fee: "" });
      const quantitative = await create(format, { component_type: "quantitative", starting_quantity: "1", maximum_units: "10" });
      expect(quantitative.body.component).toMatchObject({ component_type: "quantitative", starting_quantity: "1", maximum_units: "10" });
    });
  }

  it("starting_quantity only for metered and quantitative, maximum_units only for quantitative and not below starting_quantity", async () => {
    expectError(await create("json", { starting_quantity: "1" }), 400, "INVALID_PARAMETER", "starting_quantity");
    expectError(await create("xml", { maximum_units: "5" }), 400, "INVALID_PARAMETER", "maximum_units");
    expectError(await create("json", { component_type: "metered", maximum_units: "5" }), 400, "INVALID_PARAMETER", "maximum_units");
    const below = expectError(
      await create("json", { component_type: "quantitative", starting_quantity: "6", maximum_units: "5" }),
      400,
      "INVALID_PARAMETER",
      "maximum_units",
    );
    expect(below).toMatch(/at least starting_quantity \(6\)/);
    expect((await create("json", { component_type: "quantitative", starting_quantity: "5", maximum_units: "5" })).status).toBe(200);
    expect((await create("json", { component_type: "quantitative", maximum_units: "5" })).status).toBe(200);
  });

  it("refuses unknown types, bad money and flags naming the parameter, and creates nothing", async () => {
    const before = await componentCount();
    const bad: [string, string][] = [
      ["component_type", "flat"],
      ["component_type", "Traditional"],
      ["unit_price", "10.001"],
      ["unit_price", "ten"],
      ["setup_fee", "1.5.0"],
      ["taxable", "yes"],
      ["starting_quantity", "-1"],
      ["maximum_units", "0"],
    ];
    for (const format of FORMATS) {
      for (const [param, value] of bad) expectError(await create(format, { [param]: value }), 400, "INVALID_PARAMETER", param);
      expectError(
        await attempt(t, format, "Component/Create", "POST", { product_group_id: group, name: "x", description: "y", unit_price: "1", taxable: "N" }),
        400,
        "MISSING_PARAMETER",
        "component_type",
      );
    }
    expect(await componentCount()).toBe(before);
  });

  it("needs a product group of this brand that is not deleted", async () => {
    const theirs = (await makeGroup(other)).product_group_id;
    expectError(await create("json", { product_group_id: theirs }), 404, "NOT_FOUND", "product_group_id");
    const gone = (await makeGroup(t)).product_group_id;
    await ok(t, "json", "ProductGroup/Delete", { method: "DELETE", params: { product_group_id: gone } });
    expectError(await create("xml", { product_group_id: gone }), 409, "INVALID_STATE", "product_group_id");
  });
});

describe("Component/List", () => {
  it("answers at most 300, with the total, and narrows by product group", async () => {
    const s = await makeTenant();
    const [big, small] = [(await makeGroup(s)).product_group_id, (await makeGroup(s)).product_group_id];
    const now = clock.now();
    const row = (groupId: string, i: number) => ({
      id: newId(),
      brandId: s.brand_id,
      productGroupId: groupId,
      componentType: "traditional" as const,
      name: `C${i}`,
      description: "bulk",
      unitPriceCents: 100,
      taxable: "N" as const,
      createdAt: new Date(now.getTime() + i),
      updatedAt: now,
    });
    const db = await getDb();
    await db.insert(components).values([...Array.from({ length: 301 }, (_, i) => row(big, i)), row(small, 1000)]);
    for (const format of FORMATS) {
      const all = await ok(s, format, "Component/List");
      expect([all.count, all.total]).toEqual(["300", "302"]);
      expect(listed(format, all, "components")).toHaveLength(300);
    }
    const narrowed = await ok(s, "json", "Component/List", { params: { product_group_id: small } });
    expect([narrowed.count, narrowed.total]).toEqual(["1", "1"]);
    expect(narrowed.components[0].product_group_id).toBe(small);
  });

  for (const format of FORMATS) {
    it(`${format}: leaves deleted components out unless asked for by component_id`, async () => {
      const g = (await makeGroup(t)).product_group_id;
      const [kept, gone] = [await makeComponent(t, g), await makeComponent(t, g)];
      await ok(t, "json", "Component/Delete", { method: "DELETE", params: { component_id: gone.component_id } });
      const all = await ok(t, format, "Component/List", { params: { product_group_id: g } });
      expect(listed(format, all, "components").map((c) => c.component_id)).toEqual([kept.component_id]);
      const one = await ok(t, format, "Component/List", { params: { component_id: gone.component_id } });
      expect(listed(format, one, "components")[0]).toMatchObject({ component_id: gone.component_id, status: "3" });
    });
  }

  it("filters by custom fields and lists nothing for another brand's ids", async () => {
    const g = (await makeGroup(t)).product_group_id;
    const a = await makeComponent(t, g, { custom_field_1: "red", custom_field_2: "z" });
    await makeComponent(t, g, { custom_field_1: "blue", custom_field_2: "z" });
    const red = await ok(t, "json", "Component/List", { params: { custom_field_1: "red", custom_field_2: "z" } });
    expect(red.components.map((c: any) => c.component_id)).toEqual([a.component_id]);
    const theirs = await makeComponent(other, (await makeGroup(other)).product_group_id);
    expect((await ok(t, "json", "Component/List", { params: { component_id: theirs.component_id } })).count).toBe("0");
    expect((await ok(t, "xml", "Component/List", { params: { product_group_id: theirs.product_group_id } })).count).toBe("0");
  });
});

describe("Component/Update", () => {
  for (const format of FORMATS) {
    it(`${format}: sets what is sent, keeps optional fields that are absent`, async () => {
      const c = await makeComponent(t, group, {
        component_type: "quantitative",
        starting_quantity: "2",
        maximum_units: "20",
        setup_fee: "1.00",
        custom_field_1: "a",
      });
      const r = await update(format, c, { name: "Seats", unit_price: "7", maximum_units: "30" });
      expect(r.status, r.text).toBe(200);
      expect(r.body.component).toMatchObject({
        name: "Seats",
        unit_price: "7.00",
        starting_quantity: "2",
        maximum_units: "30",
        setup_fee: "1.00",
        custom_field_1: "a",
      });
    });
  }

  it("optional fields sent empty are cleared", async () => {
    const c = await makeComponent(t, group, {
      component_type: "metered",
      starting_quantity: "50",
      setup_fee: "1.00",
      custom_field_1: "a",
      custom_field_2: "b",
    });
    await update("json", c, { starting_quantity: "", setup_fee: "", custom_field_2: "" });
    expect(await componentNow(c.component_id)).toMatchObject({ starting_quantity: "", setup_fee: "", custom_field_1: "a", custom_field_2: "" });
  });

  it("refuses another component_type or product_group_id naming it, and changes nothing", async () => {
    const c = await makeComponent(t, group, { component_type: "metered" });
    const before = await componentNow(c.component_id);
    clock.advance({ minutes: 1 });
    const type = expectError(await update("json", c, { component_type: "quantitative", name: "x" }), 400, "INVALID_PARAMETER", "component_type");
    expect(type).toMatch(/cannot change/);
    const elsewhere = (await makeGroup(t)).product_group_id;
    expectError(await update("xml", c, { product_group_id: elsewhere, name: "x" }), 400, "INVALID_PARAMETER", "product_group_id");
    expectError(await update("json", c, { component_type: "bogus" }), 400, "INVALID_PARAMETER", "component_type");
    expectError(await update("json", c, { component_type: "" }), 400, "MISSING_PARAMETER", "component_type");
    expectError(await update("json", c, { product_group_id: (await makeGroup(other)).product_group_id }), 404, "NOT_FOUND", "product_group_id");
    expect(await componentNow(c.component_id)).toEqual(before);
  });

  it("checks the rules against the stored values", async () => {
    const q = await makeComponent(t, group, { component_type: "quantitative", starting_quantity: "5", maximum_units: "10" });
    expectError(await update("json", q, { maximum_units: "4" }), 400, "INVALID_PARAMETER", "maximum_units");
    expectError(await update("json", q, { starting_quantity: "11" }), 400, "INVALID_PARAMETER", "maximum_units");
    const tr = await makeComponent(t, group);
    expectError(await update("json", tr, { starting_quantity: "1" }), 400, "INVALID_PARAMETER", "starting_quantity");
    expectError(await update("json", tr, { unit_price: "ten" }), 400, "INVALID_PARAMETER", "unit_price");
  });

  it("refuses to change a deleted component", async () => {
    const c = await makeComponent(t, group);
    await ok(t, "json", "Component/Delete", { method: "DELETE", params: { component_id: c.component_id } });
    expectError(await update("json", c, { name: "x" }), 409, "INVALID_STATE", "component_id");
  });
});

describe("Component Suspend, Delete, Restore", () => {
  const METHODS: Record<string, string> = { Suspend: "PATCH", Delete: "DELETE", Restore: "POST" };
  const act = (format: string, action: string, id: string) => attempt(t, format, `Component/${action}`, METHODS[action], { component_id: id });

  for (const format of FORMATS) {
    it(`${format}: active -> suspended -> active -> deleted -> active (Restore is POST)`, async () => {
      const id = (await makeComponent(t, group)).component_id;
      expect((await act(format, "Suspend", id)).body.component.status).toBe("2");
      expect((await act(format, "Restore", id)).body.component.status).toBe("1");
      expect((await act(format, "Delete", id)).body.component.status).toBe("3");
      expect((await act(format, "Restore", id)).body.component).toMatchObject({ status: "1", deleted: "" });
    });
  }

  it("suspends only active components and restores only inactive ones", async () => {
    const id = (await makeComponent(t, group)).component_id;
    expectError(await act("json", "Restore", id), 409, "INVALID_STATE", "component_id");
    await act("json", "Suspend", id);
    expectError(await act("xml", "Suspend", id), 409, "INVALID_STATE", "component_id");
    expect((await act("json", "Delete", id)).body.component.status).toBe("3");
  });

  it("restores a deleted component on day 89 but not on day 91", async () => {
    const early = (await makeComponent(t, group)).component_id;
    const late = (await makeComponent(t, group)).component_id;
    await act("json", "Delete", early);
    await act("json", "Delete", late);
    clock.advance({ days: 89 });
    expect((await act("json", "Restore", early)).body.component.status).toBe("1");
    clock.advance({ days: 2 });
    for (const format of FORMATS) expectError(await act(format, "Restore", late), 409, "RESTORE_WINDOW_EXPIRED");
    expect(await componentNow(late)).toMatchObject({ status: "3" });
  });

  it("is not restored into a deleted group", async () => {
    const g = (await makeGroup(t)).product_group_id;
    const id = (await makeComponent(t, g)).component_id;
    await act("json", "Suspend", id);
    await ok(t, "json", "ProductGroup/Delete", { method: "DELETE", params: { product_group_id: g } });
    expectError(await act("json", "Restore", id), 409, "INVALID_STATE", "component_id");
  });

  it("another brand's component is 404 to every endpoint and is not changed", async () => {
    const theirs = await makeComponent(other, (await makeGroup(other)).product_group_id);
    const before = (await ok(other, "json", "Component/List", { params: { component_id: theirs.component_id } })).components[0];
    for (const format of FORMATS) {
      expectError(await update(format, { ...theirs, product_group_id: group }, { name: "Mine now" }), 404, "NOT_FOUND", "component_id");
      for (const action of ["Suspend", "Delete", "Restore"]) expectError(await act(format, action, theirs.component_id), 404, "NOT_FOUND", "component_id");
    }
    expect((await ok(other, "json", "Component/List", { params: { component_id: theirs.component_id } })).components[0]).toEqual(before);
  });
});
