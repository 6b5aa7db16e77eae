import type { Context } from "../auth/context";
import { withCustomerNames } from "../accounts/names";
import { listAccountsPage } from "../accounts/list-accounts";
import { listComponentsPage } from "../catalog/list-components";
import { listCouponsPage } from "../catalog/list-coupons";
import { listProductsPage } from "../catalog/list-products";
import { listPayMethodsPage } from "../pay-methods/list-pay-methods";
import { DomainError } from "../errors";
import { isUuid } from "../ids";
import { formatCents } from "../money";
import { sumLines } from "../pricing/pricing";
import { subscriptionList } from "./list-subscriptions";
import { loadSubscription, nextPeriodLines } from "./details";
import { lineView, subscriptionView } from "./view";

type PageInput = Parameters<typeof subscriptionList.page>[1];

/** The dashboard's subscriptions list: the API's rows, with each customer's name. */
export async function subscriptionsPage(ctx: Context, input: PageInput) {
  const { rows, total } = await subscriptionList.page(ctx, input);
  return { rows: await withCustomerNames(ctx, rows), total };
}

/** One subscription as the API shows it, its customer's name, and the lines of its next renewal (null: not found). */
export async function subscriptionDetail(ctx: Context, id: string) {
  if (!isUuid(id)) return null;
  const d = await loadSubscription(ctx, id).catch((err) => {
    if (err instanceof DomainError && err.code === "NOT_FOUND") return null;
    throw err;
  });
  if (!d) return null;
  const view = subscriptionView(ctx, d);
  const next = d.sub.renewalDate && d.sub.status === 1 ? nextPeriodLines(ctx, d) : [];
  const [withName] = await withCustomerNames(ctx, [view]);
  return { ...withName, next_lines: next.map(lineView), next_total: formatCents(sumLines(next)) };
}

const MAX_CHOICES = 100;

/** A form's preset customer account (named in the page's address): its id when it is the brand's, else "". */
export async function knownAccountId(ctx: Context, id: string | null | undefined) {
  if (!id || !isUuid(id)) return "";
  return (await listAccountsPage(ctx, { filters: { customerAccountId: id }, pageSize: 1 })).rows.length ? id : "";
}

/** A customer's live pay methods, for a picker. */
export async function payMethodChoices(ctx: Context, customerAccountId: string | null | undefined) {
  if (!customerAccountId || !isUuid(customerAccountId)) return [];
  const { rows } = await listPayMethodsPage(ctx, { filters: { customerAccountId }, pageSize: MAX_CHOICES });
  return rows.map((p) => ({
    value: p.pay_method_id,
    label: `${p.pay_method_type === "CC" ? (p.brand ?? "Card") : "Bank account"} ···${p.last_four}${p.is_default === "Y" ? " (default)" : ""}${p.verified === "Y" ? "" : " (unverified)"}`,
  }));
}

/** What a subscription can be made of: active products, their groups' active components, usable coupons. */
export async function catalogChoices(ctx: Context) {
  const [products, components, coupons] = await Promise.all([
    listProductsPage(ctx, { filters: { status: 1 }, sort: { key: "name", dir: "asc" }, pageSize: MAX_CHOICES }),
    listComponentsPage(ctx, { filters: { status: 1 }, sort: { key: "name", dir: "asc" }, pageSize: MAX_CHOICES }),
    listCouponsPage(ctx, { filters: { status: "active" }, sort: { key: "coupon_code", dir: "asc" }, pageSize: MAX_CHOICES }),
  ]);
  return {
    products: products.rows.map((p) => ({ id: p.product_id, groupId: p.product_group_id, name: p.name, price: p.recurring_price })),
    components: components.rows.map((c) => ({ id: c.component_id, groupId: c.product_group_id, name: c.name, type: c.component_type, price: c.unit_price })),
    coupons: coupons.rows.map((c) => ({ code: c.coupon_code, name: c.name, stackable: c.stackable })),
  };
}
export type CatalogChoices = Awaited<ReturnType<typeof catalogChoices>>;
