import postgres from "postgres";

export const dynamic = "force-dynamic";

// The benchmark's framework floor (bench/api): a bare route handler running the same SQL as
// Product/List, without our auth, validation, tenancy or serialisation. Off unless BENCH_BASELINE=1.
const enabled = process.env.BENCH_BASELINE === "1";
const sql = enabled && process.env.DATABASE_URL ? postgres(process.env.DATABASE_URL, { max: 10 }) : undefined;

export async function GET(req: Request) {
  if (!sql) return new Response("Not found", { status: 404 });
  const q = new URL(req.url).searchParams;
  const rows =
    await sql`select * from products where brand_id = ${q.get("brand_id")!} and product_group_id = ${q.get("product_group_id")!} and status <> 3 order by created_at, id`;
  return Response.json({ status: "success", count: rows.length, products: rows });
}
