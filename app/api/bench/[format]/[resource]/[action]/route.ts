import postgres from "postgres";

export const dynamic = "force-dynamic";

// The same floor as ../products, behind dynamic segments shaped like the API's own route.
const enabled = process.env.BENCH_BASELINE === "1";
const sql = enabled && process.env.DATABASE_URL ? postgres(process.env.DATABASE_URL, { max: 10 }) : undefined;

export async function GET(req: Request, { params }: { params: Promise<{ format: string; resource: string; action: string }> }) {
  await params;
  if (!sql) return new Response("Not found", { status: 404 });
  const q = new URL(req.url).searchParams;
  const rows =
    await sql`select * from products where brand_id = ${q.get("brand_id")!} and product_group_id = ${q.get("product_group_id")!} and status <> 3 order by created_at, id`;
  return Response.json({ status: "success", count: rows.length, products: rows });
}
