import { inngest } from "../client";
import { getDb } from "../../db/client";
import { clock } from "../../lib/clock";
import { allBrandsContext } from "../../lib/auth/context";
import { claimDue, deliverEvent } from "../../lib/outbox/deliver";
import { sinkFor } from "../../lib/jobs/sinks";

/** The event that delivers one outbox event, claimed as its `attempt`-th attempt. */
export const DELIVER_EVENT = "outbox/deliver";
export interface DeliverEventData {
  eventId: string;
  attempt: number;
}

/** Outbox events claimed (leased) per step, and steps of claiming per run: up to 10,000 events a minute. */
const CLAIM_BATCH = 500;
const MAX_CLAIMS = 20;

/**
 * Every minute, and whenever a verb nudges it: claims the due outbox events (each leased for five
 * minutes, its attempt counted) and sends one DELIVER_EVENT each, keyed by event and attempt so a
 * retried send dispatches nothing twice; deliverOutboxEvent delivers each in a step of its own.
 * The in-process timer (lib/jobs/runner.ts) delivers the same rows without Inngest.
 */
export const deliverOutbox = inngest.createFunction(
  { id: "deliver-outbox", concurrency: { limit: 1 }, triggers: [{ cron: "* * * * *" }, { event: "outbox/nudge" }] },
  async ({ step }) => {
    let dispatched = 0;
    for (let n = 0; n < MAX_CLAIMS; n++) {
      const claimed = await step.run(`claim-${n}`, async () =>
        (await claimDue({ ctx: allBrandsContext(await getDb(), clock), input: { batchSize: CLAIM_BATCH } })).map((e) => ({
          eventId: e.id,
          attempt: e.attempts,
        })),
      );
      if (!claimed.length) break;
      await step.sendEvent(
        `dispatch-${n}`,
        claimed.map((data) => ({ name: DELIVER_EVENT, id: `outbox-${data.eventId}-${data.attempt}`, data: data satisfies DeliverEventData })),
      );
      dispatched += claimed.length;
      if (claimed.length < CLAIM_BATCH) break;
    }
    return { dispatched };
  },
);

/**
 * One outbox event's delivery as a step: Inngest retries the step when it throws (the database
 * was unreachable, the process died half-way); a sink's refusal is recorded as the attempt and the
 * event rescheduled with the outbox's backoff (lib/outbox/deliver.ts), claimed again when due.
 */
export const deliverOutboxEvent = inngest.createFunction(
  { id: "deliver-outbox-event", retries: 4, triggers: [{ event: DELIVER_EVENT }] },
  async ({ event, step }) => {
    const { eventId, attempt } = event.data as DeliverEventData;
    const outcome = await step.run("deliver", async () => deliverEvent({ ctx: allBrandsContext(await getDb(), clock), input: { sinkFor, eventId, attempt } }));
    return { outcome };
  },
);
