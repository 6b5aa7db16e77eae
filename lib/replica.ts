import { getDb, getReplicaDb } from "../db/client";
import { unscoped } from "../db/scoped-reads";
import { withDb, type Context } from "./auth/context";

/**
 * The context to read from the replica (DATABASE_READ_URL) for reads that may lag the primary by a
 * moment: the overview, lists' counts, exports and the audit log. Unchanged without a replica, and
 * whenever `ctx.db` is not the process's primary pool or a page's scoped handle on it (a transaction, a step of a verb, a test's own
 * database): what a transaction reads must be what it writes against. Nothing is ever written here.
 */
export async function onReplica(ctx: Context): Promise<Context> {
  const replica = getReplicaDb();
  // A page's handle reads the primary under row-level security (db/scoped-reads.ts); the replica's role is one RLS does not apply to.
  if (!replica || unscoped(ctx.db) !== (await getDb())) return ctx;
  return withDb(ctx, await replica);
}
