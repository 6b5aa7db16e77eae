import { subscriptions as t } from "../../db/schema";
import type { Context } from "../auth/context";
import { withCustomerNameReads } from "../accounts/names";
import { listAccountsPage } from "../accounts/list-accounts";
import { listComponentsPage } from "../catalog/list-components";
import { listCouponsPage } from "../catalog/list-coupons";
import { listProductsPage } from "../catalog/list-products";
import { VARIABLE_SLOTS, type VariableSlot } from "../catalog/variables";
import type { DisqualificationReason } from "../catalog/coupon-qualification";
import { listPayMethodsPage } from "../pay-methods/list-pay-methods";
import { notFound } from "../errors";
import { formatMoney } from "../format";
import { isUuid } from "../ids";
import { STATUS, type Status, SUBSCRIPTION_PENDING } from "../lifecycle";
import { sumLines, type ComponentType, type Line } from "../pricing/pricing";
import type { IntervalUnit } from "../pricing/periods";
import { couponQualification, nextPeriodLines, withDetails, type SubscriptionDetails } from "./details";
import { subscriptionList } from "./list-subscriptions";
import type { ChangeEstimate, NextInvoice } from "./estimate-change";

/**
 * Subscriptions as every reader gets them (the dashboard, the portal, the API's List through
 * toWire in ./view.ts, which only lib/api calls): cents as integers, instants as Dates, calendar
 * days as ISO dates (YYYY-MM-DD), the status as the ledger names it (db/schema/status.ts).
 */
export interface SubscriptionRead {
  id: string;
  customerAccountId: string;
  productId: string | null;
  productGroupId: string;
  /** Null once the product was deleted. */
  productName: string | null;
  status: Status | typeof SUBSCRIPTION_PENDING;
  autoPay: boolean;
  /** The pay method renewals charge; null: the customer's default. */
  payMethodId: string | null;
  startDate: string;
  periodStart: string;
  /** Null: it never renews (a one-time purchase). */
  renewalDate: string | null;
  /** What the product's expiration_interval counts (null once the product was deleted), and the billing day month and year periods end on. */
  intervalUnit: IntervalUnit | null;
  billingDay: number | null;
  inTrial: boolean;
  /** The next renewal's lines and total; none unless it is active and renews. */
  nextLines: Line[];
  nextRenewalCents: number | null;
  /** ISO 4217 code of the brand's currency: the amounts here are its minor units. */
  currency: string;
  overrideInitialBilling: boolean;
  paymentGateway: string | null;
  paymentTransactionId: string | null;
  customField1: string | null;
  customField2: string | null;
  variables: Record<VariableSlot, string | null>;
  components: { componentId: string; name: string; type: ComponentType; units: number; usage: number }[];
  coupons: { couponId: string; couponCode: string; name: string; cyclesApplied: number; disqualifiedBy: DisqualificationReason | null }[];
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** A subscription with its details as a read row (its next charge priced on the brand's clock). */
export function readSubscription(ctx: Context, d: SubscriptionDetails): SubscriptionRead {
  const s = d.sub;
  const renews = s.renewalDate !== null && s.status === STATUS.ACTIVE;
  const nextLines = renews ? nextPeriodLines(ctx, d) : [];
  return {
    id: s.id,
    customerAccountId: s.customerAccountId,
    productId: s.productId,
    productGroupId: s.productGroupId,
    productName: d.product?.name ?? null,
    status: s.status,
    autoPay: s.autoPay === "Y",
    payMethodId: s.payMethodId,
    startDate: s.startDate,
    periodStart: s.periodStart,
    renewalDate: s.renewalDate,
    intervalUnit: d.product?.intervalUnit ?? null,
    billingDay: s.billingDay,
    inTrial: s.inTrial === "Y",
    nextLines,
    nextRenewalCents: renews ? sumLines(nextLines) : null,
    currency: ctx.brand.currency,
    overrideInitialBilling: s.overrideInitialBilling === "Y",
    paymentGateway: s.paymentGateway,
    paymentTransactionId: s.paymentTransactionId,
    customField1: s.customField1,
    customField2: s.customField2,
    variables: Object.fromEntries(VARIABLE_SLOTS.map((slot) => [slot, s.variables[slot] ?? null])) as Record<VariableSlot, string | null>,
    components: d.attached.map((a) => ({
      componentId: a.componentId,
      name: a.component.name,
      type: a.component.componentType,
      units: a.units,
      usage: a.usage,
    })),
    coupons: d.coupons.map((c) => {
      const q = couponQualification(ctx, d, c);
      return {
        couponId: c.couponId,
        couponCode: c.coupon.couponCode,
        name: c.coupon.name,
        cyclesApplied: c.cyclesApplied,
        disqualifiedBy: q.qualifies ? null : q.reason,
      };
    }),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    deletedAt: s.deletedAt,
  };
}

/**
 * An estimate (Subscription/Estimate; the dashboard's new subscription and change panels, the portal's
 * change preview) as every reader gets it, the API through estimateToWire in ./view.ts: cents in the
 * brand's `currency`, calendar days as ISO dates, flags as booleans. Every figure is before tax
 * (spec, behaviour 5): every screen that shows one says so.
 */
export type EstimateRead = NewSubscriptionEstimate | ChangeEstimateRead;

/** What Estimate confirms about a pay method: deleted, or whether it is verified (only a verified one can be charged). */
export type PayMethodStatus = "verified" | "unverified" | "deleted";

/** The estimate of a new subscription: the up-front charge and the first renewal, with the lines behind each. */
export interface NewSubscriptionEstimate {
  kind: "new";
  customerAccountId: string;
  productId: string;
  /** The auto pay every figure is priced with; null when not given: the spec's answer (the up-front charge with auto pay, the renewal without). */
  autoPay: boolean | null;
  /** Due now: the up-front lines' sum, or 0 when the initial invoice is marked paid. */
  upfrontCents: number;
  /** As priced (a trial's line, an auto pay discount and a coupon named as such); amounts in cents, a line's unit price is amountCents / quantity. */
  upfrontLines: Line[];
  initialInvoiceMarkedPaid: boolean;
  trial: boolean;
  /** The first renewal; null when it never renews (a one-time purchase). */
  nextRenewal: {
    date: string;
    /** At the auto pay assumed (absent: without auto pay). */
    totalCents: number;
    /** Always with auto pay (and its discount). */
    withAutoPayCents: number;
    lines: Line[];
  } | null;
  /** The status of the pay method asked about (pay_method_id), else null. */
  payMethodStatus: PayMethodStatus | null;
  currency: string;
}

/**
 * The estimate of a change to a subscription, measured by making it and rolling it back
 * (./estimate-change.ts): what it bills or credits at once and the next renewal before and after.
 */
export interface ChangeEstimateRead {
  kind: "change";
  subscriptionId: string;
  customerAccountId: string;
  /** The product it is priced at: the one changed to, or the subscription's. */
  productId: string | null;
  /** The auto pay it is priced at: the one asked for, or the subscription's. */
  autoPay: boolean;
  /** With the brand's proration: the unused part of the period invoiced at once (0: nothing). */
  chargedNowCents: number;
  /** ... or credited to the prepaid balance at once (0: nothing). */
  proratedCreditCents: number;
  /** The fraction of the period prorated: days left of the period's days (0 of 0: none). */
  prorationDaysLeft: number;
  prorationPeriodDays: number;
  /** What the prepaid balance would pay of chargedNowCents. */
  proratedFromPrepaidCents: number;
  /** The prepaid balance's move by a repriced renewal invoice: paid above its new amount goes to it, ... */
  prepaidCreditCents: number;
  /** ... or what was credited to it earlier pays for the renewal again. */
  prepaidTakenBackCents: number;
  /** Beside a paid (final) renewal invoice: an invoice adding to it, new or larger, ... */
  adjustmentInvoicedCents: number;
  /** ... or an unpaid one adding to it, made smaller or withdrawn. */
  adjustmentWithdrawnCents: number;
  /** The credit notes the change puts on the renewal invoice and those adding to it. */
  repricedCreditCents: number;
  currency: string;
  /** The next renewal without the change and with it (lines as an invoice's, InvoiceRead); null when it will not renew. */
  before: NextInvoice | null;
  after: NextInvoice | null;
}

/** A change's dry run (./estimate-change.ts) as its read row: what the change itself adds, bills and credits. */
export function readChangeEstimate(
  e: ChangeEstimate,
  on: { subscriptionId: string; customerAccountId: string; productId: string | null; autoPay: boolean },
  currency: string,
): ChangeEstimateRead {
  const p = e.proration;
  // What the change bills beside a final renewal invoice: a new (or larger) invoice adding to it, a
  // smaller or withdrawn unpaid one, and credit notes on them.
  const adjusted = (e.after?.adjustments ?? 0) - (e.before?.adjustments ?? 0);
  return {
    kind: "change",
    subscriptionId: on.subscriptionId,
    customerAccountId: on.customerAccountId,
    productId: on.productId,
    autoPay: on.autoPay,
    chargedNowCents: Math.max(0, p?.cents ?? 0),
    proratedCreditCents: Math.max(0, -(p?.cents ?? 0)),
    prorationDaysLeft: p?.days ?? 0,
    prorationPeriodDays: p?.ofDays ?? 0,
    proratedFromPrepaidCents: p?.fromPrepaid ?? 0,
    prepaidCreditCents: Math.max(0, e.prepaidCredit),
    prepaidTakenBackCents: Math.max(0, -e.prepaidCredit),
    adjustmentInvoicedCents: Math.max(0, adjusted),
    adjustmentWithdrawnCents: Math.max(0, -adjusted),
    repricedCreditCents: Math.max(0, (e.after?.credited ?? 0) - (e.before?.credited ?? 0)),
    currency,
    before: e.before,
    after: e.after,
  };
}

/** The list definition's rows (lib/lists.ts): subscriptions with their details, read. */
export const readSubscriptions = async (ctx: Context, rows: (typeof t.$inferSelect)[]) => (await withDetails(ctx, rows)).map((d) => readSubscription(ctx, d));

// Through a function: ./list-subscriptions.ts reads through this module too, and may load first.
const named = withCustomerNameReads(
  (ctx, input: Parameters<typeof subscriptionList.page>[1]) => subscriptionList.page(ctx, input),
  (id) => ({ filters: { id } }),
);

/** The dashboard's subscriptions list: read rows, with each customer's name. */
export const subscriptionsPage = named.page;
/** One subscription (deleted ones too) with its customer's name; null when the brand has none by that id. */
export const subscriptionDetail = named.one;

/** The portal's subscriptions: the signed-in customer's that are not deleted (the list's customer scope), active first, then by renewal. */
export async function customerSubscriptions(ctx: Context): Promise<SubscriptionRead[]> {
  const { rows } = await subscriptionList.page(ctx, { filters: { live: "Y" }, sort: { key: "status", dir: "asc" }, pageSize: 100 });
  const renewal = (r: SubscriptionRead) => r.renewalDate ?? "9999-12-31";
  return rows.sort((a, b) => a.status - b.status || renewal(a).localeCompare(renewal(b)) || a.id.localeCompare(b.id));
}

/** One subscription of the signed-in customer (not deleted), with its details; another's id is NOT_FOUND. */
export async function customerSubscription(ctx: Context, id: string) {
  const { rows } = isUuid(id) ? await subscriptionList.page(ctx, { filters: { id, live: "Y" } }) : { rows: [] };
  if (!rows[0]) throw notFound("Subscription", "subscription_id");
  return rows[0];
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
    value: p.id,
    label: `${p.type === "CC" ? (p.brand ?? "Card") : "Bank account"} ···${p.lastFour}${p.isDefault ? " (default)" : ""}${p.verified ? "" : " (unverified)"}`,
  }));
}

/** What a subscription can be made of: active products, their groups' active components, usable coupons. */
export async function catalogChoices(ctx: Context) {
  const [products, components, coupons] = await Promise.all([
    listProductsPage(ctx, { filters: { status: STATUS.ACTIVE }, sort: { key: "name", dir: "asc" }, pageSize: MAX_CHOICES }),
    listComponentsPage(ctx, { filters: { status: STATUS.ACTIVE }, sort: { key: "name", dir: "asc" }, pageSize: MAX_CHOICES }),
    listCouponsPage(ctx, { filters: { status: "active" }, sort: { key: "coupon_code", dir: "asc" }, pageSize: MAX_CHOICES }),
  ]);
  return {
    products: products.rows.map((p) => ({ id: p.id, groupId: p.productGroupId, name: p.name, price: formatMoney(p.recurringPriceCents, p.currency) })),
    components: components.rows.map((c) => ({
      id: c.id,
      groupId: c.productGroupId,
      name: c.name,
      type: c.type,
      price: formatMoney(c.unitPriceCents, c.currency),
    })),
    coupons: coupons.rows.map((c) => ({ code: c.code, name: c.name, stackable: c.stackable })),
  };
}
export type CatalogChoices = Awaited<ReturnType<typeof catalogChoices>>;
