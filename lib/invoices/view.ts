import type { InvoiceLine, invoices } from "../../db/schema";
import { formatWireDate } from "../dates";
import { formatCents } from "../money";
import type { InvoiceAmounts } from "./amounts";

export type InvoiceRow = typeof invoices.$inferSelect;

/** An invoice (its lines on its row) with the amounts that follow from them and its payments. */
export interface InvoiceDetails {
  row: InvoiceRow;
  amounts: InvoiceAmounts;
}

export const lineView = (l: InvoiceLine) => ({
  item_name: l.itemName,
  item_price: formatCents(l.itemPrice),
  quantity: l.quantity,
  tax_exempt: l.taxExempt,
  kind: l.kind,
  component_id: l.componentId,
});

/** An invoice as the API shows it (namespace invoice), its lines nested as items and attached_items. */
export const invoiceView = ({ row, amounts }: InvoiceDetails) => ({
  invoice_id: row.id,
  customer_account_id: row.customerAccountId,
  subscription_id: row.subscriptionId,
  billing_period_start: row.billingPeriodStart ? formatWireDate(row.billingPeriodStart) : null,
  due_date: formatWireDate(row.dueDate),
  status: amounts.status,
  total: formatCents(amounts.total),
  amount_paid: formatCents(amounts.paid),
  balance: formatCents(amounts.balance),
  custom_field_1: row.customField1,
  custom_field_2: row.customField2,
  items: row.items.map(lineView),
  // The spec's name, in the shape attached_items is sent in (items adds each line's kind and component).
  attached_items: row.items.map((l) => ({ item_name: l.itemName, item_price: formatCents(l.itemPrice), tax_exempt: l.taxExempt, quantity: l.quantity })),
  created: row.createdAt,
  updated: row.updatedAt,
  deleted: row.deletedAt,
});

export type InvoiceView = ReturnType<typeof invoiceView>;
