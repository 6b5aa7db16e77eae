import type { Db } from "../../db/client";
import { brands } from "../../db/schema";
import { systemContext } from "../auth/context";
import { logger } from "../log";
import { reconcilePendingPayments } from "../payments/reconcile-payments";
import { retryUnfinishedRefunds } from "../payments/delete-payment";
import { generateDueInvoices } from "./generate-invoices";
import { renewDue } from "./renew-due";
import { settlePendingSubscriptions } from "../subscriptions/pending";
import { runVerb } from "../run-verb";
import { runDunning } from "./run-dunning";
import { brandsInRun, type RunScope } from "./brands-in-run";

/** A bound on periods renewed in one run for a subscription left behind (a daily product, a year). */
const MAX_CATCH_UP_PERIODS = 400;

/**
 * The billing run: settle charges whose answer was lost, generate invoices 72 hours ahead, renew
 * and charge what is due, then dun what is overdue. Every step is idempotent and safe to run
 * concurrently, so the run can be repeated (hourly, catching each brand's midnight) or resumed
 * after a crash without billing anything twice. dunningSince: a test clock's step (./run-dunning.ts).
 */
export async function runBilling({ db, now, brandId, dunningSince }: { db: Db; now: Date; dunningSince?: Date } & RunScope) {
  for (const brand of await db.select().from(brands).where(brandsInRun({ brandId }))) {
    try {
      // The lost-answer janitor: each gateway question is asked between its own transactions.
      // Subscriptions left pending by Subscription/Create first: their charges settle them.
      await runVerb(systemContext(db, brand, now), (ctx) => settlePendingSubscriptions(ctx), undefined);
      await runVerb(systemContext(db, brand, now), (ctx) => reconcilePendingPayments(ctx), undefined);
      await runVerb(systemContext(db, brand, now), (ctx) => retryUnfinishedRefunds(ctx), undefined);
    } catch (err) {
      logger.error("reconciling payments failed", { brandId: brand.id, error: err });
    }
  }
  let invoices = 0;
  const renewed = { renewed: 0, charged: 0, declined: 0 };
  // Each pass invoices what is due, then renews one period: a subscription whose runs were missed
  // catches up, and a renewal that lands inside the 72-hour window is invoiced before the run ends.
  for (let pass = 0; pass < MAX_CATCH_UP_PERIODS; pass++) {
    invoices += (await generateDueInvoices({ db, now, brandId })).created;
    const r = await renewDue({ db, now, brandId });
    renewed.renewed += r.renewed;
    renewed.charged += r.charged;
    renewed.declined += r.declined;
    if (r.renewed === 0) break;
  }
  const dunning = await runDunning({ db, now, brandId, since: dunningSince });
  return { invoices, ...renewed, dunningActions: dunning.actions };
}
