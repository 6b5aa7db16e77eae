import { and, eq, isNull } from "drizzle-orm";
import { customerAccounts, invoices, type InvoiceLine } from "../../db/schema";
import { withDb, type Context } from "../auth/context";
import { isComponentBillable, isProductBillable } from "../catalog/availability";
import { withAmounts } from "../invoices/queries";
import { creditLines, isFinal, netTotal } from "../payments/credit-notes";
import { toInvoiceLines } from "../pricing/invoice-lines";
import { invoiceGenerationAt } from "../pricing/periods";
import { usageLines } from "../pricing/pricing";
import { loadSubscription, nextPeriodLines, type SubscriptionDetails } from "./details";
import { pricedComponent } from "./terms";
import { subscriptionOf } from "./queries";
import { callVerb, withoutSteps, type AnyVerb, type StepContext } from "../run-verb";
import { STATUS } from "../lifecycle";
import { recordingProration, type Proration } from "./proration";
import { readChangeEstimate, type ChangeEstimateRead } from "./read";

/**
 * What a subscription's next renewal bills, in cents: as billing will write it, or as it is written
 * already. Once something is paid on the written invoice it is final (issue 31): its own lines stay
 * as issued, and the period is billed by it and the invoices adding to it (a rise after the
 * payment), less the credit notes on them (a decrease): total = issued + adjustments - credited + usage.
 */
export interface NextInvoice {
  renewalDate: string;
  /** Written already (72 hours before the renewal): a change reprices it at once. */
  generated: boolean;
  /** Something was paid on the written invoice: its lines never change again; a change is billed beside it. */
  final: boolean;
  /** The lines the period is priced at: as billing will write them, as written, or (final and re-priced since) as priced now (`repriced_items`). */
  lines: InvoiceLine[];
  /** The metered usage reported so far in this cycle, added at the renewal (more may be reported until then); on a final invoice, an invoice of its own adding to it. */
  usageLines: InvoiceLine[];
  /** The renewal invoice's own lines, as written (or as billing will write them). */
  issued: number;
  /** The invoices adding to a final renewal invoice (a rise after its payment), together. */
  adjustments: number;
  /** What credit notes took off the renewal invoice and those adding to it (a decrease after its payment). */
  credited: number;
  /** What the period bills: issued + adjustments - credited + the usage so far (the lines' and usage lines' sum). */
  total: number;
  /** Paid on those invoices, as far as they still bill it (what was paid above went to the prepaid balance). */
  paid: number;
  balance: number;
}

export interface ChangeEstimate {
  before: NextInvoice | null;
  after: NextInvoice | null;
  /** Moved to the customer's prepaid balance by the change (negative: taken back from it). */
  prepaidCredit: number;
  /** With the brand's proration: the unused part of the period billed (positive) or credited (negative) at once. */
  proration: Proration | null;
}

/** Thrown to roll the dry run back, carrying what it measured. */
class DryRun extends Error {
  constructor(readonly estimate: ChangeEstimate) {
    super("estimate: the change is rolled back");
  }
}

/**
 * What a change to an existing subscription will invoice, credit and leave due, measured by making
 * the change itself (the same verb, with every check it makes) inside a savepoint that is then
 * rolled back: the estimate cannot drift from the change. With the brand's proration the unused
 * part of the period is billed or credited at once (as the change does it); a renewal invoice already
 * written is repriced: in place while nothing is paid on it, else (final, issue 31) by an invoice
 * adding to it for a rise or a credit note for a decrease, what was paid above going to the prepaid
 * balance; both are measured from the documents the change wrote (NextInvoice). Otherwise the next
 * invoice is priced as billing will price it, 72 hours before the renewal (coupons qualifying then,
 * with the cycles they have used by then).
 */
export async function estimateChange(
  ctx: Context,
  subscriptionId: string,
  /** The change: a stepped verb runs where no step may be cut (an estimate charges nothing, commits nothing). */
  change: (ctx: StepContext) => Promise<unknown>,
  /** Made before anything is measured (an assumption the whole estimate is priced with, e.g. auto pay), rolled back with the rest. */
  assume?: (ctx: Context) => Promise<unknown>,
): Promise<ChangeEstimate> {
  try {
    await ctx.db.transaction(async (tx) => {
      const dry = withoutSteps(withDb(ctx, tx as unknown as Context["db"]));
      const { sub } = await loadSubscription(dry, subscriptionId, { forUpdate: true });
      if (assume) await assume(dry);
      const prepaid = () => prepaidBalance(dry, sub.customerAccountId);
      const [before, prepaidBefore] = [await nextInvoice(dry, subscriptionId), await prepaid()];
      const proration = await recordingProration(() => change(dry));
      // The prepaid balance's move by the repriced renewal invoice alone: the proration's is told apart.
      const prorated = proration ? proration.toPrepaid - proration.fromPrepaid : 0;
      throw new DryRun({ before, after: await nextInvoice(dry, subscriptionId), prepaidCredit: (await prepaid()) - prepaidBefore - prorated, proration });
    });
  } catch (err) {
    if (err instanceof DryRun) return err.estimate;
    throw err;
  }
  throw new Error("estimateChange: the dry run was not rolled back");
}

async function prepaidBalance(ctx: Context, customerAccountId: string) {
  const [row] = await ctx.db.select({ balance: customerAccounts.prepaidBalance }).from(customerAccounts).where(eq(customerAccounts.id, customerAccountId));
  return row?.balance ?? 0;
}

/** The subscription's next renewal invoice, or null when it will not renew (suspended, deleted, one-time, not billable). */
export async function nextInvoice(ctx: Context, subscriptionId: string): Promise<NextInvoice | null> {
  const d = await loadSubscription(ctx, subscriptionId);
  const s = d.sub;
  if (s.status !== STATUS.ACTIVE || !s.renewalDate || !d.product || !isProductBillable(d.product, d.group)) return null;
  const usage = usageSoFar(d);
  const [written] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, s.id), eq(invoices.billingPeriodStart, s.renewalDate), isNull(invoices.deletedAt)));
  if (written) {
    // The renewal invoice and the invoices adding to it, as billing bills the period (usage is added at the renewal).
    const adjustments = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.brandId, ctx.brand.id), eq(invoices.adjustsInvoiceId, written.id), isNull(invoices.deletedAt)));
    const documents = await withAmounts(ctx, [written, ...adjustments]);
    const usageTotal = sum(usage);
    const billed = documents.map(({ row, amounts }) => ({ net: netTotal(row), paid: Math.min(amounts.paid, netTotal(row)) }));
    const paid = billed.reduce((t, b) => t + b.paid, 0);
    const total = billed.reduce((t, b) => t + b.net, 0) + usageTotal;
    return {
      renewalDate: s.renewalDate,
      generated: true,
      final: await isFinal(ctx, written.id),
      lines: written.repricedItems ?? written.items,
      usageLines: usage,
      issued: written.totalCents,
      adjustments: adjustments.reduce((t, a) => t + a.totalCents, 0),
      credited: documents.reduce((t, { row }) => t + row.creditedCents + creditLines(row.items), 0),
      total,
      paid,
      balance: total - paid,
    };
  }
  // Billing writes it at the generation time, or at once when that has passed (a renewal inside the window).
  const at = new Date(Math.max(ctx.now().getTime(), invoiceGenerationAt(s.renewalDate, ctx.brand.timezoneId).getTime()));
  const [account] = await ctx.db.select({ taxExempt: customerAccounts.taxExempt }).from(customerAccounts).where(eq(customerAccounts.id, s.customerAccountId));
  const lines = toInvoiceLines(nextPeriodLines({ ...ctx, now: () => at }, d), { product: d.product, account, components: d.attached.map((a) => a.component) });
  const total = sum(lines) + sum(usage);
  return {
    renewalDate: s.renewalDate,
    generated: false,
    final: false,
    lines,
    usageLines: usage,
    issued: sum(lines),
    adjustments: 0,
    credited: 0,
    total,
    paid: 0,
    balance: total,
  };
}

const sum = (lines: readonly InvoiceLine[]) => lines.reduce((t, l) => t + l.itemPrice * l.quantity, 0);

/** The ending cycle's metered usage, as the renewal appends it (none for a trial's cycle). */
function usageSoFar(d: SubscriptionDetails): InvoiceLine[] {
  if (d.sub.inTrial === "Y") return [];
  const metered = d.attached.filter((a) => a.component.componentType === "metered" && isComponentBillable(a.component));
  const usage = usageLines(metered.map((a) => ({ ...pricedComponent(a.component, a.units), usage: a.usage })));
  return toInvoiceLines(usage, { product: d.product, account: null, components: metered.map((a) => a.component) });
}

/**
 * A change verb's estimate, as a verb of its own (a read: the change is made and rolled back), for the
 * dashboard's and the portal's confirm steps: its read row. The subscription must be the account's
 * before anything is measured: another's answers not found.
 */
export const estimated =
  <I extends { subscription_id: string; customer_account_id: string; product_id?: string; auto_pay?: "Y" | "N" }>(change: AnyVerb<I, unknown>) =>
  async ({ ctx, input }: { ctx: Context; input: I }): Promise<ChangeEstimateRead> => {
    const { sub } = await subscriptionOf(ctx, input.subscription_id, input.customer_account_id);
    const estimate = await estimateChange(ctx, sub.id, (dry) => callVerb(change, { ctx: dry, input }));
    const on = { subscriptionId: sub.id, customerAccountId: sub.customerAccountId, productId: input.product_id ?? sub.productId };
    return readChangeEstimate(estimate, { ...on, autoPay: (input.auto_pay ?? sub.autoPay) === "Y" }, ctx.brand.currency);
  };
