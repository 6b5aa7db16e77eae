/**
 * npm run bench:load: one minute (LOAD_SECONDS) of mixed reads and writes at 20 connections
 * (LOAD_CONNECTIONS) over several brands (LOAD_BRANDS) against the built server, with the
 * production throttle. Reports throughput, p50/p99 per kind of call and every answer by status;
 * the goal is no error but 429. The baseline, measured first in the same run on the same server,
 * is /api/health (the server's floor for one round trip), so the figures read as ratios.
 * Needs `npm run build` first and the PostgreSQL of the tests.
 */
import { createDatabase, dropDatabase, urlFor } from "../../tests/support/pg";

const SECONDS = Number(process.env.LOAD_SECONDS || 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS || 20);
const BRANDS = Number(process.env.LOAD_BRANDS || 4);
const BASELINE_SECONDS = Math.min(10, SECONDS);
const dbName = `rb_load_${process.pid}`;

type Creds = { key: string; user_key: string; brand_id: string };
interface Brand {
  creds: Creds;
  productIds: string[];
  accountIds: string[];
}
interface Call {
  kind: string;
  method: "GET" | "POST";
  path: string;
  params: Record<string, string>;
}

let serial = 0;
const email = () => `load-${process.pid}-${serial++}@example.com`;

/** The mix: mostly lists and reads as dashboards and integrations make them, a third writes. */
const MIX: { weight: number; make: (b: Brand) => Call }[] = [
  { weight: 20, make: () => ({ kind: "Product/List", method: "GET", path: "Product/List", params: {} }) },
  { weight: 15, make: () => ({ kind: "Account/List", method: "GET", path: "Account/List", params: { limit: "25" } }) },
  { weight: 15, make: () => ({ kind: "Subscription/List", method: "GET", path: "Subscription/List", params: { limit: "25" } }) },
  { weight: 10, make: (b) => ({ kind: "Account/List one", method: "GET", path: "Account/List", params: { customer_account_id: pick(b.accountIds) } }) },
  { weight: 5, make: () => ({ kind: "Invoice/List", method: "GET", path: "Invoice/List", params: { limit: "25" } }) },
  {
    weight: 10,
    make: () => ({
      kind: "Account/Create",
      method: "POST",
      path: "Account/Create",
      params: {
        first_name: "Load",
        last_name: "Test",
        email_address: email(),
        country: "US",
        locale: "en-US",
        timezone_id: "America/New_York",
        skip_notification: "Y",
      },
    }),
  },
  {
    weight: 10,
    make: (b) => ({
      kind: "Subscription/Create",
      method: "POST",
      path: "Subscription/Create",
      params: { customer_account_id: pick(b.accountIds), product_id: pick(b.productIds), override_initial_billing: "Y", auto_pay: "N" },
    }),
  },
  {
    weight: 10,
    make: (b) => ({
      kind: "Invoice/Create",
      method: "POST",
      path: "Invoice/Create",
      params: {
        customer_account_id: pick(b.accountIds),
        due_date: "12/31/2030",
        attached_items: '[{"item_name":"Load","item_price":"12.50","tax_exempt":"N"}]',
      },
    }),
  },
  {
    weight: 5,
    make: (b) => ({
      kind: "Note/Create",
      method: "POST",
      path: "Note/Create",
      params: { customer_account_id: pick(b.accountIds), subject: "Load", contents: "A note written under load" },
    }),
  },
];
const TOTAL_WEIGHT = MIX.reduce((s, m) => s + m.weight, 0);
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
function nextCall(b: Brand): Call {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const m of MIX) if ((r -= m.weight) < 0) return m.make(b);
  return MIX[0].make(b);
}

async function seed(): Promise<Brand[]> {
  const { makeTenant, ok } = await import("../../tests/support/api");
  const { fixtures } = await import("../../tests/support/fixtures");
  const out: Brand[] = [];
  for (let i = 0; i < BRANDS; i++) {
    const t = await makeTenant();
    const productIds = await Promise.all(Array.from({ length: 5 }, () => fixtures.Product(t)));
    const accountIds = await Promise.all(Array.from({ length: 20 }, () => fixtures.Account(t)));
    await ok(t, "json", "Product/List");
    out.push({ creds: { key: t.key, user_key: t.user_key, brand_id: t.brand_id }, productIds, accountIds });
  }
  return out;
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);

interface Tally {
  latencies: Map<string, number[]>;
  statuses: Map<number, number>;
  failures: string[];
  count: number;
}

/** `connections` loops, each sending its next call as soon as the last answers, until the deadline. */
async function drive(seconds: number, connections: number, next: (i: number) => { url: string; init: RequestInit; kind: string }): Promise<Tally> {
  const tally: Tally = { latencies: new Map(), statuses: new Map(), failures: [], count: 0 };
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      while (performance.now() < deadline) {
        const { url, init, kind } = next(i);
        const t0 = performance.now();
        let status = 0;
        try {
          const r = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
          status = r.status;
          const text = await r.text();
          if (status >= 500 || (status >= 400 && status !== 429)) tally.failures.push(`${kind} ${status} ${text.slice(0, 200)}`);
        } catch (err) {
          tally.failures.push(`${kind} ${String(err)}`);
        }
        const ms = performance.now() - t0;
        tally.count++;
        tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
        let l = tally.latencies.get(kind);
        if (!l) tally.latencies.set(kind, (l = []));
        l.push(ms);
      }
    }),
  );
  return tally;
}

function report(name: string, seconds: number, tally: Tally) {
  const all = [...tally.latencies.values()].flat().sort((a, b) => a - b);
  const errors = [...tally.statuses].filter(([s]) => s === 0 || (s >= 400 && s !== 429)).reduce((n, [, c]) => n + c, 0);
  console.log(`\n${name}: ${tally.count} requests in ${seconds} s = ${(tally.count / seconds).toFixed(0)} req/s`);
  console.log(`  p50 ${quantile(all, 0.5).toFixed(1)} ms, p99 ${quantile(all, 0.99).toFixed(1)} ms`);
  console.log(`  by status: ${[...tally.statuses].map(([s, c]) => `${s || "no answer"}=${c}`).join(", ")}`);
  console.log(`  error rate (not counting 429): ${((100 * errors) / Math.max(1, tally.count)).toFixed(3)}%`);
  if (tally.latencies.size > 1) {
    for (const [kind, l] of [...tally.latencies].sort()) {
      l.sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(20)} ${String(l.length).padStart(6)} calls  p50 ${quantile(l, 0.5).toFixed(1).padStart(7)} ms  p99 ${quantile(l, 0.99).toFixed(1).padStart(7)} ms`,
      );
    }
  }
  for (const f of tally.failures.slice(0, 10)) console.log(`  failure: ${f}`);
  return { rps: tally.count / seconds, p50: quantile(all, 0.5), p99: quantile(all, 0.99), errors };
}

async function main() {
  await dropDatabase(dbName);
  await createDatabase(dbName);
  process.env.DATABASE_URL = urlFor(dbName);
  process.env.LOG_LEVEL = "silent";
  const { getDatabase, closeDatabase } = await import("../../db/client");
  await getDatabase();
  console.log(`Seeding ${BRANDS} brands (5 products, 20 customer accounts each)...`);
  const brands = await seed();
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
    const mixed = await drive(SECONDS, CONNECTIONS, (i) => {
      const brand = brands[i % brands.length];
      const c = nextCall(brand);
      const headers = { "x-api-key": brand.creds.key, "x-user-key": brand.creds.user_key, "x-brand-id": brand.creds.brand_id };
      const format = Math.random() < 0.5 ? "json" : "xml";
      const url = new URL(`${app.baseUrl}/api/${format}/${c.path}`);
      if (c.method === "GET") {
        for (const [k, v] of Object.entries(c.params)) url.searchParams.set(k, v);
        return { url: url.toString(), init: { headers }, kind: c.kind };
      }
      return {
        url: url.toString(),
        init: { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(c.params) },
        kind: c.kind,
      };
    });
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
