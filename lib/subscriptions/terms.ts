import { and, eq, inArray, isNull } from "drizzle-orm";
import { components, coupons, productGroups, products } from "../../db/schema";
import { inBrand } from "../../db/scope";
import { findInBrand } from "../scope";
import type { Context } from "../auth/context";
import { isComponentAttachable, isProductSellable } from "../catalog/availability";
import { sameCode } from "../catalog/coupon-codes";
import { qualifyCoupon } from "../catalog/coupon-qualification";
import { VARIABLE_SLOTS, variableAccepts, variableColumn, type GroupVariable } from "../catalog/variables";
import { pricedProduct, type Component, type Coupon, type ProductGroup } from "../catalog/read";
import { DomainError, invalidState, notFound } from "../errors";
import { isUuid } from "../ids";
import { grossOfLines, initialLines, recurringLines, type Line, type PricedComponent, type PricedCoupon, type RecurringInput } from "../pricing/pricing";
import { MAX_INVOICE_TOTAL } from "../invoices/lines";
import { formatAmount } from "../money";
import type { AttachedComponentInput } from "./schemas";
import { STATUS } from "../lifecycle";

/** Catalog rows to the pure pricing inputs (lib/pricing/pricing.ts); a product's is its read's (lib/catalog/read.ts). */
export { pricedProduct };

export const pricedComponent = (c: Component, units: number): PricedComponent => ({
  id: c.id,
  name: c.name,
  type: c.componentType,
  unitPriceCents: c.unitPriceCents,
  setupFeeCents: c.setupFeeCents ?? 0,
  startingQuantity: c.startingQuantity ?? 0,
  maximumUnits: c.maximumUnits,
  units,
});

export const pricedCoupon = (c: Coupon): PricedCoupon => ({ code: c.couponCode, discountType: c.discountType, discountValue: c.discountValue });

const invalid = (parameter: string, message: string) => new DomainError("INVALID_PARAMETER", `${parameter} ${message}`, { parameter });

/**
 * A charge must be an amount an invoice can hold (the API's largest amount): units x unit price can
 * pass it, and 2^53 cents, so it is refused naming the parameter that caused it instead of failing later.
 */
export function assertChargeWithinMax(lines: readonly Line[], parameter: string, currency: string) {
  if (!(grossOfLines(lines) <= MAX_INVOICE_TOTAL)) {
    throw invalid(parameter, `would bring a charge to more than ${formatAmount(MAX_INVOICE_TOTAL, currency)}, the largest an invoice can total`);
  }
}

/** A new subscription's up-front charge and its renewals: the product's own prices first, then with the components. */
export function assertTermsWithinMax(pricing: RecurringInput, currency: string) {
  const productOnly = { ...pricing, components: [] };
  for (const [p, parameter] of [
    [productOnly, "product_id"],
    [pricing, "attached_components"],
  ] as const) {
    assertChargeWithinMax(initialLines(p), parameter, currency);
    assertChargeWithinMax(recurringLines(p), parameter, currency);
  }
}

/** A product that may start a subscription, with its group. */
export async function sellableProduct(ctx: Context, productId: string, parameter = "product_id") {
  const product = await findInBrand(ctx, products, productId, "Product", parameter);
  const group = await findInBrand(ctx, productGroups, product.productGroupId, "Product group", parameter);
  if (!isProductSellable(product, group)) {
    throw invalidState("This product cannot be subscribed to: it or its product group is suspended or deleted", parameter);
  }
  return { product, group };
}

/**
 * attached_components checked against the product's group: each component of this brand, of the
 * same group, addable (not suspended or deleted), listed once, traditional units exactly 1 and
 * quantitative units within maximum_units. `kept` components (already on the subscription) may stay
 * even when suspended, since suspended components keep billing their existing subscriptions.
 */
export async function checkComponents(ctx: Context, group: ProductGroup, attached: readonly AttachedComponentInput[], kept = new Set<string>()) {
  const P = "attached_components";
  const ids = attached.map((a) => a.component_id);
  if (new Set(ids).size !== ids.length) throw invalid(P, "lists a component more than once");
  if (ids.some((i) => !isUuid(i))) throw notFound("Component", P);
  const rows = ids.length
    ? await ctx.db
        .select()
        .from(components)
        .where(inBrand(ctx, components, inArray(components.id, ids)))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return attached.map((a) => {
    const c = byId.get(a.component_id);
    if (!c) throw notFound("Component", P);
    if (c.productGroupId !== group.id) throw invalid(P, `component ${c.id} belongs to another product group than the product`);
    if (!isComponentAttachable(c) && !(kept.has(c.id) && c.status !== STATUS.DELETED))
      throw invalidState(`Component ${c.id} is suspended or deleted and cannot be added`, P);
    if (c.componentType === "traditional" && a.units !== 1) throw invalid(P, `units of the traditional component ${c.id} must be 1`);
    if (c.componentType === "quantitative" && c.maximumUnits !== null && a.units > c.maximumUnits) {
      throw invalid(P, `units of component ${c.id} must be at most its maximum_units ${c.maximumUnits}`);
    }
    return { component: c, units: a.units };
  });
}

/** Comma-separated coupon codes: each exists, qualifies for the product now, and several only when all are stackable. */
export async function checkCoupons(
  ctx: Context,
  raw: string | null | undefined,
  productId: string,
  alreadyOn = new Set<string>(),
  /** Cycles an earlier stay of the coupon on this subscription used (a removed once coupon stays used). */
  cyclesUsed: (code: string) => Promise<number> = async () => 0,
) {
  const P = "coupon_code";
  const codes = [
    ...new Set(
      (raw ?? "")
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean)
        .map((c) => c.toLowerCase()),
    ),
  ];
  const found: Coupon[] = [];
  for (const code of codes) {
    const [c] = await ctx.db
      .select()
      .from(coupons)
      .where(inBrand(ctx, coupons, sameCode(code), isNull(coupons.deletedAt)));
    if (!c) throw notFound(`Coupon ${code}`, P);
    const cyclesApplied = alreadyOn.has(c.id) ? 0 : await cyclesUsed(c.couponCode);
    const q = qualifyCoupon(c, {
      productId,
      now: ctx.now(),
      cyclesApplied,
      alreadyRedeemedBySubscription: alreadyOn.has(c.id),
      timeZone: ctx.brand.timezoneId,
    });
    if (!q.qualifies) throw invalidState(`Coupon ${c.couponCode} does not qualify (${q.reason.replace(/_/g, " ")})`, P);
    found.push(c);
  }
  if (found.length > 1 && found.some((c) => c.stackable !== "Y")) throw invalid(P, "may name several coupons only when all of them are stackable");
  return found;
}

/** VAR1..VAR10 against the group's variables: the slot must be defined; an Options variable takes only its options. */
export function checkVariables(group: ProductGroup, input: object) {
  const values: Record<string, string | null> = {};
  for (const slot of VARIABLE_SLOTS) {
    const v = (input as Record<string, string | null | undefined>)[slot];
    if (v === undefined) continue;
    if (v === null) {
      values[slot] = null;
      continue;
    }
    const variable = group[variableColumn(slot)] as GroupVariable | null;
    if (!variable) throw invalid(slot, "is not a variable of this product group");
    if (!variableAccepts(variable, v)) throw invalid(slot, `must be one of ${variable.options.join(", ")}`);
    values[slot] = v;
  }
  return values;
}

/** Applies checked VAR values onto stored ones (null clears a slot). */
export function mergeVariables(stored: Record<string, string>, changes: Record<string, string | null>) {
  const out = { ...stored };
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** Coupons by id, for subscriptions that already carry them. */
export const couponsById = async (ctx: Context, ids: string[]) =>
  ids.length
    ? ctx.db
        .select()
        .from(coupons)
        .where(and(inBrand(ctx, coupons), inArray(coupons.id, ids)))
    : [];

export const componentsOfGroup = (ctx: Context, groupId: string) =>
  ctx.db
    .select()
    .from(components)
    .where(inBrand(ctx, components, eq(components.productGroupId, groupId)));
