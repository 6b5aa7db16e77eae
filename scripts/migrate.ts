/** npm run db:migrate: applies the committed migrations (idempotent) to DATABASE_URL or the embedded database. */
import { openDatabase } from "../db/client";

const database = await openDatabase();
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.driver}).`);
