import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { customerAccounts, invoices, subscriptions, type InvoiceLine } from "../../db/schema";
import type { Context } from "../auth/context";
import { isProductBillable } from "../catalog/availability";
import { linesTotal, replaceLines, storedLines } from "../invoices/lines";
import { invoiceDetails } from "../invoices/queries";
import type { InvoiceRow } from "../invoices/queries";
import { logger } from "../log";
import { creditPrepaid, takeFromPrepaid } from "../payments/prepaid";
import { requireNoPendingPayments } from "../payments/settle-pending";
import { toInvoiceLines } from "../pricing/invoice-lines";
import { invoiceHorizon } from "../pricing/periods";
import { withDetails, nextPeriodLines, type SubscriptionDetails } from "./details";
import { requestInvoiceGeneration } from "./events";

/**
 * After any change to a subscription (its terms, its state, its renewal date, its catalog), with
 * the subscription's row locked by the caller: the version is raised, so invoice generation that
 * priced the old terms writes nothing (lib/billing/generate-invoices.ts), and the invoice generated
 * ahead for a period that has not started follows the change (spec, behaviour 2):
 * - a subscription that will renew keeps exactly one, at its renewal date (moved there if the date
 *   moved), priced again from its terms as committed, whatever was paid on it: an overpayment is
 *   moved to the prepaid balance, a rise is owed;
 * - one that will not (suspended, deleted, product deleted, group suspended, one-time) keeps none:
 *   each is voided and what was paid on it is credited to the prepaid balance.
 * A renewal inside the 72-hour window without an invoice gets one from billing within seconds.
 * Answers the subscription as it now stands, loaded once here: the verb answers with it.
 */
export async function afterSubscriptionChange(ctx: Context, subscriptionId: string): Promise<SubscriptionDetails> {
  const [sub] = await ctx.db
    .update(subscriptions)
    .set({ version: sql`${subscriptions.version} + 1` })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.brandId, ctx.brand.id)))
    .returning();
  const [d] = await withDetails(ctx, [sub]);
  const s = d.sub;
  const unstarted = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, s.id), gt(invoices.billingPeriodStart, s.periodStart), isNull(invoices.deletedAt)))
    .orderBy(asc(invoices.billingPeriodStart))
    .for("no key update");
  const renews = s.status === 1 && s.renewalDate !== null && d.product !== null && isProductBillable(d.product, d.group);
  let upcoming = renews ? unstarted.find((i) => i.billingPeriodStart === s.renewalDate) : undefined;
  for (const invoice of unstarted) {
    if (invoice === upcoming) continue;
    if (renews && !upcoming && !(await periodTaken(ctx, s.id, s.renewalDate!))) {
      // The renewal moved: its invoice moves with it, payments and all.
      [upcoming] = await ctx.db
        .update(invoices)
        .set({ billingPeriodStart: s.renewalDate, dueDate: s.renewalDate!, updatedAt: ctx.now() })
        .where(eq(invoices.id, invoice.id))
        .returning();
      continue;
    }
    await voidInvoice(ctx, invoice);
  }
  if (upcoming) await repriceInvoice(ctx, upcoming, d);
  else if (renews && s.renewalDate! <= invoiceHorizon(ctx.now(), ctx.brand.timezoneId) && !(await periodTaken(ctx, s.id, s.renewalDate!))) {
    await requestInvoiceGeneration(ctx, [s.id]);
  }
  return d;
}

/** Whether an invoice (live, or deleted by staff, which forgives the period) already holds this period. */
async function periodTaken(ctx: Context, subscriptionId: string, periodStart: string) {
  const [row] = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.billingPeriodStart, periodStart)))
    .limit(1);
  return row !== undefined;
}

const creditedOn = (items: readonly InvoiceLine[]) => items.filter((l) => l.kind === "credit").reduce((s, l) => s + l.itemPrice * l.quantity, 0);

/**
 * Prices a not yet started period's invoice again from the subscription's terms. Charges whose
 * answer was lost are settled first, before anything of the change is written (they could still land). When less is due than was paid, the
 * difference goes to the prepaid balance, shown as a credit line; when more, the difference is owed.
 */
async function repriceInvoice(ctx: Context, invoice: InvoiceRow, d: SubscriptionDetails) {
  await requireNoPendingPayments(ctx, { invoiceId: invoice.id });
  const [account] = await ctx.db.select().from(customerAccounts).where(eq(customerAccounts.id, d.sub.customerAccountId));
  const lines = storedLines(toInvoiceLines(nextPeriodLines(ctx, d), { product: d.product, account, components: d.attached.map((a) => a.component) }));
  const { amounts } = await invoiceDetails(ctx, invoice);
  const credited = creditedOn(invoice.items);
  let credit = Math.max(0, amounts.paid - linesTotal(lines));
  if (credit > credited) await creditPrepaid(ctx, d.sub.customerAccountId, credit - credited);
  // Credited earlier and needed now: taken back as far as the balance still holds it, the rest is owed.
  else if (credit < credited) credit = credited - (await takeFromPrepaid(ctx, d.sub.customerAccountId, credited - credit));
  if (credit > 0)
    lines.push({ itemName: "Overpayment moved to the prepaid balance", itemPrice: credit, quantity: 1, taxExempt: "Y", kind: "credit", componentId: null });
  if (JSON.stringify(lines) !== JSON.stringify(invoice.items)) await replaceLines(ctx, invoice.id, lines);
}

/**
 * Voids an invoice generated for a period that will not start: deleted with its period key freed
 * (so the period can be invoiced again should it come back), never dunned or charged; what was
 * paid on it, less what was already credited, goes to the prepaid balance.
 */
export async function voidInvoice(ctx: Context, invoice: InvoiceRow) {
  await requireNoPendingPayments(ctx, { invoiceId: invoice.id });
  const { amounts } = await invoiceDetails(ctx, invoice);
  const refund = amounts.paid - creditedOn(invoice.items);
  await creditPrepaid(ctx, invoice.customerAccountId, refund);
  await ctx.db
    .update(invoices)
    .set({ deletedAt: ctx.now(), voidedAt: ctx.now(), updatedAt: ctx.now(), billingPeriodStart: null })
    .where(eq(invoices.id, invoice.id));
  if (refund > 0) logger.info("voided a paid invoice; its payments went to the prepaid balance", { invoiceId: invoice.id, cents: refund });
}
