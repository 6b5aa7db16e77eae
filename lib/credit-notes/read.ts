import type { CreditNoteDestination, CreditNoteReason, InvoiceTax } from "../../db/schema";
import { creditNoteAmounts } from "../tax/compute";
import { sql } from "drizzle-orm";
import { invoices } from "../../db/schema";
import { anyOf, inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import type { CreditNoteRow } from "../payments/credit-notes";

/**
 * Credit notes as every reader gets them (the dashboard, the portal, the PDF, and the API's List
 * through toWire in ./view.ts): the amount in cents, the instant as a Date.
 */
export interface CreditNoteRead {
  id: string;
  number: string;
  customerAccountId: string;
  invoiceId: string;
  /** The number of the invoice it credits (its name, lib/format.ts invoiceName). */
  invoiceNumber: string | null;
  /** The credited invoice is void (deleted, or withdrawn): the portal does not show it. */
  invoiceVoid: boolean;
  paymentId: string | null;
  amountCents: number;
  /** Its tax part (issue 33), as issued: the amount less the exclusive taxes, their sum, one entry per rate. */
  subtotalCents: number;
  taxCents: number;
  taxes: InvoiceTax[];
  reason: CreditNoteReason;
  destination: CreditNoteDestination;
  createdAt: Date;
  /** The brand's currency (ISO 4217), which the amount is in. */
  currency: string;
}

export const readCreditNote = (
  n: CreditNoteRow,
  currency: string,
  invoice: { number: string | null; void: boolean } = { number: null, void: false },
): CreditNoteRead => ({
  id: n.id,
  number: n.number,
  customerAccountId: n.customerAccountId,
  invoiceId: n.invoiceId,
  invoiceNumber: invoice.number,
  invoiceVoid: invoice.void,
  paymentId: n.paymentId,
  amountCents: n.amount,
  ...taxPart(n.amount, n.taxes),
  reason: n.reason,
  destination: n.destination,
  createdAt: n.createdAt,
  currency,
});

const taxPart = (amount: number, taxes: InvoiceTax[]) => {
  const { subtotal, taxTotal } = creditNoteAmounts(amount, taxes);
  return { subtotalCents: subtotal, taxCents: taxTotal, taxes };
};

/** The list definition's rows (lib/lists.ts): each credit note with its invoice's number (one query). */
export async function readCreditNotes(ctx: Context, rows: CreditNoteRow[]): Promise<CreditNoteRead[]> {
  const ids = [...new Set(rows.map((n) => n.invoiceId))];
  const numbers = ids.length
    ? await ctx.db
        .select({ id: invoices.id, number: invoices.number, void: sql<boolean>`${invoices.deletedAt} is not null` })
        .from(invoices)
        .where(inBrand(ctx, invoices, anyOf(invoices.id, ids)))
    : [];
  const invoiceOf = new Map(numbers.map((i) => [i.id, i]));
  return rows.map((n) => readCreditNote(n, ctx.brand.currency, invoiceOf.get(n.invoiceId)));
}
