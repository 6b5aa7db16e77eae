import { sql } from "drizzle-orm";
import { getDatabase, type Db } from "../../db/client";
import type { Context } from "../auth/context";
import { logger } from "../log";

/**
 * Records of payment attempts must outlive the request: the attempt is on record (with its
 * idempotency key) before the gateway is called, and a decline is answered with an error, which
 * rolls the request's transaction back (spec, Errors 15: the failure is recorded with its reason).
 * So they are written through the process-wide handle, which on PostgreSQL has a connection of its
 * own and commits at once. Where that is not possible (PGlite's single connection is held by the
 * open transaction; a referenced row was made by this very transaction and is not visible outside
 * it yet; a lock the request holds is in the way) the write goes into the transaction and runs
 * again once the transaction has ended. So `write` must be idempotent (an upsert).
 */
export async function writeDurably(ctx: Context, write: (db: Db) => Promise<unknown>) {
  const database = await getDatabase();
  if (ctx.db === database.db) {
    await write(ctx.db); // no transaction around us: this commits by itself
    return;
  }
  if (database.driver === "postgres") {
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '2s'`);
        await write(tx as unknown as Db);
      });
      return;
    } catch (err) {
      if (!belongsInTransaction(err)) throw err;
    }
  }
  await write(ctx.db);
  // Runs once the request's transaction has ended (it waits for its locks): a no-op after a commit.
  void write(database.db).catch((error) => logger.error("recording a payment attempt after the request failed", { error }));
}

/** A referenced row not visible outside the transaction (23503), or a lock wait that timed out (55P03). */
function belongsInTransaction(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: string }).code;
    if (code === "23503" || code === "55P03") return true;
  }
  return false;
}
