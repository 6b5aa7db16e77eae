import { and, eq, isNull } from "drizzle-orm";
import { customerAccounts, invoices, type InvoiceLine } from "../../db/schema";
import { withDb, type Context } from "../auth/context";
import { isComponentBillable, isProductBillable } from "../catalog/availability";
import { formatWireDate } from "../dates";
import { invoiceDetails } from "../invoices/queries";
import { formatAmount } from "../money";
import { toInvoiceLines } from "../pricing/invoice-lines";
import { invoiceGenerationAt } from "../pricing/periods";
import { usageLines } from "../pricing/pricing";
import { loadSubscription, nextPeriodLines, type SubscriptionDetails } from "./details";
import { pricedComponent } from "./terms";
import { subscriptionOf } from "./queries";
import type { Verb } from "../run-verb";
import { STATUS } from "../lifecycle";
import { recordingProration, type Proration } from "./proration";

/** What a subscription's next invoice holds, in cents: as billing will write it, or as it is written already. */
export interface NextInvoice {
  renewalDate: string;
  /** Written already (72 hours before the renewal): a change reprices it at once. */
  generated: boolean;
  lines: InvoiceLine[];
  /** The metered usage reported so far in this cycle, added at the renewal (more may be reported until then). */
  usageLines: InvoiceLine[];
  total: number;
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
 * part of the period is billed or credited at once (as the change does it); a renewal invoice already written is repriced, its overpayment credited
 * to the prepaid balance; otherwise the next invoice is priced as billing will price it, 72 hours
 * before the renewal (coupons qualifying then, with the cycles they have used by then).
 */
export async function estimateChange(
  ctx: Context,
  subscriptionId: string,
  change: (ctx: Context) => Promise<unknown>,
  /** Made before anything is measured (an assumption the whole estimate is priced with, e.g. auto pay), rolled back with the rest. */
  assume?: (ctx: Context) => Promise<unknown>,
): Promise<ChangeEstimate> {
  try {
    await ctx.db.transaction(async (tx) => {
      const dry = withDb(ctx, tx as unknown as Context["db"]);
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
    const { amounts } = await invoiceDetails(ctx, written);
    const usageTotal = sum(usage);
    return {
      renewalDate: s.renewalDate,
      generated: true,
      lines: written.items,
      usageLines: usage,
      total: amounts.total + usageTotal,
      paid: amounts.paid,
      balance: amounts.balance + usageTotal,
    };
  }
  // Billing writes it at the generation time, or at once when that has passed (a renewal inside the window).
  const at = new Date(Math.max(ctx.now().getTime(), invoiceGenerationAt(s.renewalDate, ctx.brand.timezoneId).getTime()));
  const [account] = await ctx.db.select({ taxExempt: customerAccounts.taxExempt }).from(customerAccounts).where(eq(customerAccounts.id, s.customerAccountId));
  const lines = toInvoiceLines(nextPeriodLines({ ...ctx, now: () => at }, d), { product: d.product, account, components: d.attached.map((a) => a.component) });
  const total = sum(lines) + sum(usage);
  return { renewalDate: s.renewalDate, generated: false, lines, usageLines: usage, total, paid: 0, balance: total };
}

const sum = (lines: readonly InvoiceLine[]) => lines.reduce((t, l) => t + l.itemPrice * l.quantity, 0);

/** The ending cycle's metered usage, as the renewal appends it (none for a trial's cycle). */
function usageSoFar(d: SubscriptionDetails): InvoiceLine[] {
  if (d.sub.inTrial === "Y") return [];
  const metered = d.attached.filter((a) => a.component.componentType === "metered" && isComponentBillable(a.component));
  const usage = usageLines(metered.map((a) => ({ ...pricedComponent(a.component, a.units), usage: a.usage })));
  return toInvoiceLines(usage, { product: d.product, account: null, components: metered.map((a) => a.component) });
}

const invoiceLineView = (l: InvoiceLine, currency: string) => ({
  kind: l.kind,
  name: l.itemName,
  quantity: l.quantity,
  unit_price: formatAmount(l.itemPrice, currency),
  amount: formatAmount(l.itemPrice * l.quantity, currency),
});

const nextInvoiceView = (n: NextInvoice | null, currency: string) =>
  n && {
    renewal_date: formatWireDate(n.renewalDate),
    generated: n.generated ? "Y" : "N",
    total: formatAmount(n.total, currency),
    paid: formatAmount(n.paid, currency),
    balance: formatAmount(n.balance, currency),
    lines: n.lines.map((l) => invoiceLineView(l, currency)),
    usage_lines: n.usageLines.map((l) => invoiceLineView(l, currency)),
  };

/** The estimate as the API vocabulary writes money and dates ("25.00", "11/25/2026"), for the pages; amounts in `currency`, the brand's. */
export function changeEstimateView(e: ChangeEstimate, currency: string) {
  const p = e.proration;
  return {
    charged_now: formatAmount(Math.max(0, p?.cents ?? 0), currency),
    prorated_credit: formatAmount(Math.max(0, -(p?.cents ?? 0)), currency),
    proration_days_left: String(p?.days ?? 0),
    proration_period_days: String(p?.ofDays ?? 0),
    prorated_from_prepaid: formatAmount(p?.fromPrepaid ?? 0, currency),
    prepaid_credit: formatAmount(Math.max(0, e.prepaidCredit), currency),
    prepaid_taken_back: formatAmount(Math.max(0, -e.prepaidCredit), currency),
    currency,
    before: nextInvoiceView(e.before, currency),
    after: nextInvoiceView(e.after, currency),
  };
}
export type ChangeEstimateView = ReturnType<typeof changeEstimateView>;

/**
 * A change verb's estimate, as a verb of its own (a read: the change is made and rolled back). The
 * subscription must be the account's before anything is measured: another's answers not found.
 */
export const estimated =
  <I extends { subscription_id: string; customer_account_id: string }>(change: Verb<I, unknown>) =>
  async ({ ctx, input }: { ctx: Context; input: I }) => {
    const { sub } = await subscriptionOf(ctx, input.subscription_id, input.customer_account_id);
    const estimate = await estimateChange(ctx, sub.id, (dry) => change({ ctx: dry, input }));
    return { subscription_id: sub.id, customer_account_id: sub.customerAccountId, ...changeEstimateView(estimate, ctx.brand.currency) };
  };
