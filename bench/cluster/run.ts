/**
 * npm run bench:cluster: what a second instance over the same PostgreSQL adds on this machine
 * (issue 34 item 5), each against a baseline measured in the same run (the machine is shared and
 * noisy, so the figures are ratios; nothing is asserted on time).
 *
 * 1. The mixed load of bench/load (lists, reads and writes over LOAD_BRANDS brands, half json, half
 *    xml, the production throttle) at LOAD_CONNECTIONS through a round-robin proxy (the same as
 *    e2e/cluster.test.ts) to two instances of the built server, against the same proxy sending
 *    everything to one of them. The two take turns, LOAD_SECONDS each, BENCH_ROUNDS times; the
 *    ratios are the medians of the rounds'.
 * 2. Billing BENCH_SUBSCRIPTIONS due subscriptions (auto pay by card, the sandbox gateway), in two
 *    brands of half each, by two worker processes running the scheduled billing run at once (as two
 *    instances' timers do without Inngest: each brand's advisory lock gives it to one of them),
 *    against one worker billing both. Each round bills a fresh copy of one seeded database.
 *
 * Needs `npm run build` first and the PostgreSQL of the tests. Run it under `nice` on a shared machine.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { loadavg } from "node:os";
import { createDatabase, dropDatabase, urlFor } from "../../tests/support/pg";
import { drive, mixedCall, report, seed } from "../support/mixed-load";
import { DUE_AT, seedDueBrand } from "../support/due-subscriptions";

const SECONDS = Number(process.env.LOAD_SECONDS || 20);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS || 20);
const BRANDS = Number(process.env.LOAD_BRANDS || 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS || 10_000);
const loadDb = `rb_cluster_load_${process.pid}`;
const billingTemplate = `rb_cluster_billing_${process.pid}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`;

async function mixedLoad() {
  await createDatabase(loadDb);
  process.env.DATABASE_URL = urlFor(loadDb);
  const { getDatabase, closeDatabase } = await import("../../db/client");
  await getDatabase();
  console.log(`Seeding ${BRANDS} brands for the mixed load...`);
  const brands = await seed(BRANDS);
  await closeDatabase();
  const { startServer } = await import("../../e2e/support/server");
  const { roundRobin } = await import("../../e2e/support/proxy");
  const env = {
    DATABASE_URL: urlFor(loadDb),
    RATE_LIMIT_PER_SECOND: process.env.RATE_LIMIT_PER_SECOND || "50",
    RATE_LIMIT_BURST: process.env.RATE_LIMIT_BURST || "100",
  };
  const instances = await Promise.all([startServer(env), startServer(env)]);
  const proxy = await roundRobin([instances[0].baseUrl]);
  const ratios = { rps: [] as number[], p50: [] as number[], p99: [] as number[] };
  try {
    // A short warm-up of both (each instance compiles its routes on first use).
    proxy.targets = instances.map((i) => i.baseUrl);
    await drive(5, CONNECTIONS, mixedCall(proxy.baseUrl, brands));
    for (let round = 1; round <= ROUNDS; round++) {
      const figures: Record<string, ReturnType<typeof report>> = {};
      // The order alternates, so neither always runs second on a machine whose load drifts.
      for (const n of round % 2 ? [1, 2] : [2, 1]) {
        proxy.targets = instances.slice(0, n).map((i) => i.baseUrl);
        figures[n] = report(
          `round ${round}, ${n} instance${n > 1 ? "s" : ""} (${load()})`,
          SECONDS,
          await drive(SECONDS, CONNECTIONS, mixedCall(proxy.baseUrl, brands)),
          false,
        );
      }
      ratios.rps.push(figures[2].rps / figures[1].rps);
      ratios.p50.push(figures[2].p50 / figures[1].p50);
      ratios.p99.push(figures[2].p99 / figures[1].p99);
    }
  } finally {
    await proxy.close();
    await Promise.all(instances.map((i) => i.stop()));
    await dropDatabase(loadDb);
  }
  return ratios;
}

/** `workers` billing worker processes over `database`, started together; answers the span from the first start to the last end. */
async function bill(database: string, workers: number) {
  const children = Array.from({ length: workers }, () =>
    spawn(process.execPath, ["--import", "tsx", "bench/cluster/billing-worker.ts"], {
      env: { ...process.env, DATABASE_URL: urlFor(database), BILLING_NOW: DUE_AT, LOG_LEVEL: "silent" },
      stdio: ["pipe", "pipe", "inherit"],
    }),
  );
  const lines = children.map((c) => createInterface({ input: c.stdout! })[Symbol.asyncIterator]());
  for (const l of lines) if ((await l.next()).value !== "ready") throw new Error("a billing worker did not start");
  for (const c of children) c.stdin!.write("go\n");
  const done = await Promise.all(
    lines.map(
      async (l) => JSON.parse((await l.next()).value) as { started: number; ended: number; brands: number; invoices: number; renewed: number; charged: number },
    ),
  );
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : undefined)));
  const seconds = (Math.max(...done.map((d) => d.ended)) - Math.min(...done.map((d) => d.started))) / 1000;
  const sum = (k: "brands" | "invoices" | "renewed" | "charged") => done.reduce((n, d) => n + d[k], 0);
  console.log(
    `  ${workers} worker${workers > 1 ? "s" : ""}: ${seconds.toFixed(1)} s (${done.map((d) => `${d.brands} brand${d.brands === 1 ? "" : "s"}`).join(" + ")}; ${sum("invoices")} invoices, ${sum("renewed")} renewed, ${sum("charged")} charged; ${load()})`,
  );
  if (sum("renewed") !== SUBSCRIPTIONS) throw new Error(`renewed ${sum("renewed")} of ${SUBSCRIPTIONS}`);
  return seconds;
}

async function billing() {
  await createDatabase(billingTemplate);
  process.env.DATABASE_URL = urlFor(billingTemplate);
  const { closeDatabase } = await import("../../db/client");
  console.log(`Seeding two brands of ${SUBSCRIPTIONS / 2} due subscriptions...`);
  await seedDueBrand(Math.floor(SUBSCRIPTIONS / 2));
  await seedDueBrand(Math.ceil(SUBSCRIPTIONS / 2));
  await closeDatabase();
  const speedups: number[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`round ${round}:`);
      const seconds: Record<number, number> = {};
      for (const n of round % 2 ? [1, 2] : [2, 1]) {
        const copy = `${billingTemplate}_${round}_${n}`;
        await createDatabase(copy, billingTemplate);
        try {
          seconds[n] = await bill(copy, n);
        } finally {
          await dropDatabase(copy);
        }
      }
      speedups.push(seconds[2] / seconds[1]);
    }
  } finally {
    await dropDatabase(billingTemplate);
  }
  return speedups;
}

async function main() {
  process.env.LOG_LEVEL = "silent";
  const load = await mixedLoad();
  const billed = await billing();
  const x = (xs: number[]) => `${median(xs).toFixed(2)}x (rounds ${xs.map((r) => r.toFixed(2)).join(", ")})`;
  console.log(`\nmixed load, two instances / one (median of ${ROUNDS} rounds): throughput ${x(load.rps)}, p50 ${x(load.p50)}, p99 ${x(load.p99)}`);
  console.log(`billing ${SUBSCRIPTIONS} subscriptions, two workers' time / one worker's: ${x(billed)}`);
}

await main();
