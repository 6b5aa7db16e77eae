import { sql, type SQL } from "drizzle-orm";
import { resultRows, type Db } from "../../db/client";
import { inScope } from "../../db/tenancy";
import { atInstant, brandOfRun, systemContext, type AllBrandsContext, type Brand, type RunContext } from "../auth/context";
import { SUBSCRIPTION_PENDING } from "../lifecycle";
import { logger } from "../log";
import { reconcilePendingPayments } from "../payments/reconcile-payments";
import { retryUnfinishedRefunds } from "../payments/delete-payment";
import { invoiceHorizon, today } from "../pricing/periods";
import { generateDueInvoices } from "./generate-invoices";
import { renewDue } from "./renew-due";
import { settlePendingSubscriptions } from "../subscriptions/pending";
import { runVerb, stepped } from "../run-verb";
import { runDunning } from "./run-dunning";
import { retryDeclines } from "./retry-declines";
import { brandsOfRun } from "./brands-in-run";
import { withBrandLock } from "./brand-lock";

/** A bound on periods renewed in one run for a subscription left behind (a daily product, a year). */
const MAX_CATCH_UP_PERIODS = 400;

/**
 * The billing run: settle charges whose answer was lost, generate invoices 72 hours ahead, renew
 * and charge what is due, retry declined renewal charges whose day has come, then dun what is overdue. Every step is idempotent and safe to run
 * concurrently, so the run can be repeated (hourly, catching each brand's midnight) or resumed
 * after a crash without billing anything twice. A run for one brand (a test clock's step) first
 * asks what is due (dueWork) and runs only those parts. dunningSince: a test clock's step (./run-dunning.ts).
 */
export async function runBilling({ ctx: given, input = {} }: { ctx: RunContext; input?: { dunningSince?: Date } }) {
  // One instant throughout, whatever the context's clock does meanwhile.
  const ctx = atInstant(given);
  const { db } = ctx;
  const now = ctx.now();
  const inRun = await brandsOfRun(ctx);
  const one = brandOfRun(ctx) && inRun.length === 1 ? inRun[0] : undefined;
  let due = one ? await dueWork(db, one, now) : undefined;
  for (const brand of inRun) await settleLostCharges(db, brand, now, due);
  // A subscription the janitor made active may have its renewal due: asked again.
  if (one && due && (due.pending_subscriptions || due.pending_payments || due.unfinished_refunds)) due = await dueWork(db, one, now, { janitors: false });
  let invoices = 0;
  const renewed = { renewed: 0, charged: 0, declined: 0 };
  // Each pass invoices what is due, then renews one period: a subscription whose runs were missed
  // catches up, and a renewal that lands inside the 72-hour window is invoiced before the run ends.
  for (let pass = 0; pass < MAX_CATCH_UP_PERIODS; pass++) {
    if (due && !due.to_invoice && !due.to_renew) break;
    if (!due || due.to_invoice) invoices += (await generateDueInvoices({ ctx })).created;
    const r = !due || due.to_renew ? await renewDue({ ctx }) : { renewed: 0, charged: 0, declined: 0 };
    renewed.renewed += r.renewed;
    renewed.charged += r.charged;
    renewed.declined += r.declined;
    if (r.renewed === 0) break;
    // A renewal whose next date is inside the window (a plan of a few days, a subscription catching
    // up) is invoiced by the next pass whatever the probe says: it may lie before the brand's mark.
    if (one) due = { ...(await dueWork(db, one, now, { janitors: false })), to_invoice: true };
  }
  // Before dunning: a retry that pays leaves nothing to dun.
  const retries = inRun.some((b) => b.retryDays.length) ? await retryDeclines({ ctx }) : { retried: 0 };
  const dunning = await runDunning({ ctx, input: { since: input.dunningSince } });
  return { invoices, ...renewed, retried: retries.retried, dunningActions: dunning.actions };
}

/**
 * The lost-answer janitors of one brand: each gateway question is asked between its own
 * transactions. Subscriptions left pending by Subscription/Create first: their charges settle them.
 * `due` (dueWork) skips those with nothing to settle. Failures are logged, not thrown.
 */
export async function settleLostCharges(db: Db, brand: Brand, now: Date, due?: Partial<Awaited<ReturnType<typeof dueWork>>>) {
  try {
    if (!due || due.pending_subscriptions)
      await runVerb(
        systemContext(db, brand, now),
        stepped(({ ctx }) => settlePendingSubscriptions(ctx)),
        undefined,
      );
    if (!due || due.pending_payments)
      await runVerb(
        systemContext(db, brand, now),
        stepped(({ ctx }) => reconcilePendingPayments(ctx)),
        undefined,
      );
    if (!due || due.unfinished_refunds)
      await runVerb(
        systemContext(db, brand, now),
        stepped(({ ctx }) => retryUnfinishedRefunds(ctx)),
        undefined,
      );
  } catch (err) {
    logger.error("reconciling payments failed", { brandId: brand.id, error: err });
  }
}

/**
 * The scheduled run (the in-process timer of every instance): each brand in the run, one at a time,
 * billed by runBilling only where no other process is billing it now (withBrandLock); a brand
 * skipped here is billed by the process that holds it, or at the next run. One brand failing does
 * not stop the others.
 */
export async function runScheduledBilling({ ctx }: { ctx: AllBrandsContext; input?: undefined }) {
  const { db } = ctx;
  const now = ctx.now();
  const inRun = await brandsOfRun(atInstant(ctx, now));
  const totals = { brands: 0, skipped: 0, failed: 0, invoices: 0, renewed: 0, charged: 0, declined: 0, retried: 0, dunningActions: 0 };
  for (const brand of inRun) {
    const { id } = brand;
    try {
      const run = await withBrandLock(db, id, () => runBilling({ ctx: systemContext(db, brand, now) }));
      if (!run.ran) {
        totals.skipped++;
        continue;
      }
      totals.brands++;
      for (const k of ["invoices", "renewed", "charged", "declined", "retried", "dunningActions"] as const) totals[k] += run.result[k];
    } catch (err) {
      totals.failed++;
      logger.error("billing a brand failed", { brandId: id, error: err });
    }
  }
  return totals;
}

/**
 * What one brand's run has to do, in one query: whether each lost-answer janitor has anything to
 * settle, and whether any renewal is to be invoiced or renewed. Each is a superset of what that
 * part selects itself (ignoring its grace period and catalog checks), so a part skipped for a false
 * here would have found nothing: a test clock's step with nothing due runs none of them. Each is
 * a probe of an index, whatever the brand's size: renewals to invoice are looked for only after
 * the brand's mark (billing_marks, set by generation's last complete walk: everything up to it
 * was invoiced then, and what comes inside the window since is invoiced by whatever brought it).
 * A walk that left a subscription uninvoiced (logged) moves no mark: the probe keeps finding it.
 * Without a mark (no complete walk yet) the whole window is checked.
 */
export async function dueWork(db: Db, brand: Brand, now: Date, { janitors = true } = {}) {
  // Asked again after the janitors or a pass, only the renewals are: the janitors have run.
  const ifJanitors = (check: SQL) => (janitors ? check : sql`false`);
  const [row] = resultRows<{
    pending_subscriptions: boolean;
    pending_payments: boolean;
    unfinished_refunds: boolean;
    to_invoice: boolean;
    to_renew: boolean;
  }>(
    // Under the brand's scope (row-level security): the probe reads only its rows.
    await inScope(db, brand.id, (tx) =>
      tx.execute(sql`
      select
        ${ifJanitors(sql`exists (select 1 from subscriptions where brand_id = ${brand.id} and status = ${SUBSCRIPTION_PENDING})`)} as pending_subscriptions,
        ${ifJanitors(sql`exists (select 1 from payments where brand_id = ${brand.id} and status = 'pending')`)} as pending_payments,
        ${ifJanitors(sql`exists (select 1 from payments where brand_id = ${brand.id} and status = 'reversed' and refund_transaction_id is null)`)} as unfinished_refunds,
        exists (
          select 1 from subscriptions s where s.brand_id = ${brand.id} and s.status = 1 and s.renewal_date <= ${invoiceHorizon(now, brand.timezoneId)}::date
            and s.renewal_date > coalesce((select invoiced_through from billing_marks where brand_id = ${brand.id}), '-infinity'::date)
            and not exists (select 1 from invoices i where i.subscription_id = s.id and i.billing_period_start = s.renewal_date)
        ) as to_invoice,
        exists (select 1 from subscriptions where brand_id = ${brand.id} and status = 1 and renewal_date <= ${today(now, brand.timezoneId)}::date) as to_renew`),
    ),
  );
  return row;
}
