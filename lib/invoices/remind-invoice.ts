import type { Context } from "../auth/context";
import { formatWireDate } from "../dates";
import { invalidState } from "../errors";
import { findCustomer } from "../accounts/customer";
import { brandToday, daysBetween } from "../brand-time";
import { INVOICE_STATUS } from "./amounts";
import { emitInvoiceEvent } from "./events";
import { findInvoice, invoiceDetails } from "./queries";
import type { RemindInvoiceInput } from "./schemas";
import { invoiceView } from "./view";

/**
 * Emits Invoice/Reminder (emailed when the brand has configured that notification). Refused for an
 * invoice with nothing owed, and one less than a day overdue in the brand's time zone unless
 * bypass_overdue is Y (spec, Errors 5).
 */
export async function remindInvoice({ ctx, input }: { ctx: Context; input: RemindInvoiceInput }) {
  const account = await findCustomer(ctx, input.customer_account_id);
  const details = await invoiceDetails(ctx, await findInvoice(ctx, input.invoice_id, account.id));
  const { status } = details.amounts;
  if (status === INVOICE_STATUS.DELETED) throw invalidState("This invoice is deleted", "invoice_id");
  if (status === INVOICE_STATUS.PAID) throw invalidState("This invoice is paid; there is nothing to remind of", "invoice_id");
  if (input.bypass_overdue !== "Y" && daysBetween(details.row.dueDate, brandToday(ctx)) < 1) {
    throw invalidState(
      `This invoice is not yet a day overdue (due ${formatWireDate(details.row.dueDate)}); send bypass_overdue Y to remind anyway`,
      "bypass_overdue",
    );
  }
  const view = invoiceView(details);
  await emitInvoiceEvent(ctx, "Invoice/Reminder", account, view);
  return view;
}
