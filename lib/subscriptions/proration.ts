import { AsyncLocalStorage } from "node:async_hooks";
import { and, desc, eq, gte, isNull, or } from "drizzle-orm";
import { invoices, subscriptionPeriods } from "../../db/schema";
import { findAccount } from "../accounts/queries";
import { isProductBillable } from "../catalog/availability";
import { STATUS } from "../lifecycle";
import { nextDocumentNumber } from "../document-numbers";
import { newId } from "../ids";
import { linesTotal, storedLines } from "../invoices/lines";
import { taxedLines } from "../tax/rates";
import { reloadInvoice } from "../invoices/queries";
import { emit } from "../outbox/emit";
import { logger } from "../log";
import { autoPayMethod } from "../pay-methods/queries";
import { attemptCharge } from "../payments/attempts";
import { payFromPrepaid } from "../payments/prepaid";
import { creditLatestFirst } from "../payments/credit-notes";
import { requireNoPendingPayments } from "../payments/settle-pending";
import { toInvoiceLines } from "../pricing/invoice-lines";
import { periodEnd, today, unusedPart } from "../pricing/periods";
import { prorationOf, sumLines } from "../pricing/pricing";
import { mayCallOut, type StepContext } from "../run-verb";
import { nextPeriodLines, type SubscriptionDetails } from "./details";

/** What a change with proration did at once: billed (an invoice) or credited (to the prepaid balance). */
export type Proration = {
  cents: number;
  days: number;
  ofDays: number;
  invoiceId: string | null;
  /** What the prepaid balance paid of the invoice at once. */
  fromPrepaid: number;
  /** What a cut moved to the prepaid balance (what was paid above the credited invoices' new amounts). */
  toPrepaid: number;
};

/** What the changes run inside recordingProration prorated (an estimate's dry run reads it back). */
const recorded = new AsyncLocalStorage<{ proration: Proration | null }>();

/** Runs a change and answers what it prorated at once (null: nothing). */
export async function recordingProration(change: () => Promise<unknown>): Promise<Proration | null> {
  const slot = { proration: null as Proration | null };
  await recorded.run(slot, change);
  return slot.proration;
}

/** A subscription paying for its current period: active, out of trial, renewing, its product billable. */
const paysForPeriod = (d: SubscriptionDetails) =>
  d.sub.status === STATUS.ACTIVE && d.sub.inTrial !== "Y" && d.sub.renewalDate !== null && d.product !== null && isProductBillable(d.product, d.group);

/**
 * With the brand's proration (Brand/Update proration=prorate), a change mid-period (ChangeProduct,
 * components attached, detached or re-counted, coupons) bills or credits at once the unused part of
 * the current period: (days left / days in the period) x (new charge - old charge), in the brand's
 * time zone, half away from zero to the cent (prorationOf). A charge is the regular period's (price,
 * components, coupons, auto pay discount as the next invoice prices them), both at the auto pay now
 * (a change of auto pay alone is not prorated). A change that starts a new period today
 * (ChangeProduct to another period) credits the old period's unused part; the new one is billed in
 * full by the renewal. A rise is an invoice of its own (no period: the renewal invoices are
 * untouched, and behaviour 2 still prices them), paid from the prepaid balance first and charged at
 * once with auto pay; a cut goes to the prepaid balance. Nothing during a trial or a suspension.
 */
export async function prorateChange(ctx: StepContext, before: SubscriptionDetails, after: SubscriptionDetails): Promise<Proration | null> {
  const p = await prorate(ctx, before, after);
  const slot = recorded.getStore();
  // Several changes in one dry run (an estimate's ChangeProduct then Update) add up.
  if (slot && p)
    slot.proration = slot.proration
      ? {
          ...p,
          cents: slot.proration.cents + p.cents,
          fromPrepaid: slot.proration.fromPrepaid + p.fromPrepaid,
          toPrepaid: slot.proration.toPrepaid + p.toPrepaid,
        }
      : p;
  return p;
}

async function prorate(ctx: StepContext, before: SubscriptionDetails, after: SubscriptionDetails): Promise<Proration | null> {
  if (ctx.brand.proration !== "prorate" || !paysForPeriod(before) || after.sub.status !== STATUS.ACTIVE) return null;
  const day = today(ctx.now(), ctx.brand.timezoneId);
  const part = unusedPart(before.sub.periodStart, before.sub.renewalDate!, day, fullPeriodStart(before));
  if (!part) return null;
  const autoPay = after.sub.autoPay;
  const charge = (d: SubscriptionDetails) => sumLines(nextPeriodLines(ctx, { ...d, sub: { ...d.sub, autoPay } }));
  // A new period from today (or a change that stops billing): the rest of the old one is not used.
  const keepsPeriod = paysForPeriod(after) && after.sub.renewalDate !== day;
  const cents = prorationOf(charge(before), keepsPeriod ? charge(after) : 0, part);
  if (cents === 0) return null;
  const account = await findAccount(ctx, after.sub.customerAccountId);
  const name = `Proration: ${after.product!.name}, ${part.days} of ${part.ofDays} days left in the period`;
  // Taxed as the periods it prorates were (lib/tax): a credit gives back the tax paid on it too.
  const lines = await taxedLines(
    ctx,
    account,
    toInvoiceLines([{ kind: "recurring", name, amountCents: Math.abs(cents), quantity: 1 }], { product: after.product, account, components: [] }),
  );
  if (cents < 0) {
    // The cut with its tax (lib/tax), credited to what billed the period (a credit note).
    const { credited, toPrepaid } = await creditPeriod(ctx, before, linesTotal(lines));
    if (credited === 0) return null;
    return { cents: -credited, ...part, invoiceId: null, fromPrepaid: 0, toPrepaid };
  }
  const id = newId();
  await ctx.db.insert(invoices).values({
    id,
    brandId: ctx.brand.id,
    customerAccountId: account.id,
    subscriptionId: after.sub.id,
    // Numbered last, once the invoice is sure to be written (an estimate's rollback gives the number back).
    number: await nextDocumentNumber(ctx.db, ctx.brand.id, "invoice"),
    dueDate: day,
    items: storedLines(lines),
    createdAt: ctx.now(),
    updatedAt: ctx.now(),
  });
  // Its Invoice/Create event is written when this is delivered, as for the invoices billing generates.
  await emit(ctx, { type: "billing/invoices-created", payload: { invoice_ids: [id] } });
  // The prepaid balance pays first, as it pays a renewal.
  const fromPrepaid = await payFromPrepaid(ctx, id);
  await chargeAtOnce(ctx, after, id);
  return { cents, ...part, invoiceId: id, fromPrepaid, toPrepaid: 0 };
}

/**
 * Where the full period ending on the renewal starts: for a billing day's first period (billed as a
 * part of that full period: firstPartialPeriod) one period before the renewal on the billing day;
 * else the period's own start (a period moved longer or shorter was billed its full price).
 */
function fullPeriodStart(d: SubscriptionDetails) {
  const s = d.sub;
  const p = d.product!;
  const partial = s.billingDay !== null && s.periodStart === s.startDate && (p.intervalUnit === "month" || p.intervalUnit === "year");
  return partial ? periodEnd(s.renewalDate!, p.intervalUnit, p.expirationInterval, -1, s.billingDay) : s.periodStart;
}

/**
 * A cut is money out, recorded as every decrease is (issue 32, item 5): a credit note `repriced` on
 * the invoices that billed the current period (its renewal invoice, the invoices adding to it, the
 * prorations billed at once in it), the latest first, each down to nothing at most; what was paid
 * above the new amount goes to the prepaid balance (all of it on paid invoices), the rest is no
 * longer owed. Never more than those invoices bill.
 */
async function creditPeriod(ctx: StepContext, d: SubscriptionDetails, cut: number) {
  const s = d.sub;
  const [period] = await ctx.db
    .select({ invoiceId: subscriptionPeriods.invoiceId })
    .from(subscriptionPeriods)
    .where(
      and(eq(subscriptionPeriods.brandId, ctx.brand.id), eq(subscriptionPeriods.subscriptionId, s.id), eq(subscriptionPeriods.periodStart, s.periodStart)),
    );
  const billedAtOnce = and(isNull(invoices.billingPeriodStart), isNull(invoices.adjustsInvoiceId), gte(invoices.dueDate, s.periodStart));
  const rows = await ctx.db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.brandId, ctx.brand.id),
        eq(invoices.subscriptionId, s.id),
        isNull(invoices.deletedAt),
        period ? or(eq(invoices.id, period.invoiceId), eq(invoices.adjustsInvoiceId, period.invoiceId), billedAtOnce) : billedAtOnce,
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .for("no key update");
  for (const i of rows) await requireNoPendingPayments(ctx, { invoiceId: i.id });
  return creditLatestFirst(ctx, rows, cut);
}

/**
 * With auto pay, the subscription's pay method (or the customer's default) is charged what the
 * prepaid balance left, as a renewal is. The change is committed before the gateway is asked; a
 * decline leaves the invoice unpaid for dunning and the change stands. An estimate (a dry run) charges nothing.
 */
async function chargeAtOnce(ctx: StepContext, d: SubscriptionDetails, invoiceId: string) {
  if (d.sub.autoPay !== "Y" || !mayCallOut(ctx)) return;
  const { amounts } = await reloadInvoice(ctx, invoiceId);
  if (amounts.balance <= 0) return;
  const payMethod = await autoPayMethod(ctx, d.sub);
  if (!payMethod) return;
  try {
    await attemptCharge(ctx, { customerAccountId: d.sub.customerAccountId, invoiceId, payMethod, amount: amounts.balance });
  } catch (err) {
    // An unusable pay method (its gateway deleted) leaves the invoice unpaid for dunning, as a renewal's.
    logger.error("proration charge refused", { subscriptionId: d.sub.id, error: err });
  }
}
