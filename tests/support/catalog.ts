/** Shared by the tests/catalog-*.test.ts files: valid parameter sets, makers and format-neutral readers. */
import { expect } from "vitest";
import { call, errorOf, ok, type ApiAnswer, type Tenant } from "./api";

export const FORMATS = ["json", "xml"] as const;

export const GROUP_PARAMS = { name: "Streaming", description: "Streaming plans" };

export const PRODUCT_PARAMS = {
  name: "Gold monthly",
  description: "All channels",
  expiration_interval: "30",
  setup_fee: "5.00",
  recurring_price: "19.99",
  trial: "N",
  auto_pay_discount: "N",
  prompt_for_variables: "N",
  tax_exempt: "N",
};

export const COMPONENT_PARAMS = { component_type: "traditional", name: "Extra screen", description: "One more stream", unit_price: "4.99", taxable: "Y" };

export const COUPON_PARAMS = { name: "Ten off", discount_type: "percent", discount_value: "10", duration: "once", stackable: "N" };

let codes = 0;
export const uniqueCode = () => `CODE${Date.now().toString(36)}${codes++}`;

export const makeGroup = async (t: Tenant, params: Record<string, string> = {}) =>
  (await ok(t, "json", "ProductGroup/Create", { method: "POST", params: { ...GROUP_PARAMS, ...params } })).product_group;

export const makeProduct = async (t: Tenant, groupId: string, params: Record<string, string> = {}) =>
  (await ok(t, "json", "Product/Create", { method: "POST", params: { product_group_id: groupId, ...PRODUCT_PARAMS, ...params } })).product;

export const makeComponent = async (t: Tenant, groupId: string, params: Record<string, string> = {}) =>
  (await ok(t, "json", "Component/Create", { method: "POST", params: { product_group_id: groupId, ...COMPONENT_PARAMS, ...params } })).component;

export const makeCoupon = async (t: Tenant, params: Record<string, string> = {}) =>
  (await ok(t, "json", "Coupon/Create", { method: "POST", params: { coupon_code: uniqueCode(), ...COUPON_PARAMS, ...params } })).coupon;

/** The records of a list answer in either format (XML: <products><product/>...</products>, one child is not an array). */
export function listed(format: string, body: any, plural: string): any[] {
  const ns = body[plural];
  if (format === "json") return ns;
  if (!ns || typeof ns !== "object") return [];
  const children = Object.values(ns)[0];
  return Array.isArray(children) ? children : [children];
}

/** Expects an error answer, in either format, with this status, code and (when given) parameter; answers its message. */
export function expectError(r: ApiAnswer, status: number, code: string, parameter?: string): string {
  expect(r.status, r.text).toBe(status);
  const { code: gotCode, parameter: gotParam, message } = errorOf(r);
  expect(gotCode, r.text).toBe(code);
  if (parameter !== undefined) expect(gotParam, r.text).toBe(parameter);
  return message;
}

/** Calls an endpoint with the tenant's credentials (the answer may be an error). */
export const attempt = (t: Tenant, format: string, path: string, method: string, params: Record<string, string>) =>
  call(format, path, { method, creds: t, params });

/** One record as List answers it now (JSON), to prove a refused call changed nothing. */
export async function snapshot(t: Tenant, path: string, idParam: string, id: string, plural: string) {
  const body = await ok(t, "json", path, { params: { [idParam]: id } });
  return body[plural][0];
}
