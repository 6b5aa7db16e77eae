/**
 * npx tsx bench/audit/run.ts: what the audit triggers (migration 0016) cost a bulk billing write, measured
 * in the same run on the same rows: INSERT ... SELECT of N invoices (BENCH_AUDIT_ROWS, default 20,000)
 * and one UPDATE of all of them, and BENCH_AUDIT_SMALL (default 300) one-row UPDATEs as API calls make them, with the audit triggers enabled and disabled, rounds interleaved so
 * both see the machine's load alike; the median of each, and the database backend's CPU time summed over
 * the rounds (when the server runs on this machine). Needs the tests' PostgreSQL (TEST_DATABASE_URL).
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { openDatabase, resultRows } from "../../db/client";
import { createServiceAccount } from "../../lib/platform/bootstrap";
import { newId } from "../../lib/ids";
import { createDatabase, dropDatabase, urlFor } from "../../tests/support/pg";

process.env.LOG_LEVEL ??= "silent";
const N = Number(process.env.BENCH_AUDIT_ROWS || 20_000);
const ROUNDS = Number(process.env.BENCH_AUDIT_ROUNDS || 5);
const SMALL_UPDATES = Number(process.env.BENCH_AUDIT_SMALL || 300);
const RANDOM_IDS = process.env.BENCH_AUDIT_IDS === "random";
const LINES = JSON.stringify([
  { itemName: "Plan", itemPrice: 2500, quantity: 1, kind: "recurring", taxExempt: "N", componentId: null },
  { itemName: "Seats", itemPrice: 700, quantity: 3, kind: "component", taxExempt: "N", componentId: null },
]);
const name = `rb_bench_audit_${process.pid}`;

/** The kernel's clock ticks per second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

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
  // Wall time, and the database backend's own CPU time (utime + stime of its process, when the
  // server runs on this machine): on a shared machine the CPU time moves far less with the load.
  const backendCpuMs = (pid: number) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
    } catch {
      return NaN;
    }
  };
  const timed = async (q: ReturnType<typeof sql>) =>
    db.transaction(async (tx) => {
      const [{ pid }] = resultRows<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
      const cpu0 = backendCpuMs(pid);
      const t0 = performance.now();
      await tx.execute(q);
      return { wall: performance.now() - t0, cpu: backendCpuMs(pid) - cpu0 };
    });
  // The invoices' ids as the billing run makes them (lib/billing: newId(), UUIDv7, time-ordered, sent
  // as an array), fresh each round; BENCH_AUDIT_IDS=random draws them in the database
  // (gen_random_uuid(), as this bench did before migration 0041: every index on them is written at random places).
  const insert = () =>
    RANDOM_IDS
      ? sql`insert into invoices (id, brand_id, customer_account_id, due_date, items, created_at, updated_at)
    select gen_random_uuid(), ${tenant.brand_id}::uuid, ${accountId}::uuid, date '2026-06-01' + (i % 3), ${LINES}::jsonb, now(), now()
    from generate_series(1, ${N}) i`
      : sql`insert into invoices (id, brand_id, customer_account_id, due_date, items, created_at, updated_at)
    select x.id, ${tenant.brand_id}::uuid, ${accountId}::uuid, date '2026-06-01' + (x.i::int % 3), ${LINES}::jsonb, now(), now()
    from unnest(${`{${Array.from({ length: N }, () => newId()).join(",")}}`}::uuid[]) with ordinality x(id, i)`;
  const update = sql`update invoices set due_date = due_date + 1, updated_at = now() where brand_id = ${tenant.brand_id}`;
  // What an API call's update is: one statement per row (SMALL_UPDATES of them, one round trip).
  const small = sql.raw(`do $$ declare i uuid; begin for i in select id from invoices limit ${SMALL_UPDATES} loop
    update invoices set due_date = due_date + 1, updated_at = now() where id = i; end loop; end $$`);
  type Timing = { wall: number; cpu: number };
  const results = {
    on: { insert: [] as Timing[], update: [] as Timing[], small: [] as Timing[] },
    off: { insert: [] as Timing[], update: [] as Timing[], small: [] as Timing[] },
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 ? (["off", "on"] as const) : (["on", "off"] as const)) {
      await db.execute(sql.raw(`alter table invoices ${mode === "on" ? "enable" : "disable"} trigger user`));
      results[mode].insert.push(await timed(insert()));
      results[mode].update.push(await timed(update));
      results[mode].small.push(await timed(small));
      await db.execute(sql`alter table invoices disable trigger user`);
      await db.execute(sql`delete from invoices`);
      await db.execute(sql`delete from audit_entries`);
      // Both tables: the next round writes into clean ones, not past the dead rows this bulk delete left.
      await db.execute(sql`vacuum analyze invoices, audit_entries`);
    }
  }
  const line = (what: "insert" | "update" | "small") => {
    const on = median(results.on[what].map((r) => r.wall));
    const off = median(results.off[what].map((r) => r.wall));
    const cpuOn = results.on[what].reduce((n, r) => n + r.cpu, 0);
    const cpuOff = results.off[what].reduce((n, r) => n + r.cpu, 0);
    // Each round's pair (with and without audit, run back to back) as a ratio too: its median says
    // whether the goal holds in a typical round, not only summed over all of them.
    const perRound = results.on[what].map((r, i) => r.cpu / results.off[what][i].cpu);
    const cpu = Number.isNaN(cpuOn / cpuOff)
      ? ""
      : `; database CPU ${(cpuOn / cpuOff).toFixed(2)}x, rounds ${perRound.map((x) => x.toFixed(2)).join(" ")}, median ${median(perRound).toFixed(2)}x`;
    if (what === "small")
      return `  ${SMALL_UPDATES} one-row updates: without audit ${off.toFixed(0)} ms, with audit ${on.toFixed(0)} ms  (${(on / off).toFixed(2)}x${cpu})`;
    return `  ${what} ${N} invoices: without audit ${(off / 1000).toFixed(2)} s, with audit ${(on / 1000).toFixed(2)} s  (${(on / off).toFixed(2)}x${cpu})`;
  };
  console.log(
    `audit trigger cost, ${RANDOM_IDS ? "random" : "application (UUIDv7)"} ids, median of ${ROUNDS} interleaved rounds (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}):`,
  );
  console.log(line("insert"));
  console.log(line("update"));
  console.log(line("small"));
} finally {
  await database.close();
  await dropDatabase(name);
}
