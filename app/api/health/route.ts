import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";

export const dynamic = "force-dynamic";

/** 200 once the database answers and the migrations are applied (getDb migrates first). */
export async function GET() {
  try {
    const db = await getDb();
    await db.execute(sql`select 1 from brands limit 1`);
    return Response.json({ status: "ok" });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503 });
  }
}
