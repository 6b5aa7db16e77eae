import { sql } from "drizzle-orm";
import { getDb } from "../../db/client";

/** True once the database answers and the migrations are applied (getDb migrates first). */
export async function databaseIsReady(): Promise<boolean> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1 from brands limit 1`);
    return true;
  } catch {
    return false;
  }
}
