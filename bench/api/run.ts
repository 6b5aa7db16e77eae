/**
 * npm run bench: Product/List of 100 rows through the real server, against baselines started in the
 * same run on the same data and SQL: a bare Next.js route handler (the framework floor), the same
 * handler behind dynamic segments shaped like the API's catch-all route (what routing itself costs),
 * and a bare node:http + postgres.js handler (the physical limit). Prints requests/s, p50/p99, ratios.
 * Needs `npm run build` first and the PostgreSQL of the tests (TEST_DATABASE_URL).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import autocannon from "autocannon";
import { createDatabase, dropDatabase, urlFor } from "../../tests/support/pg";
import { freePort } from "../../e2e/support/server";

const DURATION = Number(process.env.BENCH_SECONDS || 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const ROWS = 100;
const dbName = `rb_bench_${process.pid}`;

async function seed() {
  await dropDatabase(dbName);
  await createDatabase(dbName);
  process.env.DATABASE_URL = urlFor(dbName);
  process.env.LOG_LEVEL = "silent";
  // Seeding calls the API in this process faster than its throttle allows (the servers get the same below).
  process.env.RATE_LIMIT_PER_SECOND = "1000000";
  process.env.RATE_LIMIT_BURST = "1000000";
  const { getDatabase, closeDatabase } = await import("../../db/client");
  await getDatabase();
  const { makeTenant, ok } = await import("../../tests/support/api");
  const t = await makeTenant();
  const group = (await ok(t, "json", "ProductGroup/Create", { method: "POST", params: { name: "Bench", description: "Bench group" } })).product_group
    .product_group_id;
  for (let i = 0; i < ROWS; i++) {
    await ok(t, "json", "Product/Create", {
      method: "POST",
      params: {
        product_group_id: group,
        name: `Plan ${i}`,
        description: `Plan number ${i}`,
        expiration_interval: "30",
        setup_fee: "5.00",
        recurring_price: `${10 + i}.99`,
        trial: "N",
        auto_pay_discount: "N",
        prompt_for_variables: "N",
        tax_exempt: "N",
        custom_field_1: `cf-${i}`,
      },
    });
  }
  await closeDatabase();
  return { t, group };
}

function start(cmd: string, args: string[], env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(cmd, args, { env: { ...process.env, ...env, PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"] });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        await fetch(`http://127.0.0.1:${port}/`);
        return resolve(child);
      } catch {
        if (Date.now() > deadline || child.exitCode !== null) return reject(new Error(`${cmd} did not start`));
        setTimeout(poll, 200);
      }
    };
    poll();
  });
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The machine is shared and noisy, and its speed drifts over tens of seconds, so the servers are
 * measured in many short interleaved slices (the order rotating each round) and every ratio is the
 * median of per-round ratios: two servers measured seconds apart see the same machine.
 */
async function measure(targets: Target[], rounds: number) {
  for (const t of targets) {
    const check = await fetch(t.url, { headers: t.headers });
    const body = await check.json();
    if (check.status !== 200 || Number(body.count) !== ROWS) throw new Error(`${t.name}: ${check.status} ${JSON.stringify(body).slice(0, 200)}`);
    await autocannon({ url: t.url, headers: t.headers, connections: CONNECTIONS, duration: 2 }); // warm-up
  }
  const runs = targets.map(() => [] as autocannon.Result[]);
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < targets.length; j++) {
      const i = (r + j) % targets.length;
      const t = targets[i];
      runs[i].push(await autocannon({ url: t.url, headers: t.headers, connections: CONNECTIONS, duration: Math.max(1, DURATION / rounds) }));
    }
  }
  const results: Result[] = targets.map((t, i) => ({
    name: t.name,
    rps: median(runs[i].map((x) => x.requests.average)),
    p50: median(runs[i].map((x) => x.latency.p50)),
    p99: median(runs[i].map((x) => x.latency.p99)),
    errors: runs[i].reduce((n, x) => n + x.errors + x.non2xx, 0),
  }));
  /** Median over rounds of target a's req/s divided by target b's in the same round. */
  const ratio = (a: number, b: number) => median(runs[a].map((x, r) => x.requests.average / runs[b][r].requests.average));
  return { results, ratio };
}

async function main() {
  if (!existsSync(".next/BUILD_ID")) throw new Error("Run `npm run build` first");
  const { t, group } = await seed();
  const env = {
    DATABASE_URL: urlFor(dbName),
    BENCH_BASELINE: "1",
    DATABASE_ROLE: "app",
    LOG_LEVEL: "silent",
    BACKGROUND_JOBS: "off",
    RATE_LIMIT_PER_SECOND: "1000000",
    RATE_LIMIT_BURST: "1000000",
  };
  const [appPort, nodePort] = [await freePort(), await freePort()];
  const app = await start(process.execPath, ["scripts/serve.js"], { ...env, HOST: "127.0.0.1" }, appPort);
  const bare = await start(process.execPath, ["--import", "tsx", "bench/api/bare-node.ts"], env, nodePort);
  const query = `brand_id=${t.brand_id}&product_group_id=${group}`;
  let measured: Awaited<ReturnType<typeof measure>>;
  try {
    measured = await measure(
      [
        {
          name: "our API (Product/List)",
          url: `http://127.0.0.1:${appPort}/api/json/Product/List?product_group_id=${group}`,
          headers: { "x-api-key": t.key, "x-user-key": t.user_key, "x-brand-id": t.brand_id },
        },
        { name: "bare Next.js route handler", url: `http://127.0.0.1:${appPort}/api/bench/products?${query}`, headers: {} },
        { name: "bare handler, dynamic route", url: `http://127.0.0.1:${appPort}/api/bench/json/Product/List?${query}`, headers: {} },
        { name: "bare node:http + postgres.js", url: `http://127.0.0.1:${nodePort}/?${query}`, headers: {} },
      ],
      ROUNDS,
    );
  } finally {
    app.kill();
    bare.kill();
    await dropDatabase(dbName).catch(() => {});
  }
  const { results, ratio } = measured;
  console.log(`\n${ROWS} rows, ${CONNECTIONS} connections, ${DURATION} s each in ${ROUNDS} interleaved rounds (medians)\n`);
  console.log("server                          req/s     p50 ms   p99 ms   errors");
  for (const r of results)
    console.log(
      `${r.name.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(8)}`,
    );
  const [OURS, NEXT, DYN, NODE] = [0, 1, 2, 3];
  console.log(`\nratios of req/s, median of the per-round ratios:`);
  console.log(`ours / bare route handler:              ${ratio(OURS, NEXT).toFixed(2)}x   (goal >= 0.80x)`);
  console.log(`ours / bare handler in a dynamic route: ${ratio(OURS, DYN).toFixed(2)}x`);
  console.log(`ours / bare node:http:                  ${ratio(OURS, NODE).toFixed(2)}x`);
  console.log(`bare route handler / node:http:         ${ratio(NEXT, NODE).toFixed(2)}x`);
  console.log(`dynamic route / bare route handler:     ${ratio(DYN, NEXT).toFixed(2)}x`);
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
