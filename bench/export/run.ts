/**
 * npm run bench:export: the dashboard's CSV export (lib/dashboard/exports.ts csvStream, the stream the
 * export route answers) of a brand with BENCH_EXPORT_ROWS subscriptions (default 100,000), against the
 * same export of a brand with a tenth as many, seeded set-based in the same database, in the same run.
 * For each: rows, time, rows per second, and the peak heap and RSS above the level before it started
 * (sampled every 10 ms). The export streams when time per row and memory stay flat as the rows grow
 * tenfold. Exports run with the page's default sort and with a filter and another sort. No asserts.
 * Needs the tests' PostgreSQL; run with --expose-gc (the npm script does).
 */
import { eq, sql } from "drizzle-orm";
import { openDatabase, type Db } from "../../db/client";
import { brands } from "../../db/schema";
import { systemContext } from "../../lib/auth/context";
import { csvStream, DASHBOARD_LISTS, type ListUrlState } from "../../lib/dashboard/exports";
import { createServiceAccount } from "../../lib/platform/bootstrap";
import { createDatabase, dropDatabase, urlFor } from "../../tests/support/pg";
import { seedPlans } from "../support/plans";

process.env.LOG_LEVEL ??= "silent";

const N = Number(process.env.BENCH_EXPORT_ROWS || 100_000);
const BASE = Math.max(1, Math.round(N / 10));
const name = `rb_bench_export_${process.pid}`;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** A brand with `n` customers, each with one subscription (every tenth suspended), seeded set-based. */
async function seedBrand(db: Db, n: number, tag: string) {
  const made = await createServiceAccount(db, { name: `Export bench ${tag}`, brandName: `Export bench ${tag}`, staffEmail: `export-${tag}@example.com` });
  const brandId = made.brand_id;
  const stamps = { createdAt: new Date(), updatedAt: new Date() };
  const { groupId, productIds } = await seedPlans(db, brandId, stamps);
  const series = sql`generate_series(1, ${n}) as i`;
  const productArray = sql`${`{${productIds.join(",")}}`}::uuid[]`;
  await db.execute(sql`
    insert into customer_accounts (id, brand_id, first_name, last_name, email_address, locale, timezone_id, tax_exempt, security_code, email_verification_code, created_at, updated_at)
    select md5(${tag} || 'c' || i)::uuid, ${brandId}::uuid, 'First' || i, 'Last' || i, ${tag} || '-customer' || i || '@example.com', 'en-US', 'UTC', 'N',
           lpad((i % 100000)::text, 5, '0'), md5('v' || i) || 'abc', now() - i * interval '1 second', now()
    from ${series}`);
  await db.execute(sql`
    insert into subscriptions (id, brand_id, customer_account_id, product_id, product_group_id, status, auto_pay, start_date, period_start, renewal_date,
                               in_trial, override_initial_billing, created_at, updated_at)
    select md5(${tag} || 's' || i)::uuid, ${brandId}::uuid, md5(${tag} || 'c' || i)::uuid, (${productArray})[1 + i % 5], ${groupId}::uuid,
           case when i % 10 = 0 then 2 else 1 end, case when i % 2 = 0 then 'Y' else 'N' end,
           current_date - 30 + i % 30, current_date - 30 + i % 30, current_date + i % 30, 'N', 'N', now() - i * interval '1 second', now()
    from ${series}`);
  return brandId;
}

interface Measured {
  rows: number;
  bytes: number;
  ms: number;
  heapMb: number;
  rssMb: number;
}

/** Reads the whole export as the route's client would, sampling memory meanwhile. */
async function measure(db: Db, brandId: string, state: ListUrlState): Promise<Measured> {
  const [brand] = await db.select().from(brands).where(eq(brands.id, brandId));
  const ctx = systemContext(db, brand);
  gc();
  const before = process.memoryUsage();
  const peak = { heap: before.heapUsed, rss: before.rss };
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    peak.heap = Math.max(peak.heap, m.heapUsed);
    peak.rss = Math.max(peak.rss, m.rss);
  }, 10);
  const started = performance.now();
  let bytes = 0;
  let newlines = 0;
  const reader = csvStream(ctx, DASHBOARD_LISTS.subscriptions, state).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) newlines++;
  }
  const ms = performance.now() - started;
  clearInterval(sample);
  const mb = (b: number) => b / 1024 / 1024;
  return { rows: Math.max(0, newlines - 1), bytes, ms, heapMb: mb(peak.heap - before.heapUsed), rssMb: mb(peak.rss - before.rss) };
}

async function main() {
  await dropDatabase(name);
  await createDatabase(name);
  const database = await openDatabase({ url: urlFor(name) });
  try {
    await database.migrate();
    const db = database.db;
    const seeded = performance.now();
    const small = await seedBrand(db, BASE, "small");
    const large = await seedBrand(db, N, "large");
    await db.execute(sql`vacuum analyze`);
    console.log(
      `  seeded ${BASE.toLocaleString("en-US")} + ${N.toLocaleString("en-US")} subscriptions in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const views: [string, ListUrlState][] = [
      ["default sort (created, newest first)", { q: "", filters: {} }],
      ["active only, by renewal date", { q: "", filters: { status: "1" }, sort: { key: "renewal_date", dir: "desc" } }],
    ];
    const line = (label: string, m: Measured) =>
      console.log(
        `  ${label.padEnd(10)} ${m.rows.toLocaleString("en-US").padStart(8)} rows  ${(m.ms / 1000).toFixed(2).padStart(7)} s  ${Math.round(
          m.rows / (m.ms / 1000),
        )
          .toLocaleString("en-US")
          .padStart(
            7,
          )} rows/s  ${((m.ms * 1000) / Math.max(1, m.rows)).toFixed(0).padStart(5)} µs/row  ${(m.bytes / 1024 / 1024).toFixed(1).padStart(5)} MB out  peak heap +${m.heapMb.toFixed(1)} MB  peak RSS +${m.rssMb.toFixed(1)} MB`,
      );
    for (const [label, state] of views) {
      console.log(`\n  ${label}:`);
      const base = await measure(db, small, state);
      line("baseline", base);
      const big = await measure(db, large, state);
      line("large", big);
      const perRow = big.ms / Math.max(1, big.rows) / (base.ms / Math.max(1, base.rows));
      console.log(
        `  time per row, large / baseline: ${perRow.toFixed(2)}x; peak heap ${big.heapMb.toFixed(1)} MB vs ${base.heapMb.toFixed(1)} MB (goal: both flat as rows grow ${Math.round(N / BASE)}x)`,
      );
    }
  } finally {
    await database.close();
    await dropDatabase(name);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
