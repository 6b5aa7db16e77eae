import { or, sql } from "drizzle-orm";
import { z } from "zod";
import { invoices, payments as t, PAYMENT_STATUSES } from "../../db/schema";
import { dayFilters, defineList, equalsFilter, idFilter, sqlFilter } from "../lists";
import { contains } from "../../db/scope";
import { isUuid } from "../ids";
import { accountMatches } from "../accounts/queries";
import type { Context } from "../auth/context";
import type { ListPaymentsInput } from "./schemas";
import { readPayments } from "./read";

export const PAYMENT_LIST_LIMIT = 400;

/** Where a payment's money came from: "received" is new money (a gateway charge or a recorded one), not the prepaid balance. */
export const PAYMENT_SOURCES = ["gateway", "recorded", "prepaid_balance", "received"] as const;
/**
 * A status filter's values: a status, or "collected", the payments that went through (succeeded, or
 * reversed since): the money the overview's Collected counts in the month it came in.
 */
export const PAYMENT_STATUS_FILTERS = [...PAYMENT_STATUSES, "collected"] as const;
const created = dayFilters(t.createdAt, "instant");
const reversed = dayFilters(t.reversedAt, "instant");

/** Payments, failed and reversed ones included (payment_status tells); `q` searches the transaction id and the customer's name and email. */
export const paymentList = defineList({
  table: t,
  portal: "account",
  filters: {
    id: idFilter(t.id),
    invoiceId: idFilter(t.invoiceId),
    customerAccountId: idFilter(t.customerAccountId),
    payMethodId: idFilter(t.payMethodId),
    // Payments to invoices of the subscription (a prepaid top-up has no invoice, so never matches).
    subscriptionId: sqlFilter(z.string(), (id) =>
      isUuid(id) ? sql`exists (select 1 from ${invoices} where ${invoices.id} = ${t.invoiceId} and ${invoices.subscriptionId} = ${id})` : null,
    ),
    paymentTransactionId: equalsFilter(t.paymentTransactionId, z.string()),
    status: sqlFilter(z.enum(PAYMENT_STATUS_FILTERS), (v) => (v === "collected" ? sql`${t.status} in ('succeeded', 'reversed')` : sql`${t.status} = ${v}`)),
    source: sqlFilter(z.enum(PAYMENT_SOURCES), (v) => (v === "received" ? sql`${t.processedBy} <> 'prepaid_balance'` : sql`${t.processedBy} = ${v}`)),
    createdFrom: created.from,
    createdTo: created.to,
    reversedFrom: reversed.from,
    reversedTo: reversed.to,
  },
  search: (q) => or(contains(t.paymentTransactionId, q), accountMatches(t.customerAccountId, q))!,
  sortable: { created_at: t.createdAt, amount: t.amount },
  defaultSort: { key: "created_at", dir: "desc" },
  // Lazily: ./read.ts reads through this list too.
  read: (ctx, rows) => readPayments(ctx, rows),
});
export const listPaymentsPage = paymentList.page;

/** Newest first, failed and reversed ones included (payment_status tells); total counts every match. */
export async function listPayments({ ctx, input }: { ctx: Context; input: ListPaymentsInput }) {
  const { rows, total } = await paymentList.window(ctx, {
    filters: {
      id: input.payment_id,
      invoiceId: input.invoice_id,
      customerAccountId: input.customer_account_id,
      payMethodId: input.pay_method_id,
      subscriptionId: input.subscription_id,
      paymentTransactionId: input.payment_transaction_id,
    },
    limit: PAYMENT_LIST_LIMIT,
  });
  return { items: rows, total };
}
