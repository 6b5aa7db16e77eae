import type { AccountRow } from "../accounts/columns";
import type { Context } from "../auth/context";
import { emit } from "../outbox/emit";
import { customerPayload } from "../accounts/customer";
import type { InvoiceView } from "./view";
import { taxMark } from "../tax/compute";

/** The invoice namespace of a notification event. */
export const invoicePayload = (v: InvoiceView) => ({
  invoice_id: v.invoice_id,
  number: v.number,
  currency: v.currency,
  status: v.status,
  due_date: v.due_date,
  total: v.total,
  amount_paid: v.amount_paid,
  amount_due: v.balance,
  subtotal: v.subtotal,
  tax_total: v.tax_total,
  tax_lines:
    v.taxes
      .map((t) => `${t.name} ${t.percentage}%${taxMark({ inclusive: t.inclusive, reverseCharge: t.reverse_charge })} on ${t.taxed_amount}: ${t.tax}`)
      .join("; ") || null,
  tax_note: v.tax_note,
});

/** The payload of Invoice/Create and Invoice/Reminder: the customer, the invoice and its subscription, if any. */
export const invoiceEventPayload = (account: AccountRow, view: InvoiceView) => ({
  ...customerPayload(account),
  invoice: invoicePayload(view),
  ...(view.subscription_id ? { subscription: { subscription_id: view.subscription_id } } : {}),
});

export const emitInvoiceEvent = (ctx: Context, type: "Invoice/Create" | "Invoice/Reminder", account: AccountRow, view: InvoiceView) =>
  emit(ctx, { type, payload: invoiceEventPayload(account, view) });
