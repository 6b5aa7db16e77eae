import { setTimeout as delay } from "node:timers/promises";
import { getDatabase, type Db } from "../../db/client";
import type { Context } from "../auth/context";
import { logger } from "../log";

/** How long a request waits for such a write before letting it finish on its own. */
const WAIT_MS = 1000;

/**
 * Writes that must outlive a refusal: a failed sign-in or a wrong code is counted, yet the refusal
 * rolls back the request's transaction. So these writes go through the process-wide handle instead.
 * PostgreSQL runs them on another pooled connection; the wait is bounded because with every
 * connection held by requests waiting here the write could only start once one of them gives up.
 * PGlite has a single connection, which the open transaction holds: there the write is queued and
 * runs right after the rollback, before any later request's queries.
 */
export async function writeDespiteRollback(ctx: Context, write: (db: Db) => Promise<unknown>) {
  const database = await getDatabase();
  const pending = write(database.db).catch((error) => logger.error("write after rollback failed", { error }));
  if (ctx.db === database.db) await pending;
  else if (database.driver === "postgres") await Promise.race([pending, delay(WAIT_MS)]);
}
