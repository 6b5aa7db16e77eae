import { eq, isNull, asc } from "drizzle-orm";
import { selectRows } from "../../db/client";
import { components, customerAccounts, customerUsers, payMethods, productGroups, products } from "../../db/schema";
import { anyOf, inAccount, inBrand } from "../../db/scope";
import { findInBrand } from "../scope";
import type { Brand, Context } from "../auth/context";
import { DomainError, notFound } from "../errors";
import { isComponentAttachable, isProductSellable } from "../catalog/availability";
import { customerInvoice, customerInvoices } from "../invoices/read";
import { paymentList } from "../payments/list-payments";
import { creditNoteList, creditNotesAgainst } from "../credit-notes/list";
import { STATUS } from "../lifecycle";
import { customerSubscription, customerSubscriptions, type SubscriptionRead } from "../subscriptions/read";
import { formatPeriod } from "../format";
import { customerTickets } from "../tickets/read";

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
      /** Printed beside the seller's on its invoices (issue 33). */
      taxId: account.taxId,
    },
    user: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.emailAddress },
  };
}
export type PortalProfile = Awaited<ReturnType<typeof portalProfile>>;

/** The signed-in customer's subscriptions that are not deleted, active first, then by renewal (lib/subscriptions/read.ts). */
export async function portalSubscriptions(ctx: Context): Promise<SubscriptionRead[]> {
  customerOf(ctx);
  return customerSubscriptions(ctx);
}

/** One subscription of the customer (not deleted), with its recent invoices and what it may change to; another's id is NOT_FOUND. */
export async function portalSubscription(ctx: Context, id: string) {
  customerOf(ctx);
  const subscription = await customerSubscription(ctx, id);
  const recent = await customerInvoices(ctx, { subscriptionId: subscription.id, pageSize: 12 });
  return { subscription, invoices: recent.rows, choices: await subscriptionChoices(ctx, subscription) };
}

/**
 * What the customer may change a subscription to: the other plans of its product group that are on
 * sale, and the group's add-ons that can be added (or are on it already), with their prices.
 */
async function subscriptionChoices(ctx: Context, s: SubscriptionRead) {
  const group = await findInBrand(ctx, productGroups, s.productGroupId, "Product group");
  const plans = await selectRows(ctx.db, products, {
    where: inBrand(ctx, products, eq(products.productGroupId, group.id), isNull(products.deletedAt)),
    orderBy: [asc(products.recurringPriceCents), asc(products.name), asc(products.id)],
    limit: 100,
  });
  const addOns = await selectRows(ctx.db, components, {
    where: inBrand(ctx, components, eq(components.productGroupId, group.id), isNull(components.deletedAt)),
    orderBy: [asc(components.name), asc(components.id)],
    limit: 100,
  });
  const attached = new Map(s.components.map((a) => [a.componentId, a.units]));
  return {
    plans: plans
      .filter((p) => p.id === s.productId || isProductSellable(p, group))
      .map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        recurringPriceCents: p.recurringPriceCents,
        period: formatPeriod(p.intervalUnit, p.expirationInterval),
        current: p.id === s.productId,
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

/** The signed-in customer's invoices (not deleted), newest first, a page at a time (lib/invoices/read.ts). */
export async function portalInvoices(ctx: Context, opts: Parameters<typeof customerInvoices>[1] = {}) {
  customerOf(ctx);
  return customerInvoices(ctx, opts);
}

/** The signed-in customer's credit notes (issue 31; the credit note list with the customer scope), newest first, a page at a time. */
export async function portalCreditNotes(ctx: Context, opts: { page?: number; pageSize?: number } = {}) {
  customerOf(ctx);
  const pageSize = Math.min(Math.max(1, opts.pageSize ?? 20), 100);
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const { rows, total } = await creditNoteList.page(ctx, { sort: { key: "created_at", dir: "desc" }, page, pageSize });
  return { rows, total, page, pageSize };
}

/** One invoice of the customer (not deleted) with its lines, payments and credit notes; another customer's or brand's id is NOT_FOUND. */
export async function portalInvoice(ctx: Context, id: string) {
  customerOf(ctx);
  const invoice = await customerInvoice(ctx, id);
  // The payments list with the customer scope (lib/payments/read.ts); one whose charge is still being made is not shown.
  const listed = await paymentList.page(ctx, { filters: { invoiceId: invoice.id }, sort: { key: "created_at", dir: "asc" }, pageSize: 100 });
  const paid = listed.rows.filter((p) => p.status !== "pending");
  // The pay methods the payments were made with, to name them as the customer knows them ("Visa ending 4242").
  const methodIds = [...new Set(paid.map((p) => p.payMethodId).filter((m): m is string => m !== null))];
  const methods = methodIds.length ? await selectRows(ctx.db, payMethods, { where: inAccount(ctx, payMethods, anyOf(payMethods.id, methodIds)) }) : [];
  const methodOf = new Map(methods.map((m) => [m.id, { type: m.type, brand: m.brand, lastFour: m.lastFour, accountType: m.accountType }]));
  return {
    invoice,
    // The credit notes against it (issue 31): money taken off it, and where it went.
    credits: await creditNotesAgainst(ctx, invoice.id),
    payments: paid.map((p) => ({
      id: p.id,
      date: p.createdAt,
      amountCents: p.amountCents,
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

/** Tickets the customer can see (never INTERNAL ones) that are not closed, the most recently active first (lib/tickets/read.ts). */
export async function portalOpenTickets(ctx: Context) {
  customerOf(ctx);
  return (await customerTickets(ctx, { open: true, pageSize: 20 })).rows;
}

/** The overview: active subscriptions, what is due (open invoices' balances), open tickets. */
export async function portalOverview(ctx: Context) {
  const subs = await portalSubscriptions(ctx);
  // Open invoices are the recent ones; the newest 100 hold them for any customer we know of.
  const open = await portalInvoices(ctx, { pageSize: 100, openOnly: true });
  const openTickets = await portalOpenTickets(ctx);
  return {
    subscriptions: subs.filter((s) => s.status === STATUS.ACTIVE),
    openInvoices: open.rows,
    balanceDueCents: open.rows.reduce((sum, i) => sum + i.balanceCents, 0),
    tickets: openTickets,
  };
}
