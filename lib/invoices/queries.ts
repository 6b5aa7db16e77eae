import { and, eq, sql } from "drizzle-orm";
import { invoices, payments } from "../../db/schema";
import { anyOf, inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { invalidState, notFound } from "../errors";
import { isUuid } from "../ids";
import { invoiceAmounts, type InvoiceAmounts } from "./amounts";

export type InvoiceRow = typeof invoices.$inferSelect;

/** An invoice (its lines on its row) with the amounts that follow from them and its payments. */
export interface InvoiceDetails {
  row: InvoiceRow;
  amounts: InvoiceAmounts;
  /** The brand's currency: the amounts are its minor units. */
  currency: string;
}

/**
 * An invoice of this customer account, or NOT_FOUND. `lock` takes the row lock every change of
 * the invoice's money waits on (payments, reversals, new lines), so those never interleave.
 * FOR NO KEY UPDATE, not FOR UPDATE: rows referencing the invoice (payment attempts) may still be
 * written by others while it is held.
 */
export async function findInvoice(ctx: Context, id: string, customerAccountId: string, opts: { lock?: boolean; parameter?: string } = {}) {
  const parameter = opts.parameter ?? "invoice_id";
  if (!isUuid(id)) throw notFound("Invoice", parameter);
  const query = ctx.db
    .select()
    .from(invoices)
    .where(inBrand(ctx, invoices, eq(invoices.id, id), eq(invoices.customerAccountId, customerAccountId)));
  const [row] = await (opts.lock ? query.for("no key update") : query);
  if (!row) throw notFound("Invoice", parameter);
  return row;
}

export function assertNotDeleted(invoice: InvoiceRow, parameter = "invoice_id") {
  if (invoice.deletedAt) throw invalidState("This invoice is deleted", parameter);
}

/** The given invoices with the amounts that follow from their lines and payments (one query for the payments). */
export async function withAmounts(ctx: Context, rows: InvoiceRow[]): Promise<InvoiceDetails[]> {
  if (!rows.length) return [];
  const paid = await ctx.db
    .select({ invoiceId: payments.invoiceId, paid: sql<string>`sum(${payments.amount})` })
    .from(payments)
    .where(
      inBrand(
        ctx,
        payments,
        anyOf(
          payments.invoiceId,
          rows.map((r) => r.id),
        ),
        eq(payments.status, "succeeded"),
      ),
    )
    .groupBy(payments.invoiceId);
  const paidOf = new Map(paid.map((p) => [p.invoiceId, Number(p.paid)]));
  return rows.map((row) => ({
    row,
    amounts: invoiceAmounts(row.items, paidOf.get(row.id) ?? 0, row.deletedAt !== null, row.creditedCents),
    currency: ctx.brand.currency,
  }));
}

export const invoiceDetails = async (ctx: Context, row: InvoiceRow) => (await withAmounts(ctx, [row]))[0];

/** Reads an invoice again by id (after a change), with its amounts. */
export async function reloadInvoice(ctx: Context, id: string) {
  const [row] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.brandId, ctx.brand.id)));
  return invoiceDetails(ctx, row);
}
