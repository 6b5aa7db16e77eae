import { isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { brands } from "../../db/schema";
import { systemContext, withDb } from "../auth/context";
import { logger } from "../log";
import { reconcilePendingPayments } from "../payments/reconcile-payments";
import { generateDueInvoices } from "./generate-invoices";
import { renewDue } from "./renew-due";
import { runDunning } from "./run-dunning";

/**
 * The billing run: settle charges whose answer was lost, generate invoices 72 hours ahead, renew
 * and charge what is due, then dun what is overdue. Every step is idempotent and safe to run
 * concurrently, so the run can be repeated (hourly, catching each brand's midnight) or resumed
 * after a crash without billing anything twice.
 */
export async function runBilling({ db, now }: { db: Db; now: Date }) {
  for (const brand of await db.select().from(brands).where(isNull(brands.deletedAt))) {
    try {
      await db.transaction((tx) => reconcilePendingPayments(withDb({ ...systemContext(db, brand), now: () => now }, tx as unknown as Db)));
    } catch (err) {
      logger.error("reconciling payments failed", { brandId: brand.id, error: err });
    }
  }
  const generated = await generateDueInvoices({ db, now });
  const renewed = await renewDue({ db, now });
  const dunning = await runDunning({ db, now });
  return { invoices: generated.created, ...renewed, dunningActions: dunning.actions };
}
