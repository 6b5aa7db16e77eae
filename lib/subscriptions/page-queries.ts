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

/** Active customer accounts by name, for a picker (the one already chosen is always among them). */
export async function accountChoices(ctx: Context, chosen?: string | null) {
  const { rows } = await listAccountsPage(ctx, { filters: { status: 1 }, sort: { key: "last_name", dir: "asc" }, pageSize: MAX_CHOICES });
  const choices = rows.map((a) => ({ value: a.customer_account_id, label: `${a.first_name} ${a.last_name} · ${a.email_address}` }));
  if (chosen && isUuid(chosen) && !choices.some((c) => c.value === chosen)) {
    const one = (await listAccountsPage(ctx, { filters: { customerAccountId: chosen } })).rows[0];
    if (one) choices.unshift({ value: one.customer_account_id, label: `${one.first_name} ${one.last_name} · ${one.email_address}` });
  }
  return choices;
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
