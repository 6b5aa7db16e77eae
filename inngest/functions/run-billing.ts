import { inngest } from "../client";
import { getDb } from "../../db/client";
import { jobs } from "../../lib/jobs/runner";

/** Hourly (each brand's midnight comes at a different hour): the idempotent billing run. Thin: calls the verb. */
export const runBilling = inngest.createFunction(
  { id: "run-billing", concurrency: { limit: 1 }, triggers: [{ cron: "5 * * * *" }, { event: "billing/run" }] },
  async ({ step }) => step.run("billing-run", async () => jobs.runBilling(await getDb())),
);
