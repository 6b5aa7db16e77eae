/**
 * npm run billing:check [-- --brand <id>] [--json]: audits the billing ledger of DATABASE_URL (or the
 * embedded database) against its invariants (lib/billing/check-ledger.ts) and lists each violation.
 * Exits 1 when there is any, so it can gate a deploy or a cron alert; 2 when the database's schema
 * is behind this code (it is never migrated by the audit).
 * Connects as DATABASE_URL's user (the owner); the check itself says its scope (one brand or ALL_BRANDS).
 */
import { parseArgs } from "node:util";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_FOLDER, openDatabase, resultRows } from "../db/client";
import { checkLedger } from "../lib/billing/check-ledger";

const { values } = parseArgs({ options: { brand: { type: "string" }, json: { type: "boolean", default: false } } });
// As the owner: it reads the migrations' table (the drizzle schema, which the app's role may not) and every brand.
const database = await openDatabase({ role: "owner" });
// An audit changes nothing, the schema included: a database behind this code's migrations is refused.
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
const applied = await database.db
  .execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
  .then((r) => resultRows<{ n: number }>(r)[0].n)
  .catch(() => 0);
if (applied < journal.entries.length) {
  console.error(`The database has ${applied} of this code's ${journal.entries.length} migrations: run npm run db:migrate first (the audit changes nothing).`);
  await database.close();
  process.exit(2);
}
const violations = await checkLedger(database.db, { brandId: values.brand });
await database.close();

if (values.json) console.log(JSON.stringify({ violations }, null, 2));
else if (!violations.length) console.log(`Billing ledger: no violation${values.brand ? ` in brand ${values.brand}` : ""}.`);
else {
  console.log(`Billing ledger: ${violations.length} violation(s).`);
  for (const v of violations) {
    const ids = [
      `brand ${v.brandId}`,
      v.subscriptionId && `subscription ${v.subscriptionId}`,
      v.invoiceId && `invoice ${v.invoiceId}`,
      v.customerAccountId && `account ${v.customerAccountId}`,
    ];
    console.log(`- ${v.rule}: ${v.detail} (${ids.filter(Boolean).join(", ")})`);
  }
}
process.exitCode = violations.length ? 1 : 0;
