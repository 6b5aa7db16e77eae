import type { Db } from "../../db/client";
import { clock } from "../clock";
import { allBrandsContext } from "../auth/context";
import { logger } from "../log";
import { config } from "../config";
import { deliverAllDue } from "../outbox/deliver";
import { sinkFor } from "./sinks";
import { setOutboxWaker } from "../outbox/wake";
import { runScheduledBilling } from "../billing/run-billing";

/** The background verbs, each safe to run twice or at once; Inngest functions call the same ones. */
export const jobs = {
  // Both over every brand, said so: the delivery reads the process's clock as it goes, the billing run one instant.
  deliverOutbox: (db: Db) => deliverAllDue({ ctx: allBrandsContext(db, clock), input: { sinkFor } }),
  runBilling: (db: Db) => runScheduledBilling({ ctx: allBrandsContext(db, clock.now()) }),
};

/** Runs `job` every `everyMs` and on `run.now()`, never two at once (a call while running runs it once more after); logs failures. */
function every(everyMs: number, job: () => Promise<unknown>, name: string) {
  let running = false;
  let again = false;
  const run = async () => {
    if (running) return void (again = true);
    running = true;
    try {
      await job();
    } catch (err) {
      logger.error(`${name} failed`, { error: err });
    } finally {
      running = false;
      if (again) {
        again = false;
        void run();
      }
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return { now: run, stop: () => clearInterval(timer) };
}

/**
 * Without Inngest configured the same verbs run here on timers, so the embedded default bills and
 * delivers on its own: deliveries (and "billing/generate" events) every few seconds, the billing
 * run every BILLING_INTERVAL_MS (default 10 minutes). Returns a stop function.
 */
export function startInProcessJobs(db: Db, deliverEveryMs = 5000) {
  const delivery = every(deliverEveryMs, () => jobs.deliverOutbox(db), "delivering the outbox");
  const billing = every(config.billingIntervalMs, () => jobs.runBilling(db), "the billing run");
  // A verb's committed events go out at once, not at the next tick (runVerb nudges).
  setOutboxWaker(() => void delivery.now());
  return () => {
    setOutboxWaker(undefined);
    delivery.stop();
    billing.stop();
  };
}
