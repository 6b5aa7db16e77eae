import { eq } from "drizzle-orm";
import { invoices } from "../../db/schema";
import { findAccount } from "../accounts/queries";
import type { Context } from "../auth/context";
import { findInvoice, reloadInvoice } from "./queries";
import type { InvoiceRefInput } from "./schemas";
import { invoiceView } from "./view";

/**
 * Status 3, for good (generated invoices too); its payments stay on record and can still be
 * reversed. Deleting it again changes nothing (any -> deleted).
 */
export async function deleteInvoice({ ctx, input }: { ctx: Context; input: InvoiceRefInput }) {
  const account = await findAccount(ctx, input.customer_account_id);
  const invoice = await findInvoice(ctx, input.invoice_id, account.id, { lock: true });
  if (invoice.deletedAt) return invoiceView(await reloadInvoice(ctx, invoice.id));
  const now = ctx.now();
  await ctx.db.update(invoices).set({ deletedAt: now, updatedAt: now }).where(eq(invoices.id, invoice.id));
  return invoiceView(await reloadInvoice(ctx, invoice.id));
}
