import { beforeAll, describe, expect, it } from "vitest";
import { makeTenant, ok, type Tenant } from "./support/api";
import { ManualClock, useClock } from "../lib/clock";
import { attempt, COUPON_PARAMS, expectError, FORMATS, listed, makeCoupon, makeGroup, makeProduct, snapshot, uniqueCode } from "./support/catalog";

const clock = new ManualClock("2026-01-01T00:00:00Z");
useClock(clock);

let t: Tenant;
let other: Tenant;
let products: string[];
beforeAll(async () => {
  [t, other] = await Promise.all([makeTenant(), makeTenant()]);
  const group = (await makeGroup(t)).product_group_id;
  products = [(await makeProduct(t, group)).product_id, (await makeProduct(t, group)).product_id];
});

const couponNow = (id: string) => snapshot(t, "Coupon/List", "coupon_id", id, "coupons");
const couponCount = async () => Number((await ok(t, "json", "Coupon/List")).count);
const create = (format: string, params: Record<string, string>) =>
  attempt(t, format, "Coupon/Create", "POST", { coupon_code: uniqueCode(), ...COUPON_PARAMS, ...params });
const update = (format: string, id: string, params: Record<string, string>) => attempt(t, format, "Coupon/Update", "PATCH", { coupon_id: id, ...params });

describe("Coupon/Create", () => {
  for (const format of FORMATS) {
    it(`${format}: creates percent and amount coupons`, async () => {
      const percent = await create(format, {
        coupon_code: `Spring-${format}`,
        discount_value: "12.5",
        duration: "cycles",
        duration_cycles: "3",
        expiration_date: "3/31/2026",
        max_redemptions: "100",
        stackable: "Y",
        product_ids: products.join(","),
      });
      expect(percent.status, percent.text).toBe(200);
      expect(percent.body.coupon).toMatchObject({
        coupon_code: `Spring-${format}`,
        name: "Ten off",
        discount_type: "percent",
        discount_value: "12.50",
        duration: "cycles",
        duration_cycles: "3",
        expiration_date: "3/31/2026",
        max_redemptions: "100",
        redemption_count: "0",
        stackable: "Y",
        product_ids: products.join(","),
        status: "active",
        deleted: "",
      });
      const amount = await create(format, { discount_type: "amount", discount_value: "5", duration: "forever" });
      expect(amount.body.coupon).toMatchObject({
        discount_type: "amount",
        discount_value: "5.00",
        duration_cycles: "",
        expiration_date: "",
        max_redemptions: "",
        product_ids: "",
      });
    });
  }

  it("percent runs from 0.01 to 100", async () => {
    expect((await create("json", { discount_value: "0.01" })).status).toBe(200);
    expect((await create("json", { discount_value: "100" })).status).toBe(200);
    for (const value of ["0", "0.00", "100.01", "250"]) {
      expect(expectError(await create("json", { discount_value: value }), 400, "INVALID_PARAMETER", "discount_value")).toMatch(/0.01 to 100/);
    }
  });

  it("codes are unique in the brand regardless of case; another brand may use the same code", async () => {
    const code = uniqueCode();
    await makeCoupon(t, { coupon_code: code });
    for (const format of FORMATS) expectError(await create(format, { coupon_code: code.toLowerCase() }), 409, "DUPLICATE", "coupon_code");
    await makeCoupon(other, { coupon_code: code });
  });

  it("refuses bad values naming the parameter, and creates nothing", async () => {
    const before = await couponCount();
    const bad: [Record<string, string>, string, string?][] = [
      [{ discount_type: "fixed" }, "discount_type"],
      [{ discount_value: "10.001" }, "discount_value"],
      [{ discount_type: "amount", discount_value: "ten" }, "discount_value"],
      [{ discount_type: "amount", discount_value: "0" }, "discount_value"],
      [{ duration: "weekly" }, "duration"],
      [{ duration: "cycles" }, "duration_cycles", "MISSING_PARAMETER"],
      [{ duration: "once", duration_cycles: "2" }, "duration_cycles"],
      [{ duration: "cycles", duration_cycles: "0" }, "duration_cycles"],
      [{ expiration_date: "2026-03-31" }, "expiration_date"],
      [{ expiration_date: "2/30/2026" }, "expiration_date"],
      [{ max_redemptions: "0" }, "max_redemptions"],
      [{ max_redemptions: "many" }, "max_redemptions"],
      [{ stackable: "yes" }, "stackable"],
      [{ coupon_code: "TEN OFF!" }, "coupon_code"],
      [{ coupon_code: "X".repeat(51) }, "coupon_code"],
      [{ product_ids: "a,,b" }, "product_ids"],
    ];
    for (const format of FORMATS) {
      for (const [params, parameter, code] of bad) expectError(await create(format, params), 400, code ?? "INVALID_PARAMETER", parameter);
    }
    expectError(await attempt(t, "json", "Coupon/Create", "POST", { ...COUPON_PARAMS }), 400, "MISSING_PARAMETER", "coupon_code");
    const noStackable: Record<string, string> = { coupon_code: uniqueCode(), ...COUPON_PARAMS };
    delete noStackable.stackable;
    expectError(await attempt(t, "json", "Coupon/Create", "POST", noStackable), 400, "MISSING_PARAMETER", "stackable");
    expect(await couponCount()).toBe(before);
  });

  it("product_ids must be products of this brand that are not deleted", async () => {
    const before = await couponCount();
    const theirs = (await makeProduct(other, (await makeGroup(other)).product_group_id)).product_id;
    expectError(await create("json", { product_ids: `${products[0]},${theirs}` }), 404, "NOT_FOUND", "product_ids");
    expectError(await create("xml", { product_ids: "not-a-product" }), 404, "NOT_FOUND", "product_ids");
    const gone = (await makeProduct(t, (await makeGroup(t)).product_group_id)).product_id;
    await ok(t, "json", "Product/Delete", { method: "DELETE", params: { product_id: gone } });
    expectError(await create("json", { product_ids: gone }), 409, "INVALID_STATE", "product_ids");
    expect(await couponCount()).toBe(before);
  });
});

describe("Coupon/List", () => {
  for (const format of FORMATS) {
    it(`${format}: leaves deleted coupons out unless asked for by coupon_id; finds by code in any case`, async () => {
      const s = await makeTenant();
      const kept = await makeCoupon(s, { coupon_code: "KeepMe" });
      const gone = await makeCoupon(s);
      await ok(s, "json", "Coupon/Delete", { method: "DELETE", params: { coupon_id: gone.coupon_id } });
      const all = await ok(s, format, "Coupon/List");
      expect(listed(format, all, "coupons").map((c) => c.coupon_id)).toEqual([kept.coupon_id]);
      const one = await ok(s, format, "Coupon/List", { params: { coupon_id: gone.coupon_id } });
      expect(listed(format, one, "coupons")[0]).toMatchObject({ coupon_id: gone.coupon_id, status: "deleted" });
      const byCode = await ok(s, format, "Coupon/List", { params: { coupon_code: "keepme" } });
      expect(listed(format, byCode, "coupons").map((c) => c.coupon_id)).toEqual([kept.coupon_id]);
    });
  }

  it("shows an active coupon past its expiration date as expired", async () => {
    const c = await makeCoupon(t, { expiration_date: "2/1/2026" });
    clock.set("2026-02-01T23:00:00Z");
    expect((await couponNow(c.coupon_id)).status).toBe("active");
    clock.set("2026-02-02T00:00:00Z");
    expect((await couponNow(c.coupon_id)).status).toBe("expired");
    clock.set("2026-01-01T00:00:00Z");
  });

  it("lists nothing for another brand's coupon", async () => {
    const theirs = await makeCoupon(other, { coupon_code: "THEIRS" });
    expect((await ok(t, "json", "Coupon/List", { params: { coupon_id: theirs.coupon_id } })).count).toBe("0");
    expect((await ok(t, "xml", "Coupon/List", { params: { coupon_code: "THEIRS" } })).count).toBe("0");
  });
});

describe("Coupon/Update", () => {
  for (const format of FORMATS) {
    it(`${format}: sets what is sent and keeps what is absent`, async () => {
      const c = await makeCoupon(t, {
        duration: "cycles",
        duration_cycles: "6",
        expiration_date: "12/31/2026",
        max_redemptions: "5",
        product_ids: products[0],
      });
      const r = await update(format, c.coupon_id, { name: "Renamed", stackable: "Y" });
      expect(r.status, r.text).toBe(200);
      expect(r.body.coupon).toMatchObject({
        name: "Renamed",
        stackable: "Y",
        coupon_code: c.coupon_code,
        discount_value: "10.00",
        duration_cycles: "6",
        expiration_date: "12/31/2026",
        max_redemptions: "5",
        product_ids: products[0],
      });
    });
  }

  it("optional fields sent empty are cleared", async () => {
    const c = await makeCoupon(t, { expiration_date: "12/31/2026", max_redemptions: "5", product_ids: products.join(",") });
    await update("json", c.coupon_id, { expiration_date: "", max_redemptions: "", product_ids: "" });
    expect(await couponNow(c.coupon_id)).toMatchObject({ expiration_date: "", max_redemptions: "", product_ids: "" });
  });

  it("duration and discount follow the same rules as Create, against the stored values", async () => {
    const c = await makeCoupon(t, { duration: "cycles", duration_cycles: "6" });
    expectError(await update("json", c.coupon_id, { duration_cycles: "" }), 400, "MISSING_PARAMETER", "duration_cycles");
    await update("json", c.coupon_id, { duration: "forever" });
    expect(await couponNow(c.coupon_id)).toMatchObject({ duration: "forever", duration_cycles: "" });
    expectError(await update("json", c.coupon_id, { duration: "cycles" }), 400, "MISSING_PARAMETER", "duration_cycles");
    expectError(await update("json", c.coupon_id, { duration_cycles: "2" }), 400, "INVALID_PARAMETER", "duration_cycles");
    expectError(await update("xml", c.coupon_id, { discount_type: "amount" }), 400, "MISSING_PARAMETER", "discount_value");
    expectError(await update("json", c.coupon_id, { discount_value: "150" }), 400, "INVALID_PARAMETER", "discount_value");
    await update("json", c.coupon_id, { discount_type: "amount", discount_value: "150" });
    expect(await couponNow(c.coupon_id)).toMatchObject({ discount_type: "amount", discount_value: "150.00" });
  });

  it("can switch a coupon off and on", async () => {
    const c = await makeCoupon(t);
    expect((await update("json", c.coupon_id, { status: "inactive" })).body.coupon.status).toBe("inactive");
    expect((await update("xml", c.coupon_id, { status: "active" })).body.coupon.status).toBe("active");
    expectError(await update("json", c.coupon_id, { status: "deleted" }), 400, "INVALID_PARAMETER", "status");
  });

  it("keeps codes unique; a coupon may change the case of its own code", async () => {
    const a = await makeCoupon(t);
    const b = await makeCoupon(t);
    expectError(await update("json", b.coupon_id, { coupon_code: a.coupon_code.toLowerCase() }), 409, "DUPLICATE", "coupon_code");
    expect((await update("json", a.coupon_id, { coupon_code: a.coupon_code.toLowerCase() })).body.coupon.coupon_code).toBe(a.coupon_code.toLowerCase());
  });

  it("a refused update changes nothing", async () => {
    const c = await makeCoupon(t);
    const before = await couponNow(c.coupon_id);
    clock.advance({ minutes: 1 });
    const theirs = (await makeProduct(other, (await makeGroup(other)).product_group_id)).product_id;
    expectError(await update("json", c.coupon_id, { name: "New", product_ids: theirs }), 404, "NOT_FOUND", "product_ids");
    expectError(await update("json", c.coupon_id, { name: "New", discount_value: "ten" }), 400, "INVALID_PARAMETER", "discount_value");
    expectError(await update("json", c.coupon_id, { name: "" }), 400, "INVALID_PARAMETER", "name");
    expect(await couponNow(c.coupon_id)).toEqual(before);
  });

  it("refuses to change a deleted coupon", async () => {
    const c = await makeCoupon(t);
    await ok(t, "json", "Coupon/Delete", { method: "DELETE", params: { coupon_id: c.coupon_id } });
    expectError(await update("json", c.coupon_id, { name: "x" }), 409, "INVALID_STATE", "coupon_id");
  });
});

describe("Coupon/Delete", () => {
  for (const format of FORMATS) {
    it(`${format}: deletes a coupon and frees its code; deleting again changes nothing`, async () => {
      const c = await makeCoupon(t);
      const deleted = (await ok(t, format, "Coupon/Delete", { method: "DELETE", params: { coupon_id: c.coupon_id } })).coupon;
      expect(deleted).toMatchObject({ coupon_id: c.coupon_id, status: "deleted" });
      expect(deleted.deleted).not.toBe("");
      clock.advance({ hours: 1 });
      const again = (await ok(t, format, "Coupon/Delete", { method: "DELETE", params: { coupon_id: c.coupon_id } })).coupon;
      expect(again.deleted).toBe(deleted.deleted);
      expect((await create("json", { coupon_code: c.coupon_code })).status).toBe(200);
    });
  }

  it("another brand's coupon is 404 to Update and Delete and is not changed", async () => {
    const theirs = await makeCoupon(other);
    const before = (await ok(other, "json", "Coupon/List", { params: { coupon_id: theirs.coupon_id } })).coupons[0];
    for (const format of FORMATS) {
      expectError(await update(format, theirs.coupon_id, { name: "Mine now" }), 404, "NOT_FOUND", "coupon_id");
      expectError(await attempt(t, format, "Coupon/Delete", "DELETE", { coupon_id: theirs.coupon_id }), 404, "NOT_FOUND", "coupon_id");
    }
    expect((await ok(other, "json", "Coupon/List", { params: { coupon_id: theirs.coupon_id } })).coupons[0]).toEqual(before);
  });
});
