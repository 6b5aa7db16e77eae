import { and, eq } from "drizzle-orm";
import { invoices } from "../../db/schema";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import { findCustomer } from "../accounts/customer";
import { emitInvoiceEvent } from "./events";
import { assertLinesTotal, storedLines, type NewLine } from "./lines";
import { reloadInvoice } from "./queries";
import { invoiceView } from "./view";
import { nextDocumentNumber, returnDocumentNumber } from "../document-numbers";
import { taxedLines } from "../tax/rates";

export interface SubscriptionInvoice {
  customerAccountId: string;
  subscriptionId: string;
  /** First day of the billed period, YYYY-MM-DD: with the subscription, the invoice's unique key. */
  periodStart: string;
  /** YYYY-MM-DD */
  dueDate: string;
  /** Prices in integer cents; only `discount` lines may be negative, the total may not. */
  lines: readonly NewLine[];
  /**
   * False for Subscription/Create's invoice while its initial charge is pending: numbered when the
   * charge goes through (activatePending), never if it is declined (the invoice is discarded).
   */
  issued?: boolean;
}

/**
 * For the billing engine: the invoice of one subscription period, at most once. A second call for
 * the same period (a rerun, a concurrent run) creates nothing and answers the existing invoice's id.
 * Emits Invoice/Create for a new invoice only. Invoice/Update refuses the invoices made here.
 */
export async function createInvoiceForSubscription(ctx: Context, s: SubscriptionInvoice): Promise<{ created: boolean; invoiceId: string }> {
  const account = await findCustomer(ctx, s.customerAccountId);
  for (const l of s.lines) {
    if (!Number.isSafeInteger(l.itemPrice) || (l.itemPrice < 0 && l.kind !== "discount")) throw new Error(`invalid line price ${l.itemPrice} (${l.kind})`);
  }
  // Taxed here, where every subscription invoice is written one by one (lib/tax): idempotent for lines taxed already.
  const items = await taxedLines(ctx, account, storedLines(s.lines));
  assertLinesTotal(items, ctx.brand.currency, "lines");
  const now = ctx.now();
  const issued = s.issued ?? true;
  const number = issued ? await nextDocumentNumber(ctx.db, ctx.brand.id, "invoice") : null;
  const [inserted] = await ctx.db
    .insert(invoices)
    .values({
      id: newId(),
      brandId: ctx.brand.id,
      customerAccountId: account.id,
      subscriptionId: s.subscriptionId,
      billingPeriodStart: s.periodStart,
      number,
      dueDate: s.dueDate,
      items,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [invoices.subscriptionId, invoices.billingPeriodStart] })
    .returning({ id: invoices.id });
  if (!inserted) {
    if (issued) await returnDocumentNumber(ctx.db, ctx.brand.id, "invoice"); // it names no invoice
    const [existing] = await ctx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.subscriptionId, s.subscriptionId), eq(invoices.billingPeriodStart, s.periodStart)));
    return { created: false, invoiceId: existing.id };
  }
  await emitInvoiceEvent(ctx, "Invoice/Create", account, invoiceView(await reloadInvoice(ctx, inserted.id)));
  return { created: true, invoiceId: inserted.id };
}
