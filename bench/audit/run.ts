/**
 * npx tsx bench/audit/run.ts: what the audit triggers (migration 0016) cost a bulk billing write, measured
 * in the same run on the same rows: INSERT ... SELECT of N invoices (BENCH_AUDIT_ROWS, default 20,000)
 * and one UPDATE of all of them, with the audit triggers enabled and disabled, rounds interleaved so
 * both see the machine's load alike; the median of each. Needs the tests' PostgreSQL (TEST_DATABASE_URL).
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { createServiceAccount } from "../../lib/platform/bootstrap";
import { newId } from "../../lib/ids";
import { createDatabase, dropDatabase, urlFor } from "../../tests/support/pg";

process.env.LOG_LEVEL ??= "silent";
const N = Number(process.env.BENCH_AUDIT_ROWS || 20_000);
const ROUNDS = Number(process.env.BENCH_AUDIT_ROUNDS || 5);
const name = `rb_bench_audit_${process.pid}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await createDatabase(name);
const database = await openDatabase({ url: urlFor(name) });
try {
  const { db } = database;
  await database.migrate();
  const tenant = await createServiceAccount(db, { name: "Bench", brandName: "Bench", staffEmail: `bench-${newId()}@example.com`, accessLevel: "ADMIN" });
  const accountId = newId();
  await db.execute(sql`insert into customer_accounts (id, brand_id, first_name, last_name, email_address, locale, timezone_id, security_code, email_verification_code, created_at, updated_at)
    values (${accountId}, ${tenant.brand_id}, 'Bench', 'Account', 'bench@example.com', 'en-US', 'UTC', 'x', 'x', now(), now())`);
  const timed = async (q: ReturnType<typeof sql>) => {
    const t0 = performance.now();
    await db.execute(q);
    return performance.now() - t0;
  };
  const insert = sql`insert into invoices (id, brand_id, customer_account_id, due_date, items, created_at, updated_at)
    select gen_random_uuid(), ${tenant.brand_id}::uuid, ${accountId}::uuid, date '2026-06-01' + (i % 3), '[{"itemName":"Plan","itemPrice":2500,"quantity":1,"kind":"recurring","taxExempt":"N","componentId":null},{"itemName":"Seats","itemPrice":700,"quantity":3,"kind":"component","taxExempt":"N","componentId":null}]'::jsonb, now(), now()
    from generate_series(1, ${N}) i`;
  const update = sql`update invoices set due_date = due_date + 1, updated_at = now() where brand_id = ${tenant.brand_id}`;
  const results = { on: { insert: [] as number[], update: [] as number[] }, off: { insert: [] as number[], update: [] as number[] } };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 ? (["off", "on"] as const) : (["on", "off"] as const)) {
      await db.execute(sql.raw(`alter table invoices ${mode === "on" ? "enable" : "disable"} trigger user`));
      results[mode].insert.push(await timed(insert));
      results[mode].update.push(await timed(update));
      await db.execute(sql`alter table invoices disable trigger user`);
      await db.execute(sql`delete from invoices`);
      await db.execute(sql`delete from audit_entries`);
      await db.execute(sql`vacuum analyze invoices`);
    }
  }
  const line = (what: "insert" | "update") => {
    const on = median(results.on[what]);
    const off = median(results.off[what]);
    return `  ${what} ${N} invoices: without audit ${(off / 1000).toFixed(2)} s, with audit ${(on / 1000).toFixed(2)} s  (${(on / off).toFixed(2)}x)`;
  };
  console.log(`audit trigger cost, median of ${ROUNDS} interleaved rounds:`);
  console.log(line("insert"));
  console.log(line("update"));
} finally {
  await database.close();
  await dropDatabase(name);
}
