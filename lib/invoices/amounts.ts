import { INVOICE_STATUS, type InvoiceStatus } from "../../db/schema/status";

/** Invoice statuses (spec): named in db/schema/status.ts with the ledger. */
export { INVOICE_STATUS, type InvoiceStatus };

export interface InvoiceAmounts {
  /** Sum of the lines, in cents. */
  total: number;
  /** Sum of the succeeded, unreversed payments, in cents. */
  paid: number;
  /** What credit notes for a re-pricing took off it (issue 31): what is due is total - credited. */
  credited: number;
  balance: number;
  status: InvoiceStatus;
}

/**
 * Everything about an invoice's money follows from its lines and its payments; nothing of it is
 * stored, so it cannot disagree. Payments never exceed what is due (they are refused), so the
 * balance is never negative. An invoice with nothing to pay counts as paid.
 */
export function invoiceAmounts(lines: readonly { itemPrice: number; quantity: number }[], paid: number, deleted: boolean, credited = 0): InvoiceAmounts {
  const total = lines.reduce((sum, l) => sum + l.itemPrice * l.quantity, 0);
  const due = total - credited;
  const status = deleted ? INVOICE_STATUS.DELETED : paid >= due ? INVOICE_STATUS.PAID : paid > 0 ? INVOICE_STATUS.PARTIALLY_PAID : INVOICE_STATUS.UNPAID;
  // Paid above what is due only after a credit note: that part went to the prepaid balance.
  return { total, paid, credited, balance: Math.max(0, due - paid), status };
}
