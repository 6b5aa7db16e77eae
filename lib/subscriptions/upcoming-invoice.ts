import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { customerAccounts, invoices, subscriptions } from "../../db/schema";
import type { Context } from "../auth/context";
import { isProductBillable } from "../catalog/availability";
import { findCustomer } from "../accounts/customer";
import { creditLatestFirst, heldInPrepaid, isFinal, issueCreditNote, netTotal } from "../payments/credit-notes";
import { emitInvoiceEvent } from "../invoices/events";
import { linesTotal, replaceLines, storedLines, type NewLine } from "../invoices/lines";
import { taxedLines } from "../tax/rates";
import { invoiceDetails, reloadInvoice } from "../invoices/queries";
import type { InvoiceRow } from "../invoices/queries";
import { invoiceView } from "../invoices/view";
import { newId } from "../ids";
import { nextDocumentNumber } from "../document-numbers";
import { logger } from "../log";
import { creditPrepaid } from "../payments/prepaid";
import { requireNoPendingPayments } from "../payments/settle-pending";
import { toInvoiceLines } from "../pricing/invoice-lines";
import { invoiceHorizon } from "../pricing/periods";
import { withDetails, nextPeriodLines, type SubscriptionDetails } from "./details";
import { requestInvoiceGeneration } from "./events";
import { STATUS } from "../lifecycle";
import { type StepContext } from "../run-verb";

/**
 * After any change to a subscription (its terms, its state, its renewal date, its catalog), with
 * the subscription's row locked by the caller: the version is raised, so invoice generation that
 * priced the old terms writes nothing (lib/billing/generate-invoices.ts), and the invoice generated
 * ahead for a period that has not started follows the change (spec, behaviour 2):
 * - a subscription that will renew keeps exactly one, at its renewal date (moved there if the date
 *   moved, with the invoices adding to it), priced again from its terms as committed: in place while
 *   nothing was paid on it, else by a new invoice for a rise or a credit note for a decrease;
 * - one that will not (suspended, deleted, product deleted, group suspended, one-time) keeps none:
 *   each is voided and what was paid on it is credited to the prepaid balance (credit note `withdrawn`).
 * A renewal inside the 72-hour window without an invoice gets one from billing within seconds.
 * Answers the subscription as it now stands, for the verb to answer with. `changed` is its id (its
 * details are read here) or, from a verb that loaded them and knows what it changed, its details:
 * product, group, components and coupons as they now stand (the row itself is read back here).
 */
export async function afterSubscriptionChange(ctx: StepContext, changed: string | SubscriptionDetails): Promise<SubscriptionDetails> {
  const [sub] = await ctx.db
    .update(subscriptions)
    .set({ version: sql`${subscriptions.version} + 1` })
    .where(and(eq(subscriptions.id, typeof changed === "string" ? changed : changed.sub.id), eq(subscriptions.brandId, ctx.brand.id)))
    .returning();
  const d = typeof changed === "string" ? (await withDetails(ctx, [sub]))[0] : { ...changed, sub };
  const s = d.sub;
  const unstarted = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, s.id), gt(invoices.billingPeriodStart, s.periodStart), isNull(invoices.deletedAt)))
    .orderBy(asc(invoices.billingPeriodStart))
    .for("no key update");
  const renews = s.status === STATUS.ACTIVE && s.renewalDate !== null && d.product !== null && isProductBillable(d.product, d.group);
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
      await ctx.db
        .update(invoices)
        .set({ dueDate: s.renewalDate!, updatedAt: ctx.now() })
        .where(and(eq(invoices.brandId, ctx.brand.id), eq(invoices.adjustsInvoiceId, invoice.id), isNull(invoices.deletedAt)));
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

/**
 * Prices a not yet started period's invoice again from the subscription's terms (issue 31: issued
 * invoices do not change). Charges whose answer was lost are settled first, before anything of the
 * change is written (they could still land). While nothing was ever paid on it, its lines are
 * replaced; once something was, it is final and the period's price is met by its invoices together:
 * a rise is a new invoice adding to it (charged with it at the renewal, same due date), a decrease
 * first shrinks or withdraws the unpaid one of those, then is a credit note on the final ones
 * (what was paid above their new price to the prepaid balance, the rest no longer owed).
 */
async function repriceInvoice(ctx: StepContext, invoice: InvoiceRow, d: SubscriptionDetails) {
  const adjustments = await adjustmentsOf(ctx, invoice.id);
  for (const i of [invoice, ...adjustments]) await requireNoPendingPayments(ctx, { invoiceId: i.id });
  const [account] = await ctx.db.select().from(customerAccounts).where(eq(customerAccounts.id, d.sub.customerAccountId));
  const lines = await taxedLines(
    ctx,
    account,
    toInvoiceLines(nextPeriodLines(ctx, d), { product: d.product, account, components: d.attached.map((a) => a.component) }),
  );
  if (!(await isFinal(ctx, invoice.id))) {
    if (JSON.stringify(lines) !== JSON.stringify(invoice.items)) await replaceLines(ctx, invoice.id, lines);
    return;
  }
  // Its lines stay as issued; the period's price now is kept beside them (coupon cycles count by it).
  await ctx.db.update(invoices).set({ repricedItems: lines }).where(eq(invoices.id, invoice.id));
  const finals: InvoiceRow[] = [invoice];
  const open: InvoiceRow[] = [];
  for (const a of adjustments) ((await isFinal(ctx, a.id)) ? finals : open).push(a);
  const difference = linesTotal(lines) - finals.reduce((sum, i) => sum + netTotal(i), 0);
  const [reuse, ...rest] = difference > 0 ? open : [];
  for (const a of difference > 0 ? rest : open) await voidInvoice(ctx, a);
  if (difference > 0) {
    const rise = [{ itemName: `Price change before the renewal of ${invoice.billingPeriodStart}`, itemPrice: difference, kind: "recurring" as const }];
    if (reuse) {
      if (reuse.totalCents !== difference) await replaceLines(ctx, reuse.id, rise);
    } else await createAdjustment(ctx, invoice, rise);
    return;
  }
  // The decrease comes off the latest final invoices first, each down to nothing at most.
  await creditLatestFirst(ctx, [...finals].reverse(), -difference);
}

/** The live invoices adding to a renewal invoice (a rise after it was paid, usage at its renewal), oldest first, locked. */
export async function adjustmentsOf(ctx: Context, invoiceId: string) {
  return ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.brandId, ctx.brand.id), eq(invoices.adjustsInvoiceId, invoiceId), isNull(invoices.deletedAt)))
    .orderBy(asc(invoices.createdAt), asc(invoices.id))
    .for("no key update");
}

/** A new invoice adding to a final renewal invoice: same customer, subscription and due date, no period of its own. */
export async function createAdjustment(ctx: Context, invoice: InvoiceRow, lines: readonly NewLine[]) {
  const [row] = await ctx.db
    .insert(invoices)
    .values({
      id: newId(),
      brandId: ctx.brand.id,
      customerAccountId: invoice.customerAccountId,
      subscriptionId: invoice.subscriptionId,
      adjustsInvoiceId: invoice.id,
      number: await nextDocumentNumber(ctx.db, ctx.brand.id, "invoice"),
      dueDate: invoice.dueDate,
      items: storedLines(lines),
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    })
    .returning();
  const account = await findCustomer(ctx, invoice.customerAccountId);
  await emitInvoiceEvent(ctx, "Invoice/Create", account, invoiceView(await reloadInvoice(ctx, row.id)));
  return row;
}

/**
 * Voids (withdraws) an invoice generated for a period that will not start, and the invoices adding
 * to it: deleted with its period key freed (so the period can be invoiced again should it come
 * back), never dunned or charged; what was paid on it and the prepaid balance does not hold yet
 * goes there, recorded by a credit note `withdrawn`.
 */
export async function voidInvoice(ctx: StepContext, invoice: InvoiceRow) {
  for (const a of await adjustmentsOf(ctx, invoice.id)) await voidInvoice(ctx, a);
  await requireNoPendingPayments(ctx, { invoiceId: invoice.id });
  const { amounts } = await invoiceDetails(ctx, invoice);
  const moved = amounts.paid - (await heldInPrepaid(ctx, invoice, amounts.paid));
  await creditPrepaid(ctx, invoice.customerAccountId, moved);
  await ctx.db
    .update(invoices)
    .set({ deletedAt: ctx.now(), voidedAt: ctx.now(), updatedAt: ctx.now(), billingPeriodStart: null })
    .where(eq(invoices.id, invoice.id));
  await issueCreditNote(ctx, { invoice, amount: moved, reason: "withdrawn", destination: "prepaid_balance" });
  if (moved > 0) logger.info("voided a paid invoice; its payments went to the prepaid balance", { invoiceId: invoice.id, cents: moved });
}
