import type { Db } from "../../db/client";
import { clock } from "../clock";
import { logger } from "../log";
import { config } from "../config";
import { deliverAllDue } from "../outbox/deliver";
import { sinkFor } from "./sinks";
import { runBilling } from "../billing/run-billing";

/** The background verbs, each safe to run twice or at once; Inngest functions call the same ones. */
export const jobs = {
  deliverOutbox: (db: Db) => deliverAllDue({ db, now: () => clock.now(), sinkFor }),
  runBilling: (db: Db) => runBilling({ db, now: clock.now() }),
};

/** Runs `job` every `everyMs`, never two at once; logs failures. */
function every(everyMs: number, job: () => Promise<unknown>, name: string) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await job();
    } catch (err) {
      logger.error(`${name} failed`, { error: err });
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Without Inngest configured the same verbs run here on timers, so the embedded default bills and
 * delivers on its own: deliveries (and "billing/generate" events) every few seconds, the billing
 * run every BILLING_INTERVAL_MS (default 10 minutes). Returns a stop function.
 */
export function startInProcessJobs(db: Db, deliverEveryMs = 5000) {
  const stops = [every(deliverEveryMs, () => jobs.deliverOutbox(db), "delivering the outbox"), every(config.billingIntervalMs, () => jobs.runBilling(db), "the billing run")];
  return () => stops.forEach((stop) => stop());
}
