import type { Context } from "../auth/context";
import { withCustomerNames } from "../accounts/names";
import { isUuid } from "../ids";
import { formatWireDate, parseWireDate } from "../dates";
import { brandToday, daysBetween } from "../brand-time";
import { invoiceList } from "./list-invoices";

type PageInput = Parameters<typeof invoiceList.page>[1];

/** The dashboard's invoices list: the API's rows, with each customer's name. */
export async function invoicesPage(ctx: Context, input: PageInput) {
  const { rows, total } = await invoiceList.page(ctx, input);
  return { rows: await withCustomerNames(ctx, rows), total };
}

/** One invoice (deleted ones too) with its customer's name; null when the brand has none by that id. */
export async function invoiceDetail(ctx: Context, id: string) {
  if (!isUuid(id)) return null;
  const { rows } = await invoiceList.page(ctx, { filters: { id } });
  if (!rows[0]) return null;
  const [invoice] = await withCustomerNames(ctx, rows);
  // Invoice/Reminder refuses an invoice less than a day overdue unless told to bypass the check.
  const due = parseWireDate(invoice.due_date);
  return { ...invoice, days_overdue: due ? daysBetween(due, brandToday(ctx)) : 0 };
}

/** Today plus `days` in the brand's calendar, as the API writes dates (M/D/YYYY): a new invoice's default due date. */
export function brandDateIn(ctx: Context, days: number) {
  const d = new Date(Date.parse(`${brandToday(ctx)}T00:00:00Z`) + days * 86_400_000);
  return formatWireDate(d.toISOString().slice(0, 10));
}

/** A customer's invoices still owed (unpaid or partly paid), newest first, for a payment's picker. */
export async function openInvoiceChoices(ctx: Context, customerAccountId: string | null | undefined) {
  if (!customerAccountId || !isUuid(customerAccountId)) return [];
  const { rows } = await invoiceList.page(ctx, { filters: { customerAccountId }, sort: { key: "created_at", dir: "desc" }, pageSize: 100 });
  return rows
    .filter((i) => i.status === 0 || i.status === 2)
    .map((i) => ({ value: i.invoice_id, label: `Invoice …${i.invoice_id.slice(-8)}, due ${i.due_date}, balance ${i.balance}`, balance: i.balance }));
}
