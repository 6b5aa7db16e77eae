import { INVOICE_STATUS, type InvoiceStatus } from "../../db/schema/status";

/** Invoice statuses (spec): named in db/schema/status.ts with the ledger. */
export { INVOICE_STATUS, type InvoiceStatus };

export interface InvoiceAmounts {
  /** Sum of the lines, in cents. */
  total: number;
  /** Sum of the succeeded, unreversed payments, in cents. */
  paid: number;
  balance: number;
  status: InvoiceStatus;
}

/**
 * Everything about an invoice's money follows from its lines and its payments; nothing of it is
 * stored, so it cannot disagree. Payments never exceed the total (they are refused), so the
 * balance is never negative. An invoice with nothing to pay counts as paid.
 */
export function invoiceAmounts(lines: readonly { itemPrice: number; quantity: number }[], paid: number, deleted: boolean): InvoiceAmounts {
  const total = lines.reduce((sum, l) => sum + l.itemPrice * l.quantity, 0);
  const status = deleted ? INVOICE_STATUS.DELETED : paid >= total ? INVOICE_STATUS.PAID : paid > 0 ? INVOICE_STATUS.PARTIALLY_PAID : INVOICE_STATUS.UNPAID;
  return { total, paid, balance: total - paid, status };
}
