import { getDb, getReplicaDb } from "../db/client";
import { scopedReads, unscoped } from "../db/scoped-reads";
import { withDb, type Context } from "./auth/context";

/**
 * The context to read from the replica (DATABASE_READ_URL) for reads that may lag the primary by a
 * moment: the overview, lists' counts, exports and the audit log. Unchanged without a replica, and
 * whenever `ctx.db` is not the process's primary pool or a page's scoped handle on it (a transaction, a step of a verb, a test's own
 * database): what a transaction reads must be what it writes against. Nothing is ever written here.
 */
export async function onReplica(ctx: Context): Promise<Context> {
  const replica = getReplicaDb();
  if (!replica || unscoped(ctx.db) !== (await getDb())) return ctx;
  // Like a page's reads on the primary: each statement under row-level security for the context's
  // brand (db/scoped-reads.ts), so the replica's user must be one that may switch to the app's role.
  return withDb(ctx, await scopedReads(await replica, ctx.brand.id));
}
