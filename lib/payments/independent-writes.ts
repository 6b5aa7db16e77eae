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
    // Short: the usual wait is for a row this very request made (an invoice charged in the request
    // that created it), which never comes; the fallback below is just as correct, only later.
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '200ms'`);
        await write(tx as unknown as Db);
      });
      return;
    } catch (err) {
      if (!belongsInTransaction(err)) throw err;
    }
  }
  await write(ctx.db);
  // Runs once the request's transaction has ended (it waits for its locks): a no-op after a commit.
  // When the rolled-back transaction had made the invoice itself (Subscription/Create's initial
  // charge), nothing of that request is left to attach the attempt to, so there is nothing to record.
  void write(database.db).catch((error) => {
    if (pgErrorCode(error) !== "23503") logger.error("recording a payment attempt after the request failed", { error });
  });
}

/** PostgreSQL's error code, looked for through drizzle's wrapping errors. */
function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: string }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A referenced row not visible outside the transaction (23503), or a lock wait that timed out (55P03). */
const belongsInTransaction = (err: unknown) => ["23503", "55P03"].includes(pgErrorCode(err) ?? "");
