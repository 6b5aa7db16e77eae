import type { Db } from "../../db/client";
import { clock } from "../clock";
import { logger } from "../log";
import { deliverDue } from "../outbox/deliver";
import { sinkFor } from "../outbox/sinks";
// Each registers the sinks of its event types.
import "../webhooks/register";
import "../notifications/register";

/** The background verbs, each safe to run twice or at once; Inngest functions call the same ones. */
export const jobs = {
  deliverOutbox: (db: Db) => deliverDue({ db, now: () => clock.now(), sinkFor }),
};

/**
 * Without Inngest configured the same verbs run here on a timer, so the embedded default works
 * on its own. Returns a stop function.
 */
export function startInProcessJobs(db: Db, everyMs = 5000) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await jobs.deliverOutbox(db);
    } catch (err) {
      logger.error("background job failed", { error: err });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
