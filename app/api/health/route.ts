import { databaseHealth } from "@/lib/api/health";

export const dynamic = "force-dynamic";

/** 200 once the database answers and the migrations are applied; 503 with the reason until then. */
export async function GET() {
  const health = await databaseHealth();
  return health.ok ? Response.json({ status: "ok" }) : Response.json({ status: "unavailable", reason: health.reason }, { status: 503 });
}
