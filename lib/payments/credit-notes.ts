import { and, eq, inArray, sql } from "drizzle-orm";
import { creditNotes, invoices, payments, type CreditNoteDestination, type CreditNoteReason } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import { creditPrepaid } from "./prepaid";
import { nextDocumentNumber } from "../document-numbers";
import { invoiceDetails, type InvoiceRow } from "../invoices/queries";
import { creditNoteTaxes } from "../tax/compute";

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * Issues a credit note (numbered `<prefix>-CN-<sequence>` in this transaction, gapless per brand).
 * It only records: the caller moves the money it names. Nothing for nothing. Its tax part is its share
 * of the invoice's taxes (lib/tax/compute.ts creditNoteTaxes): a repriced cut's amount is a difference
 * of taxed totals, so it credits tax already.
 */
export async function issueCreditNote(
  ctx: Context,
  note: {
    invoice: Pick<InvoiceRow, "id" | "customerAccountId" | "items">;
    amount: number;
    reason: CreditNoteReason;
    destination: CreditNoteDestination;
    paymentId?: string;
  },
): Promise<CreditNoteRow | null> {
  if (note.amount <= 0) return null;
  const [row] = await ctx.db
    .insert(creditNotes)
    .values({
      id: newId(),
      brandId: ctx.brand.id,
      customerAccountId: note.invoice.customerAccountId,
      invoiceId: note.invoice.id,
      paymentId: note.paymentId ?? null,
      number: await nextDocumentNumber(ctx.db, ctx.brand.id, "credit_note"),
      reason: note.reason,
      destination: note.destination,
      amount: note.amount,
      // Its tax part: its share of the invoice's tax as the invoice stands now (lib/tax), kept as issued.
      taxes: creditNoteTaxes(note.invoice.items, note.amount),
      createdAt: ctx.now(),
    })
    .returning();
  return row;
}

/** Whether something was ever paid on the invoice (a payment that succeeded, reversed since or not): its lines are final. */
export async function isFinal(ctx: Context, invoiceId: string) {
  const [row] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(inBrand(ctx, payments, eq(payments.invoiceId, invoiceId), inArray(payments.status, ["succeeded", "reversed"])))
    .limit(1);
  return row !== undefined;
}

/**
 * What an invoice bills: its total less what credit notes took off it and, on invoices from before
 * credit notes, its `credit` lines (an overpayment a re-pricing moved to the prepaid balance then).
 */
export const netTotal = (invoice: Pick<InvoiceRow, "totalCents" | "creditedCents" | "items">) =>
  invoice.totalCents - invoice.creditedCents - creditLines(invoice.items);

/**
 * The part of what was paid on an invoice that the prepaid balance holds: all of it once the invoice
 * was withdrawn (voided) or deleted with its money moved there, else what was paid above its net
 * total (moved there by a re-pricing).
 */
export async function heldInPrepaid(ctx: Context, invoice: InvoiceRow, paid: number) {
  if (invoice.deletedAt && (invoice.voidedAt || (await movedOnDeletion(ctx, invoice.id)))) return paid;
  return Math.max(0, paid - netTotal(invoice));
}

async function movedOnDeletion(ctx: Context, invoiceId: string) {
  const [row] = await ctx.db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(inBrand(ctx, creditNotes, eq(creditNotes.invoiceId, invoiceId), eq(creditNotes.reason, "deleted")))
    .limit(1);
  return row !== undefined;
}

/** Lines of kind `credit` (written by re-pricings before issue 31): money already moved to the prepaid balance. */
export const creditLines = (items: readonly { kind: string; itemPrice: number; quantity: number }[]) =>
  items.filter((l) => l.kind === "credit").reduce((s, l) => s + l.itemPrice * l.quantity, 0);

/**
 * Takes `amount` off a final invoice's net total for a re-pricing (credit note `repriced`): what was
 * paid above the new net total goes to the prepaid balance, the rest is no longer owed. The caller
 * holds the invoice's lock and passes its paid amount.
 */
export async function creditRepricing(ctx: Context, invoice: InvoiceRow, paid: number, amount: number) {
  if (amount <= 0) return 0;
  const before = Math.max(0, paid - netTotal(invoice));
  const after = Math.max(0, paid - (netTotal(invoice) - amount));
  await ctx.db
    .update(invoices)
    .set({ creditedCents: sql`${invoices.creditedCents} + ${amount}`, updatedAt: ctx.now() })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.brandId, ctx.brand.id)));
  invoice.creditedCents += amount;
  await creditPrepaid(ctx, invoice.customerAccountId, after - before);
  await issueCreditNote(ctx, { invoice, amount, reason: "repriced", destination: "prepaid_balance" });
  return after - before;
}

/**
 * Takes a decrease off invoices, the latest first, each down to nothing at most (creditRepricing on
 * each: a credit note `repriced`, what was paid above the new amount to the prepaid balance). The
 * caller holds the invoices' locks. Answers what was credited (at most what they bill) and what of it
 * went to the prepaid balance.
 */
export async function creditLatestFirst(ctx: Context, latestFirst: readonly InvoiceRow[], decrease: number) {
  let credited = 0;
  let toPrepaid = 0;
  for (const i of latestFirst) {
    const amount = Math.min(decrease - credited, netTotal(i));
    if (amount <= 0) continue;
    const { amounts } = await invoiceDetails(ctx, i);
    toPrepaid += await creditRepricing(ctx, i, amounts.paid, amount);
    credited += amount;
  }
  return { credited, toPrepaid };
}
