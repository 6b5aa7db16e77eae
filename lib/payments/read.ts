import type { PaymentStatus } from "../../db/schema";
import { anyOf, inBrand } from "../../db/scope";
import { invoices } from "../../db/schema";
import type { Context } from "../auth/context";
import { withCustomerNameReads } from "../accounts/names";
import { paymentList } from "./list-payments";
import type { PaymentRow } from "./queries";

/**
 * Payments as every reader gets them (the dashboard, the portal, the invoice PDF, the API's List through toWire in ./view.ts,
 * which only lib/api calls): the amount in cents, instants as Dates, the status as the schema names
 * it (PAYMENT_STATUSES: pending, succeeded, failed, reversed).
 */
export interface PaymentRead {
  id: string;
  customerAccountId: string;
  invoiceId: string | null;
  /** The subscription of the payment's invoice, if any. */
  subscriptionId: string | null;
  /** The number of the payment's invoice (its name, lib/format.ts invoiceName), if any. */
  invoiceNumber: string | null;
  payMethodId: string | null;
  gatewayId: string | null;
  /** What it pays: an invoice, or the customer's prepaid balance. */
  target: PaymentRow["target"];
  /** Who took it: a gateway charge, recorded by hand (or with a subscription's override), or the prepaid balance. */
  processedBy: PaymentRow["processedBy"];
  amountCents: number;
  /** ISO 4217 code of the brand's currency, of which amountCents is minor units. */
  currency: string;
  status: PaymentStatus;
  failureReason: string | null;
  paymentGateway: string | null;
  paymentTransactionId: string | null;
  refundTransactionId: string | null;
  /** Which retry of a declined renewal charge it was (1 = the first), or null (issue 32). */
  retry: number | null;
  createdAt: Date;
  updatedAt: Date;
  reversedAt: Date | null;
}

export const readPayment = (p: PaymentRow, currency: string, subscriptionId: string | null = null, invoiceNumber: string | null = null): PaymentRead => ({
  id: p.id,
  customerAccountId: p.customerAccountId,
  invoiceId: p.invoiceId,
  subscriptionId,
  invoiceNumber,
  payMethodId: p.payMethodId,
  gatewayId: p.gatewayId,
  target: p.target,
  processedBy: p.processedBy,
  amountCents: p.amount,
  currency,
  status: p.status,
  failureReason: p.failureReason,
  paymentGateway: p.paymentGateway,
  paymentTransactionId: p.paymentTransactionId,
  refundTransactionId: p.refundTransactionId,
  retry: p.retry,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
  reversedAt: p.reversedAt,
});

/** The list definition's rows (lib/lists.ts): each payment with its invoice's subscription (one query). */
export async function readPayments(ctx: Context, rows: PaymentRow[]) {
  const invoiceIds = [...new Set(rows.flatMap((p) => (p.invoiceId ? [p.invoiceId] : [])))];
  const subs = invoiceIds.length
    ? await ctx.db
        .select({ id: invoices.id, subscriptionId: invoices.subscriptionId, number: invoices.number })
        .from(invoices)
        .where(inBrand(ctx, invoices, anyOf(invoices.id, invoiceIds)))
    : [];
  const invoiceOf = new Map(subs.map((i) => [i.id, i]));
  return rows.map((p) => {
    const invoice = p.invoiceId ? invoiceOf.get(p.invoiceId) : undefined;
    return readPayment(p, ctx.brand.currency, invoice?.subscriptionId ?? null, invoice?.number ?? null);
  });
}

// Through a function: ./list-payments.ts reads through this module too, and may load first.
const named = withCustomerNameReads(
  (ctx, input: Parameters<typeof paymentList.page>[1]) => paymentList.page(ctx, input),
  (id) => ({ filters: { id } }),
);

/** The dashboard's payments list: read rows, with each customer's name. */
export const paymentsPage = named.page;
/** One payment of the brand with its customer's name; null when it has none by that id. */
export const paymentDetail = named.one;

/**
 * An invoice's payments as its documents show them (the invoice PDF): oldest first, all but those
 * whose charge is still being made (pending); a customer context reads only their own (the list's scope).
 */
export async function invoicePayments(ctx: Context, invoiceId: string): Promise<PaymentRead[]> {
  const { rows } = await paymentList.window(ctx, { filters: { invoiceId }, sort: { key: "created_at", dir: "asc" } });
  return rows.filter((p) => p.status !== "pending");
}
