import { count, desc, eq, gt, isNull, ne, notInArray, asc } from "drizzle-orm";
import { selectRows } from "../../db/client";
import { components, customerAccounts, customerUsers, invoices, payMethods, payments, products, subscriptions, tickets } from "../../db/schema";
import { anyOf, inAccount, inBrand } from "../../db/scope";
import { findInBrand } from "../scope";
import type { Brand, Context } from "../auth/context";
import { DomainError, notFound } from "../errors";
import { isUuid } from "../ids";
import { isComponentAttachable, isProductSellable } from "../catalog/availability";
import { withAmounts } from "../invoices/queries";
import type { InvoiceStatus } from "../invoices/amounts";
import { STATUS, SUBSCRIPTION_PENDING } from "../lifecycle";
import { sumLines } from "../pricing/pricing";
import { nextPeriodLines, withDetails, type SubscriptionDetails } from "../subscriptions/details";

/**
 * What the Customer Facing Portal's pages read, for a customer context only: every query starts
 * from inAccount (the signed-in customer's own rows) and answers plain values (cents, ISO dates),
 * which the pages format in the customer's locale and time zone. Deleted records are not shown.
 */

function customerOf(ctx: Context) {
  if (ctx.actor.kind !== "customer") throw new DomainError("FORBIDDEN", "The portal reads for a signed-in customer only");
  return ctx.actor;
}

/** What the portal shows of a brand (its header and footer): never its secrets. */
export const brandLook = (b: Brand) => ({
  id: b.id,
  name: b.name,
  logoUrl: b.logoUrl,
  websiteUrl: b.websiteUrl,
  supportEmail: b.supportEmail,
  supportLink: b.supportLink,
  supportPhone: b.supportPhone,
  termsUrl: b.termsUrl,
  privacyUrl: b.privacyUrl,
});
export type BrandLook = ReturnType<typeof brandLook>;

/** The brand's look and the signed-in customer's account and user. */
export async function portalProfile(ctx: Context) {
  const actor = customerOf(ctx);
  const [account] = await selectRows(ctx.db, customerAccounts, { where: inAccount(ctx, customerAccounts), limit: 1 });
  const [user] = await selectRows(ctx.db, customerUsers, { where: inAccount(ctx, customerUsers, eq(customerUsers.id, actor.userId)), limit: 1 });
  if (!account || !user) throw notFound("Customer account");
  return {
    brand: brandLook(ctx.brand),
    account: {
      id: account.id,
      name: account.companyName || `${account.firstName} ${account.lastName}`,
      email: account.emailAddress,
      locale: account.locale,
      timeZone: account.timezoneId,
      prepaidBalanceCents: account.prepaidBalance,
    },
    user: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.emailAddress },
  };
}
export type PortalProfile = Awaited<ReturnType<typeof portalProfile>>;

export interface PortalSubscription {
  id: string;
  productId: string | null;
  productName: string;
  status: "active" | "suspended" | "deleted";
  startDate: string | null;
  periodStart: string | null;
  /** The next renewal (ISO date), null when it never renews or is not active. */
  renewalDate: string | null;
  nextAmountCents: number | null;
  inTrial: boolean;
  autoPay: boolean;
  /** The pay method renewals charge; null: the customer's default. */
  payMethodId: string | null;
  components: { id: string; name: string; type: "traditional" | "metered" | "quantitative"; units: number }[];
  coupons: string[];
}

const STATUS_NAME = { [STATUS.ACTIVE]: "active", [STATUS.SUSPENDED]: "suspended", [STATUS.DELETED]: "deleted" } as const;

function subscriptionOf(ctx: Context, d: SubscriptionDetails): PortalSubscription {
  const s = d.sub;
  const active = s.status === STATUS.ACTIVE;
  return {
    id: s.id,
    productId: s.productId,
    productName: d.product?.name ?? "Plan no longer offered",
    status: STATUS_NAME[s.status as 1 | 2 | 3] ?? "deleted",
    startDate: s.startDate,
    periodStart: s.periodStart,
    renewalDate: active ? s.renewalDate : null,
    nextAmountCents: active && s.renewalDate ? sumLines(nextPeriodLines(ctx, d)) : null,
    inTrial: s.inTrial === "Y",
    autoPay: s.autoPay === "Y",
    payMethodId: s.payMethodId,
    components: d.attached.map((a) => ({ id: a.componentId, name: a.component.name, type: a.component.componentType, units: a.units })),
    coupons: d.coupons.map((c) => c.coupon.couponCode),
  };
}

/** The customer's subscriptions that are not deleted, active first, then by renewal. */
export async function portalSubscriptions(ctx: Context): Promise<PortalSubscription[]> {
  customerOf(ctx);
  const rows = await selectRows(ctx.db, subscriptions, {
    where: inAccount(
      ctx,
      subscriptions,
      isNull(subscriptions.deletedAt),
      gt(subscriptions.status, SUBSCRIPTION_PENDING),
      ne(subscriptions.status, STATUS.DELETED),
    ),
    orderBy: [asc(subscriptions.status), asc(subscriptions.renewalDate), asc(subscriptions.id)],
    limit: 100,
  });
  return (await withDetails(ctx, rows)).map((d) => subscriptionOf(ctx, d));
}

/** One subscription of the customer (not deleted), with its recent invoices; another's id is NOT_FOUND. */
export async function portalSubscription(ctx: Context, id: string) {
  customerOf(ctx);
  const sub = await findInBrand(ctx, subscriptions, id, "Subscription", "subscription_id");
  if (sub.deletedAt || sub.status === STATUS.DELETED) throw notFound("Subscription", "subscription_id");
  const [details] = await withDetails(ctx, [sub]);
  const recent = await portalInvoices(ctx, { subscriptionId: sub.id, pageSize: 12 });
  return { subscription: subscriptionOf(ctx, details), invoices: recent.rows, choices: await subscriptionChoices(ctx, details) };
}

/**
 * What the customer may change a subscription to: the other plans of its product group that are on
 * sale, and the group's add-ons that can be added (or are on it already), with their prices.
 */
async function subscriptionChoices(ctx: Context, d: SubscriptionDetails) {
  const plans = await selectRows(ctx.db, products, {
    where: inBrand(ctx, products, eq(products.productGroupId, d.group.id), isNull(products.deletedAt)),
    orderBy: [asc(products.recurringPriceCents), asc(products.name), asc(products.id)],
    limit: 100,
  });
  const addOns = await selectRows(ctx.db, components, {
    where: inBrand(ctx, components, eq(components.productGroupId, d.group.id), isNull(components.deletedAt)),
    orderBy: [asc(components.name), asc(components.id)],
    limit: 100,
  });
  const attached = new Map(d.attached.map((a) => [a.componentId, a.units]));
  return {
    plans: plans
      .filter((p) => p.id === d.sub.productId || isProductSellable(p, d.group))
      .map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        recurringPriceCents: p.recurringPriceCents,
        intervalDays: p.expirationInterval,
        current: p.id === d.sub.productId,
      })),
    addOns: addOns
      .filter((c) => attached.has(c.id) || isComponentAttachable(c))
      .map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        type: c.componentType,
        unitPriceCents: c.unitPriceCents,
        setupFeeCents: c.setupFeeCents ?? 0,
        includedUnits: c.startingQuantity ?? 0,
        maximumUnits: c.maximumUnits,
        units: attached.get(c.id) ?? null,
      })),
  };
}
export type SubscriptionChoices = Awaited<ReturnType<typeof subscriptionChoices>>;

export interface PortalPayMethod {
  id: string;
  type: "CC" | "BA";
  /** The card network ("visa", ...) or "bank". */
  brand: string | null;
  lastFour: string | null;
  expirationMonth: number | null;
  expirationYear: number | null;
  holderName: string | null;
  accountType: string | null;
  verified: boolean;
  isDefault: boolean;
}

/** The customer's pay methods (not deleted), oldest first: never more than brand, last four digits and expiry. */
export async function portalPayMethods(ctx: Context): Promise<PortalPayMethod[]> {
  customerOf(ctx);
  const rows = await selectRows(ctx.db, payMethods, {
    where: inAccount(ctx, payMethods, isNull(payMethods.deletedAt)),
    orderBy: [asc(payMethods.createdAt), asc(payMethods.id)],
    limit: 100,
  });
  return rows.map((p) => ({
    id: p.id,
    type: p.type,
    brand: p.brand,
    lastFour: p.lastFour,
    expirationMonth: p.expirationMonth,
    expirationYear: p.expirationYear,
    holderName: p.holderName,
    accountType: p.accountType,
    verified: p.verified === "Y",
    isDefault: p.isDefault === "Y",
  }));
}

export interface PortalInvoice {
  id: string;
  /** A short number to read out to support: the id's last 8 characters, upper case. */
  number: string;
  subscriptionId: string | null;
  dueDate: string;
  createdAt: Date;
  status: "unpaid" | "paid" | "partially_paid";
  totalCents: number;
  paidCents: number;
  balanceCents: number;
}

const INVOICE_STATUS_NAME: Record<InvoiceStatus, PortalInvoice["status"]> = { 0: "unpaid", 1: "paid", 2: "partially_paid", 3: "unpaid" };

export const invoiceNumber = (id: string) => id.replace(/-/g, "").slice(-8).toUpperCase();

export const PORTAL_PAGE_SIZE = 20;

/** The customer's invoices (not deleted), newest first, a page at a time. */
export async function portalInvoices(
  ctx: Context,
  opts: { page?: number; pageSize?: number; subscriptionId?: string; openOnly?: boolean } = {},
): Promise<{ rows: PortalInvoice[]; total: number; page: number; pageSize: number }> {
  customerOf(ctx);
  const pageSize = Math.min(Math.max(1, opts.pageSize ?? PORTAL_PAGE_SIZE), 100);
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  if (opts.subscriptionId && !isUuid(opts.subscriptionId)) return { rows: [], total: 0, page, pageSize };
  const where = inAccount(ctx, invoices, isNull(invoices.deletedAt), opts.subscriptionId ? eq(invoices.subscriptionId, opts.subscriptionId) : undefined);
  // One after the other: a page's request never holds two pooled connections.
  const rows = await selectRows(ctx.db, invoices, {
    where,
    orderBy: [desc(invoices.createdAt), desc(invoices.id)],
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const [{ n }] = await ctx.db.select({ n: count() }).from(invoices).where(where);
  let shown = (await withAmounts(ctx, rows)).map(({ row, amounts }) => ({
    id: row.id,
    number: invoiceNumber(row.id),
    subscriptionId: row.subscriptionId,
    dueDate: row.dueDate,
    createdAt: row.createdAt,
    status: INVOICE_STATUS_NAME[amounts.status],
    totalCents: amounts.total,
    paidCents: amounts.paid,
    balanceCents: amounts.balance,
  }));
  if (opts.openOnly) shown = shown.filter((i) => i.balanceCents > 0);
  return { rows: shown, total: Number(n), page, pageSize };
}

/** One invoice of the customer (not deleted) with its lines and payments; another customer's or brand's id is NOT_FOUND. */
export async function portalInvoice(ctx: Context, id: string) {
  customerOf(ctx);
  const row = await findInBrand(ctx, invoices, id, "Invoice", "invoice_id");
  if (row.deletedAt) throw notFound("Invoice", "invoice_id");
  const [{ amounts }] = await withAmounts(ctx, [row]);
  const paid = await selectRows(ctx.db, payments, {
    where: inAccount(ctx, payments, eq(payments.invoiceId, row.id), notInArray(payments.status, ["pending"])),
    orderBy: [asc(payments.createdAt), asc(payments.id)],
  });
  // The pay methods the payments were made with, to name them as the customer knows them ("Visa ending 4242").
  const methodIds = [...new Set(paid.map((p) => p.payMethodId).filter((m): m is string => m !== null))];
  const methods = methodIds.length ? await selectRows(ctx.db, payMethods, { where: inAccount(ctx, payMethods, anyOf(payMethods.id, methodIds)) }) : [];
  const methodOf = new Map(methods.map((m) => [m.id, { type: m.type, brand: m.brand, lastFour: m.lastFour, accountType: m.accountType }]));
  return {
    invoice: {
      id: row.id,
      number: invoiceNumber(row.id),
      subscriptionId: row.subscriptionId,
      billingPeriodStart: row.billingPeriodStart,
      dueDate: row.dueDate,
      createdAt: row.createdAt,
      status: INVOICE_STATUS_NAME[amounts.status],
      totalCents: amounts.total,
      paidCents: amounts.paid,
      balanceCents: amounts.balance,
    },
    lines: row.items.map((l) => ({ name: l.itemName, quantity: l.quantity, unitCents: l.itemPrice, amountCents: l.itemPrice * l.quantity, kind: l.kind })),
    payments: paid.map((p) => ({
      id: p.id,
      date: p.createdAt,
      amountCents: p.amount,
      status: p.status,
      payMethod: p.payMethodId ? (methodOf.get(p.payMethodId) ?? null) : null,
      method: paymentMethodName(p),
    })),
  };
}

/**
 * How a payment was made, in words for the customer: the prepaid balance, who took a recorded
 * payment (not Subscription/Create's internal marker), or the gateway's charge.
 */
export function paymentMethodName(p: { processedBy: string; paymentGateway: string | null }) {
  if (p.processedBy === "prepaid_balance") return "Prepaid balance";
  if (p.processedBy === "recorded") return p.paymentGateway && p.paymentGateway !== "override_initial_billing" ? p.paymentGateway : "Recorded payment";
  return "Card or bank account";
}

/** Tickets the customer can see (never INTERNAL ones) that are not closed. */
export async function portalOpenTickets(ctx: Context) {
  customerOf(ctx);
  const rows = await selectRows(ctx.db, tickets, {
    where: inAccount(ctx, tickets, ne(tickets.direction, "INTERNAL"), ne(tickets.workingStatus, "CLOSED")),
    orderBy: [desc(tickets.updatedAt), desc(tickets.id)],
    limit: 20,
  });
  return rows.map((t) => ({ id: t.id, number: t.friendlyTicketId, subject: t.subject, status: t.workingStatus, updatedAt: t.updatedAt }));
}

/** The overview: active subscriptions, what is due (open invoices' balances), open tickets. */
export async function portalOverview(ctx: Context) {
  const subs = await portalSubscriptions(ctx);
  // Open invoices are the recent ones; the newest 100 hold them for any customer we know of.
  const open = await portalInvoices(ctx, { pageSize: 100, openOnly: true });
  const openTickets = await portalOpenTickets(ctx);
  return {
    subscriptions: subs.filter((s) => s.status === "active"),
    openInvoices: open.rows,
    balanceDueCents: open.rows.reduce((sum, i) => sum + i.balanceCents, 0),
    tickets: openTickets,
  };
}
