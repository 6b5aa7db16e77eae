/**
 * npm run db:migrate: applies the committed migrations (idempotent) to DATABASE_URL or the embedded database.
 * Runs as the connecting owner on purpose, unscoped: it changes the schema and sets up row-level security
 * (secureBrandTables, db/tenancy.ts), which the app's role rb_app may not (docs/security.md).
 */
import { openDatabase } from "../db/client";
import { sealBrandSecrets } from "../lib/webhooks/post";

const database = await openDatabase();
await database.migrate();
// Signing secrets stored in clear before they were sealed (issue 28 item 5).
await sealBrandSecrets(database.db);
await database.close();
console.log(`Migrations applied (${database.driver}).`);
