import type { InvoiceLine } from "../../db/schema";
import { formatWireDate } from "../dates";
import { formatAmount } from "../money";
import type { InvoiceDetails } from "./queries";
import { readInvoice, type InvoiceRead } from "./read";
import { taxAmounts } from "../tax/compute";
import { invoiceTaxToWire } from "../tax/view";

/**
 * The wire: an invoice as the API answers it (namespace invoice), from its read row. Only lib/api
 * calls it (and, until they answer read rows, the write verbs and the events through invoiceView).
 */

export const lineView = (l: InvoiceLine, currency: string) => ({
  item_name: l.itemName,
  item_price: formatAmount(l.itemPrice, currency),
  quantity: l.quantity,
  tax_exempt: l.taxExempt,
  kind: l.kind,
  component_id: l.componentId,
});

/**
 * An invoice, its lines nested as items and attached_items; its tax (issue 33) as subtotal, tax_total
 * and taxes, one per rate it used, from its tax lines, which items leave out (total includes their
 * exclusive tax). An invoice without tax answers as before, with subtotal = total and no taxes.
 */
export const invoiceToWire = (r: InvoiceRead) => invoiceWire(r, soldLines(r.lines), taxAmounts(r.lines));

/** Every line but the tax lines (lib/tax/compute.ts): what items and attached_items list. */
const soldLines = (lines: readonly InvoiceLine[]) => lines.filter((l) => l.kind !== "tax");

const invoiceWire = (r: InvoiceRead, lines: readonly InvoiceLine[], tax: ReturnType<typeof taxAmounts>) => ({
  invoice_id: r.id,
  number: r.number,
  customer_account_id: r.customerAccountId,
  subscription_id: r.subscriptionId,
  billing_period_start: r.billingPeriodStart ? formatWireDate(r.billingPeriodStart) : null,
  due_date: formatWireDate(r.dueDate),
  status: r.status,
  total: formatAmount(r.totalCents, r.currency),
  amount_paid: formatAmount(r.paidCents, r.currency),
  balance: formatAmount(r.balanceCents, r.currency),
  currency: r.currency,
  custom_field_1: r.customField1,
  custom_field_2: r.customField2,
  items: lines.map((l) => lineView(l, r.currency)),
  // The spec's name, in the shape attached_items is sent in (items adds each line's kind and component).
  attached_items: lines.map((l) => ({
    item_name: l.itemName,
    item_price: formatAmount(l.itemPrice, r.currency),
    tax_exempt: l.taxExempt,
    quantity: l.quantity,
  })),
  created: r.createdAt,
  updated: r.updatedAt,
  deleted: r.deletedAt,
  subtotal: formatAmount(tax.subtotal, r.currency),
  tax_total: formatAmount(tax.taxTotal, r.currency),
  taxes: tax.taxes.map((t) => invoiceTaxToWire(t, r.currency)),
  // What the invoice states about its tax, as when it was priced: the account was tax exempt (and why), or a reverse charge.
  tax_exempt: tax.exemptReason === null ? "N" : "Y",
  tax_exempt_reason: tax.exemptReason || null,
  tax_note: tax.notes.join(" ") || null,
});

/** What the write verbs and the invoice events answer today: the wire of the invoice as it now stands. */
export const invoiceView = (d: InvoiceDetails) => invoiceToWire(readInvoice(d));

export type InvoiceView = ReturnType<typeof invoiceView>;
