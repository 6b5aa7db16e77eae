import { customerAccounts } from "../../db/schema";
import { findInBrand } from "../scope";
import type { Context } from "../auth/context";
import { notFound } from "../errors";
import { formatsFor, invoiceName } from "../format";
import { creditNoteDetail } from "../credit-notes/list";
import { invoiceDetail } from "../invoices/read";
import { taxNotes } from "../tax/compute";
import {
  fetchLogo,
  finish,
  MUTED,
  pdfResponse,
  startDocument,
  writeHeader,
  writeParties,
  writeTaxSection,
  writeTaxTotals,
  type InvoicePdf,
} from "./invoice-pdf";

/**
 * A credit note as a PDF (issue 31), built from the invoice PDF's pieces: the seller and the buyer,
 * its number and date, the invoice it credits, the amount with its tax part, why, and where the money went. The
 * context decides what it may read: staff their brand's, a customer only their own account's (the
 * credit note list's customer scope); anything else is NOT_FOUND.
 */
export async function creditNotePdf(ctx: Context, creditNoteId: string, opts: { fetchLogo?: typeof fetchLogo } = {}): Promise<InvoicePdf> {
  const note = await creditNoteDetail(ctx, creditNoteId);
  if (!note) throw notFound("Credit note", "credit_note_id");
  const account = await findInBrand(ctx, customerAccounts, note.customerAccountId, "Customer account", "customer_account_id");
  // The invoice it credits, deleted (voided) or not: its read row (a customer's, their own).
  const invoice = await invoiceDetail(ctx, note.invoiceId);
  if (!invoice) throw notFound("Invoice", "invoice_id");
  const f = formatsFor(account.locale, account.timezoneId, note.currency);
  const logo = await (opts.fetchLogo ?? fetchLogo)(ctx.brand.logoUrl);

  const { doc, w } = await startDocument(ctx, `Credit note ${note.number}`);
  await writeHeader(w, ctx, logo, "CREDIT NOTE", [`Number ${note.number}`, `Issued ${f.day(note.createdAt)}`, `Credits ${invoiceName(invoice)}`]);
  w.gap(16);
  writeParties(w, ctx.brand, account, "Credited to");

  w.tableRow(["Credited", "Invoice issued", "Invoice total", "Amount"], { bold: true, color: MUTED, rule: true });
  w.tableRow([invoiceName(invoice), f.day(invoice.createdAt), f.money(invoice.totalCents), f.money(note.amountCents)]);
  w.gap(8);
  w.rule();
  // Its tax part (issue 33): its share of each of the invoice's taxes, as when it was issued.
  if (note.taxes.length) {
    w.total("Subtotal", f.money(note.subtotalCents));
    writeTaxTotals(w, f, note.taxes);
  }
  w.total("Credit", f.money(note.amountCents), true);
  w.total("Currency", note.currency);
  w.gap(18);
  writeTaxSection(w, f, note.taxes, taxNotes(invoice.lines));
  w.text("Reason", { bold: true, size: 12 });
  w.text(f.status("credit_reason", note.reason));
  w.gap(8);
  w.text("Where the money went", { bold: true, size: 12 });
  w.text(f.status("credit_destination", note.destination));
  return { bytes: await finish(doc, w, ctx, "Questions about this credit note?", `Credit note ${note.number}`), filename: `credit-note-${note.number}.pdf` };
}

/** The route handlers' answer (portal and dashboard): the PDF as a download, or 404 for a credit note out of the context's reach. */
export const creditNotePdfResponse = (ctx: Context, creditNoteId: string) => pdfResponse(() => creditNotePdf(ctx, creditNoteId), "Credit note");
