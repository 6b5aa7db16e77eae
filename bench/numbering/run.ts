/**
 * npm run bench:numbering: migration 0031 (invoice numbers, issue 31) on a large database: bench/billing's
 * N subscriptions (BENCH_SUBSCRIPTIONS, default 100,000) with last period's invoice each, plus this
 * period's invoices written by the real generation (lines on them): 2N invoices over 4 brands. The
 * database is migrated and seeded as today, then 0031's objects are taken off again (what an install
 * from before it has) and 0031 is run as the migrator runs it, each statement timed. Then checks the
 * result: every invoice numbered, per brand 1..count in creation order, the counters at the counts.
 * Needs the tests' PostgreSQL (TEST_DATABASE_URL).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_FOLDER, openDatabase, resultRows } from "../../db/client";
import { generateDueInvoices } from "../../lib/billing/generate-invoices";
import { createDatabase, dropDatabase, urlFor } from "../../tests/support/pg";
import { NOW, seedCatalog, seedSubscriptions } from "../billing/run";
import { allBrandsContext } from "../../lib/auth/context";

process.env.LOG_LEVEL ??= "silent";

const N = Number(process.env.BENCH_SUBSCRIPTIONS || 100_000);
const MIGRATION = "0031_document_numbers.sql";
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const name = `rb_bench_numbering_${process.pid}`;
  await dropDatabase(name);
  await createDatabase(name);
  const database = await openDatabase({ url: urlFor(name) });
  const db = database.db;
  try {
    await database.migrate();
    let started = performance.now();
    await seedSubscriptions(db, N, await seedCatalog(db));
    const { created } = await generateDueInvoices({ ctx: allBrandsContext(db, NOW) });
    // What an install from before 0031 has: no numbers, counters or prefixes.
    await db.execute(sql`drop index invoices_brand_number`);
    await db.execute(sql`alter table invoices drop column number`);
    await db.execute(sql`drop table document_counters`);
    await db.execute(sql`drop trigger brands_invoice_prefix_default on brands`);
    await db.execute(sql`alter table brands drop column invoice_prefix`);
    await db.execute(sql`vacuum analyze`);
    const [{ invoices, size }] = resultRows<{ invoices: number; size: string }>(
      await db.execute(sql`select count(*)::int as invoices, pg_size_pretty(pg_total_relation_size('invoices')) as size from invoices`),
    );
    console.log(
      `seeded ${N.toLocaleString("en-US")} subscriptions and generated ${created.toLocaleString("en-US")} invoices in ${secs(performance.now() - started)}`,
    );
    console.log(`migration 0031 on ${invoices.toLocaleString("en-US")} invoices (${size}), one transaction as the migrator runs it:`);
    const statements = readFileSync(path.join(MIGRATIONS_FOLDER, MIGRATION), "utf8").split("--> statement-breakpoint");
    const total = performance.now();
    await db.transaction(async (tx) => {
      for (const statement of statements) {
        started = performance.now();
        await tx.execute(sql.raw(statement));
        const ms = performance.now() - started;
        if (ms > 50)
          console.log(
            `  ${secs(ms).padStart(9)}  ${statement
              .replace(/--[^\n]*\n/g, "")
              .trim()
              .split("\n")[0]
              .slice(0, 90)}`,
          );
      }
    });
    console.log(`  ${secs(performance.now() - total).padStart(9)}  in all`);
    const [check] = resultRows<{ unnumbered: number; wrong: number; counters: number }>(
      await db.execute(sql`
        select (select count(*)::int from invoices where number is null) as unnumbered,
               (select count(*)::int from (
                  select i.number, document_number(b.invoice_prefix, 'invoice', row_number() over (partition by i.brand_id order by i.created_at, i.id)) as expected
                  from invoices i join brands b on b.id = i.brand_id) x where number <> expected) as wrong,
               (select count(*)::int from document_counters c where c.last <> (select count(*) from invoices i where i.brand_id = c.brand_id)) as counters`),
    );
    console.log(`  check: ${check.unnumbered} unnumbered, ${check.wrong} out of creation order, ${check.counters} counters off`);
    if (check.unnumbered || check.wrong || check.counters) process.exitCode = 1;
  } finally {
    await database.close();
    await dropDatabase(name);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
