/**
 * npm run billing:check [-- --brand <id>] [--json]: audits the billing ledger of DATABASE_URL (or the
 * embedded database) against its invariants (lib/billing/check-ledger.ts) and lists each violation.
 * Exits 1 when there is any, so it can gate a deploy or a cron alert.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client";
import { checkLedger } from "../lib/billing/check-ledger";

const { values } = parseArgs({ options: { brand: { type: "string" }, json: { type: "boolean", default: false } } });
const database = await openDatabase();
await database.migrate();
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
