import type { Context } from "../auth/context";
import { brandToday } from "../brand-time";
import { formatWireDate } from "../dates";
import { formatDate, formatMoney, invoiceName } from "../format";
import { isUuid } from "../ids";
import { formatAmount } from "../money";
import { openInvoices, type InvoiceRead } from "./read";

/**
 * What the dashboard's forms start from: values in the API's parameter vocabulary ("25.00",
 * M/D/YYYY), since a form's fields are an endpoint's parameters (lib/wire/parse.ts reads them).
 */

/** Today plus `days` in the brand's calendar, as the API writes dates (M/D/YYYY): a new invoice's default due date. */
export function brandDateIn(ctx: Context, days: number) {
  const d = new Date(Date.parse(`${brandToday(ctx)}T00:00:00Z`) + days * 86_400_000);
  return formatWireDate(d.toISOString().slice(0, 10));
}

/**
 * A customer's invoices still owed (unpaid or partly paid), newest first, for a payment's picker:
 * the balance as the form's amount parameter ("25.00") starts out.
 */
export async function openInvoiceChoices(ctx: Context, customerAccountId: string | null | undefined) {
  if (!customerAccountId || !isUuid(customerAccountId)) return [];
  return (await openInvoices(ctx, customerAccountId)).map((i) => ({
    value: i.id,
    label: `${invoiceName(i)}, due ${formatDate(i.dueDate)}, balance ${formatMoney(i.balanceCents, i.currency)}`,
    balance: formatAmount(i.balanceCents, i.currency),
  }));
}

/** An invoice as Invoice/Update's parameters would leave it as it is: an edit form's starting values. */
export const invoiceParams = (i: InvoiceRead) => ({
  invoice_id: i.id,
  customer_account_id: i.customerAccountId,
  due_date: formatWireDate(i.dueDate),
  custom_field_1: i.customField1 ?? "",
  custom_field_2: i.customField2 ?? "",
  items: i.lines.map((l) => ({
    item_name: l.itemName,
    item_price: formatAmount(l.itemPrice, i.currency),
    quantity: String(l.quantity),
    tax_exempt: l.taxExempt,
  })),
});
