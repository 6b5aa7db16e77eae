/**
 * npx tsx bench/billing/steps.ts: one brand of BENCH_SUBSCRIPTIONS (default 20,000) due monthly
 * subscriptions paying by card (auto pay, the sandbox gateway), billed through the fanned-out
 * Inngest function bill-brand (inngest/functions/run-billing.ts) at its default chunk sizes, each
 * step run as Inngest runs it (@inngest/test). Prints every kind of step's count, median and
 * longest time: no step may run longer than a serverless host allows (issue 34: seconds). Seeded
 * through the API once, then cloned in SQL. BENCH_BRAND_SIZE (default: BENCH_SUBSCRIPTIONS) makes
 * the brand larger than its due renewals: the rest renew over the next 30 days, mixed among them.
 * A run past its step budget hands on to the next run of the brand's event, followed here.
 * Needs the tests' PostgreSQL (TEST_DATABASE_URL).
 */
import { sql } from "drizzle-orm";
import { createDatabase, dropDatabase, urlFor } from "../../tests/support/pg";
import { DUE_AT, seedDueBrand } from "../support/due-subscriptions";

const N = Number(process.env.BENCH_SUBSCRIPTIONS || 20_000);
/** The brand's size: BENCH_SUBSCRIPTIONS due today, the rest renewing over the next 30 days. */
const SIZE = Math.max(N, Number(process.env.BENCH_BRAND_SIZE || N));
/**
 * BENCH_STEPS_DB: bill a database kept by an earlier run (BENCH_KEEP_DB=1) again, its largest brand
 * at BENCH_NOW (a later day: that day's renewals are due), without seeding; the database is kept.
 */
const reused = process.env.BENCH_STEPS_DB;
const dbName = reused || `rb_bench_steps_${process.pid}`;
const NOW = process.env.BENCH_NOW || DUE_AT;

async function main() {
  if (!reused) await createDatabase(dbName);
  process.env.DATABASE_URL = urlFor(dbName);
  process.env.LOG_LEVEL = "silent";
  try {
    const { getDb, closeDatabase } = await import("../../db/client");
    const { ManualClock, useClock } = await import("../../lib/clock");
    const { InngestTestEngine } = await import("@inngest/test");
    const { aroundSteps } = await import("../../tests/support/inngest-steps");
    const { billBrand, BILL_BRAND } = await import("../../inngest/functions/run-billing");
    const started = performance.now();
    const t = reused
      ? (
          (await (await getDb()).execute(sql`select brand_id from subscriptions group by brand_id order by count(*) desc limit 1`)) as unknown as {
            brand_id: string;
          }[]
        )[0]
      : await seedDueBrand(N, { notDue: SIZE - N });
    const db = await getDb();
    if (!reused)
      console.log(`seeded ${N} due subscriptions${SIZE > N ? ` in a brand of ${SIZE}` : ""} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    useClock(new ManualClock(NOW));
    // Every step's time in order, by kind; a run past its step budget hands on to the next (followed here).
    const times = new Map<string, number[]>();
    let data: Record<string, unknown> | undefined = { brandId: t.brand_id, now: NOW };
    const totals = { runs: 0, invoices: 0, renewed: 0, charged: 0, declined: 0, steps: 0 };
    const billing = performance.now();
    while (data) {
      const sent: any[] = [];
      const run: any = await new InngestTestEngine({ function: billBrand }).execute({
        events: [{ name: BILL_BRAND, data }],
        transformCtx: (raw: any) => {
          const ctx = aroundSteps(async (id, fn) => {
            const t0 = performance.now();
            const out = await fn();
            const kind = id.replace(/-\d+/g, "");
            times.set(kind, [...(times.get(kind) ?? []), performance.now() - t0]);
            return out;
          })(raw);
          const send = ctx.step.sendEvent;
          ctx.step.sendEvent = (id: string, events: any) => (sent.push(events), send(id, events));
          return ctx;
        },
      });
      if (run.error) throw new Error(JSON.stringify(run.error));
      totals.runs++;
      for (const k of ["invoices", "renewed", "charged", "declined", "steps"] as const) totals[k] += run.result[k];
      data = run.result.continued ? sent.at(-1)?.data : undefined;
    }
    console.log(`bill-brand over ${reused ? "the" : N} due subscriptions at ${NOW} in ${((performance.now() - billing) / 1000).toFixed(0)} s:`, totals);
    let longest = 0;
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    for (const [kind, list] of times) {
      const sorted = [...list].sort((a, b) => a - b);
      longest = Math.max(longest, sorted.at(-1)!);
      // The first and last tenth of the brand's steps of this kind: whether a step's time grows as the run walks the brand.
      const tenth = Math.max(1, Math.floor(list.length / 10));
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      console.log(
        `  ${kind.padEnd(20)} ${String(list.length).padStart(6)} steps, median ${s(median(list))}, p99 ${s(sorted[Math.floor(sorted.length * 0.99)])}, longest ${s(sorted.at(-1)!)}` +
          (list.length >= 20 ? ` (median of the first tenth ${s(median(list.slice(0, tenth)))}, of the last ${s(median(list.slice(-tenth)))})` : ""),
      );
    }
    console.log(`longest step: ${s(longest)}`);
    const [paid] = (await db.execute(sql`select count(*)::int as n from payments where brand_id = ${t.brand_id} and status = 'succeeded'`)) as unknown as {
      n: number;
    }[];
    console.log(`succeeded charges: ${paid.n}`);
    await closeDatabase();
  } finally {
    // BENCH_KEEP_DB=1 keeps the billed database (to look at its plans), named here.
    if (process.env.BENCH_KEEP_DB || reused) console.log(`kept database ${dbName}`);
    else await dropDatabase(dbName);
  }
}

await main();
