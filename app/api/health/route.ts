import { databaseIsReady } from "@/lib/platform/health";

export const dynamic = "force-dynamic";

/** 200 once the database answers and the migrations are applied. */
export async function GET() {
  return (await databaseIsReady()) ? Response.json({ status: "ok" }) : Response.json({ status: "unavailable" }, { status: 503 });
}
