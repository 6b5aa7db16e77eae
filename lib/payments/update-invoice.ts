import { eq } from "drizzle-orm";
import { invoices } from "../../db/schema";
import { invalidState } from "../errors";
import { formatAmount } from "../money";
import { findCustomer } from "../accounts/customer";
import { settlePendingPayments } from "./settle-pending";
import { assertLinesTotal, manualLines, replaceLines, storedLines } from "../invoices/lines";
import { taxedLines } from "../tax/rates";
import { assertNotDeleted, findInvoice, invoiceDetails, reloadInvoice } from "../invoices/queries";
import type { UpdateInvoiceInput } from "../invoices/schemas";
import { invoiceView } from "../invoices/view";
import { type StepContext, stepped } from "../run-verb";

/**
 * Invoice/Update: due_date and the supplied fields; attached_items replaces every item (empty: none).
 * Refused for a subscription's invoices (spec, Errors 4) and below what was paid. In payments (which
 * stand on invoices) because the invoice's charges in flight are settled first.
 */
export const updateInvoice = stepped(async ({ ctx, input }: { ctx: StepContext; input: UpdateInvoiceInput }) => {
  const account = await findCustomer(ctx, input.customer_account_id);
  const invoice = await findInvoice(ctx, input.invoice_id, account.id, { lock: true });
  assertNotDeleted(invoice);
  if (invoice.subscriptionId) throw invalidState("This invoice was generated for a subscription and cannot be updated", "invoice_id");
  if (input.attached_items !== undefined) {
    const lines = await taxedLines(ctx, account, storedLines(manualLines(input.attached_items ?? [], account)));
    const total = assertLinesTotal(lines, ctx.brand.currency);
    // A charge whose outcome is unknown could still land: settle it before the total moves.
    await settlePendingPayments(ctx, { invoiceId: invoice.id });
    const { amounts } = await invoiceDetails(ctx, invoice);
    if (total < amounts.paid) {
      throw invalidState(
        `The items would total ${formatAmount(total, ctx.brand.currency)}, less than the ${formatAmount(amounts.paid, ctx.brand.currency)} already paid; reverse payments first`,
        "attached_items",
      );
    }
    await replaceLines(ctx, invoice.id, lines);
  }
  const changes: Partial<typeof invoices.$inferInsert> = { dueDate: input.due_date, updatedAt: ctx.now() };
  if (input.custom_field_1 !== undefined) changes.customField1 = input.custom_field_1;
  if (input.custom_field_2 !== undefined) changes.customField2 = input.custom_field_2;
  await ctx.db.update(invoices).set(changes).where(eq(invoices.id, invoice.id));
  return invoiceView(await reloadInvoice(ctx, invoice.id));
});
