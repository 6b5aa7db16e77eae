import { formatAmount } from "../money";
import { invoiceTaxToWire } from "../tax/view";
import type { CreditNoteRead } from "./read";

/** The wire: a credit note as CreditNote/List answers it (namespace credit_note). Only lib/api and the CSV export call it. */
export const creditNoteToWire = (n: CreditNoteRead) => ({
  credit_note_id: n.id,
  number: n.number,
  customer_account_id: n.customerAccountId,
  invoice_id: n.invoiceId,
  payment_id: n.paymentId,
  amount: formatAmount(n.amountCents, n.currency),
  currency: n.currency,
  reason: n.reason,
  destination: n.destination,
  // Its tax part (issue 33): amount = subtotal + the exclusive taxes; taxes as the invoice's, its share of each.
  subtotal: formatAmount(n.subtotalCents, n.currency),
  tax_total: formatAmount(n.taxCents, n.currency),
  taxes: n.taxes.map((t) => invoiceTaxToWire(t, n.currency)),
  created: n.createdAt,
});
