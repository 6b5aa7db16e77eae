import type { CreditNoteDestination, CreditNoteReason } from "../../db/schema";
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
  paymentId: string | null;
  amountCents: number;
  reason: CreditNoteReason;
  destination: CreditNoteDestination;
  createdAt: Date;
  /** The brand's currency (ISO 4217), which the amount is in. */
  currency: string;
}

export const readCreditNote = (n: CreditNoteRow, currency: string): CreditNoteRead => ({
  id: n.id,
  number: n.number,
  customerAccountId: n.customerAccountId,
  invoiceId: n.invoiceId,
  paymentId: n.paymentId,
  amountCents: n.amount,
  reason: n.reason,
  destination: n.destination,
  createdAt: n.createdAt,
  currency,
});

/** The list definition's rows (lib/lists.ts). */
export const readCreditNotes = (rows: CreditNoteRow[], currency: string) => rows.map((n) => readCreditNote(n, currency));
