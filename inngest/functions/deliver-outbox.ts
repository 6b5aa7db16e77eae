import { inngest } from "../client";
import { getDb } from "../../db/client";
import { jobs } from "../../lib/jobs/runner";

/** Every minute, and whenever a verb nudges it: deliver due outbox events. Thin: calls the verb. */
export const deliverOutbox = inngest.createFunction(
  { id: "deliver-outbox", concurrency: { limit: 1 }, triggers: [{ cron: "* * * * *" }, { event: "outbox/nudge" }] },
  async ({ step }) => step.run("deliver-due-events", async () => jobs.deliverOutbox(await getDb())),
);
