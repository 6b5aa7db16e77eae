/** Invoice statuses (spec): 0 unpaid, 1 paid, 2 partially paid, 3 deleted. */
export const INVOICE_STATUS = { UNPAID: 0, PAID: 1, PARTIALLY_PAID: 2, DELETED: 3 } as const;
export type InvoiceStatus = (typeof INVOICE_STATUS)[keyof typeof INVOICE_STATUS];

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
