/** The physical limit (bench/api): node:http + postgres.js running the same SQL as Product/List. */
import { createServer } from "node:http";
import postgres from "postgres";

const sql = postgres(process.env.DATABASE_URL!, { max: 10 });
const port = Number(process.env.PORT);

createServer(async (req, res) => {
  const q = new URL(req.url!, "http://x").searchParams;
  const rows =
    await sql`select * from products where brand_id = ${q.get("brand_id")!} and product_group_id = ${q.get("product_group_id")!} and status <> 3 order by created_at, id`;
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ status: "success", count: rows.length, products: rows }));
}).listen(port, "127.0.0.1", () => console.log(`ready on ${port}`));
