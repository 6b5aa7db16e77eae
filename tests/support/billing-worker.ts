/**
 * Another process's scheduled billing run (tests/billing-brand-lock.test.ts): DATABASE_URL's
 * brands at BILLING_NOW, then prints the run's totals as one JSON line.
 */
import { closeDatabase, getDb } from "../../db/client";
import { runScheduledBilling } from "../../lib/billing/run-billing";
import { allBrandsContext } from "../../lib/auth/context";

const totals = await runScheduledBilling({ ctx: allBrandsContext(await getDb(), new Date(process.env.BILLING_NOW!)) });
process.stdout.write(`${JSON.stringify(totals)}\n`);
await closeDatabase();
