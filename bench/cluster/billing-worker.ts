/**
 * One worker process of bench/cluster: an instance's scheduled billing run (runScheduledBilling,
 * what every instance's timer runs without Inngest) over DATABASE_URL at BILLING_NOW. Connects,
 * prints "ready", waits for a line on stdin (so that the workers start together), then bills and
 * prints its totals with when it started and ended (epoch ms) as one JSON line.
 */
import { createInterface } from "node:readline";
import { closeDatabase, getDb } from "../../db/client";
import { runScheduledBilling } from "../../lib/billing/run-billing";
import { allBrandsContext } from "../../lib/auth/context";

const db = await getDb();
process.stdout.write("ready\n");
const lines = createInterface({ input: process.stdin });
await new Promise<void>((resolve) => lines.once("line", () => resolve()));
lines.close();
const started = Date.now();
const totals = await runScheduledBilling({ ctx: allBrandsContext(db, new Date(process.env.BILLING_NOW!)) });
const ended = Date.now();
process.stdout.write(`${JSON.stringify({ started, ended, ...totals })}\n`);
await closeDatabase();
