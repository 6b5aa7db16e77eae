import { eq } from "drizzle-orm";
import { invoices } from "../../db/schema";
import { lockCustomer } from "../accounts/customer";
import { findAccount } from "../accounts/queries";
import { findInvoice, invoiceDetails, reloadInvoice } from "../invoices/queries";
import type { InvoiceRefInput } from "../invoices/schemas";
import { invoiceView } from "../invoices/view";
import { heldInPrepaid, issueCreditNote } from "./credit-notes";
import { creditPrepaid } from "./prepaid";
import { requireNoPendingPayments } from "./settle-pending";
import { type StepContext, stepped } from "../run-verb";

/**
 * Status 3, for good (generated invoices too). Money received never disappears (issue 31): what was
 * paid on it goes to the customer's prepaid balance, recorded by a credit note `deleted`, as billing
 * does with an invoice it withdraws; Payment/Delete can still refund a payment from there. Its
 * payments stay on record. Deleting it again changes nothing (any -> deleted).
 */
export const deleteInvoice = stepped(async ({ ctx, input }: { ctx: StepContext; input: InvoiceRefInput }) => {
  const account = await findAccount(ctx, input.customer_account_id);
  await lockCustomer(ctx, account.id); // before the invoice: the lock order of lockAccount
  const invoice = await findInvoice(ctx, input.invoice_id, account.id, { lock: true });
  if (invoice.deletedAt) return invoiceView(await reloadInvoice(ctx, invoice.id));
  // A charge whose answer was lost is settled first (the verb runs again): its money, if it went through, moves too.
  await requireNoPendingPayments(ctx, { invoiceId: invoice.id });
  const { amounts } = await invoiceDetails(ctx, invoice);
  const moved = amounts.paid - (await heldInPrepaid(ctx, invoice, amounts.paid));
  const now = ctx.now();
  await ctx.db.update(invoices).set({ deletedAt: now, updatedAt: now }).where(eq(invoices.id, invoice.id));
  await creditPrepaid(ctx, account.id, moved);
  await issueCreditNote(ctx, { invoice, amount: moved, reason: "deleted", destination: "prepaid_balance" });
  return invoiceView(await reloadInvoice(ctx, invoice.id));
});
