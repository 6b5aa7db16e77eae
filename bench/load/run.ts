/**
 * npm run bench:load: one minute (LOAD_SECONDS) of mixed reads and writes at 20 connections
 * (LOAD_CONNECTIONS) over several brands (LOAD_BRANDS) against the built server, with the
 * production throttle. Reports throughput, p50/p99 per kind of call and every answer by status;
 * the goal is no error but 429. The baseline, measured first in the same run on the same server,
 * is /api/health (the server's floor for one round trip), so the figures read as ratios.
 * Needs `npm run build` first and the PostgreSQL of the tests.
 */
import { createDatabase, dropDatabase, urlFor } from "../../tests/support/pg";
import { drive, mixedCall, report, seed } from "../support/mixed-load";

const SECONDS = Number(process.env.LOAD_SECONDS || 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS || 20);
const BRANDS = Number(process.env.LOAD_BRANDS || 4);
const BASELINE_SECONDS = Math.min(10, SECONDS);
const dbName = `rb_load_${process.pid}`;

async function main() {
  await dropDatabase(dbName);
  await createDatabase(dbName);
  process.env.DATABASE_URL = urlFor(dbName);
  process.env.LOG_LEVEL = "silent";
  const { getDatabase, closeDatabase } = await import("../../db/client");
  await getDatabase();
  console.log(`Seeding ${BRANDS} brands (5 products, 20 customer accounts each)...`);
  const brands = await seed(BRANDS);
  await closeDatabase();
  const { startApp } = await import("../../e2e/support/server");
  // The production throttle (50/s, burst 100 per API key) unless the environment sets one.
  const app = await startApp({
    RATE_LIMIT_PER_SECOND: process.env.RATE_LIMIT_PER_SECOND || "50",
    RATE_LIMIT_BURST: process.env.RATE_LIMIT_BURST || "100",
  });
  try {
    const health = report(
      "baseline /api/health",
      BASELINE_SECONDS,
      await drive(BASELINE_SECONDS, CONNECTIONS, () => ({ url: `${app.baseUrl}/api/health`, init: {}, kind: "health" })),
    );
    const mixed = await drive(SECONDS, CONNECTIONS, mixedCall(app.baseUrl, brands));
    const ours = report(`mixed reads and writes, ${CONNECTIONS} connections over ${BRANDS} brands`, SECONDS, mixed);
    console.log(
      `\nmixed / health: throughput ${(ours.rps / health.rps).toFixed(2)}x, p50 ${(ours.p50 / health.p50).toFixed(1)}x, p99 ${(ours.p99 / health.p99).toFixed(1)}x`,
    );
    console.log(ours.errors === 0 ? "goal met: no error but 429" : `goal NOT met: ${ours.errors} errors`);
    if (ours.errors > 0) process.exitCode = 1;
  } finally {
    await app.stop();
    await dropDatabase(dbName);
  }
}

await main();
