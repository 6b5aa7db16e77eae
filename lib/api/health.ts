import { sql } from "drizzle-orm";
import { databaseUnavailable, getDb } from "../../db/client";

/** Ready once the database answers and the migrations are applied (getDb migrates first); else why not. */
export async function databaseHealth(): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1 from brands limit 1`);
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: databaseUnavailable(err) ?? "database not ready" };
  }
}
