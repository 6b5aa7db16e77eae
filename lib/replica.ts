import { getDb, getReplicaDb } from "../db/client";
import { withDb, type Context } from "./auth/context";

/**
 * The context to read from the replica (DATABASE_READ_URL) for reads that may lag the primary by a
 * moment: the overview, lists' counts, exports and the audit log. Unchanged without a replica, and
 * whenever `ctx.db` is not the process's primary pool (a transaction, a step of a verb, a test's own
 * database): what a transaction reads must be what it writes against. Nothing is ever written here.
 */
export async function onReplica(ctx: Context): Promise<Context> {
  const replica = getReplicaDb();
  if (!replica || ctx.db !== (await getDb())) return ctx;
  return withDb(ctx, await replica);
}
