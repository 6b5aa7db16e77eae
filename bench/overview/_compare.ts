import { openDatabase } from "../../db/client";
import { brands } from "../../db/schema";
import { systemContext } from "../../lib/auth/context";
import { brandOverview } from "../../lib/insights/overview";
import { brandOverview as before } from "./_before";
import { urlFor } from "../../tests/support/pg";
process.env.LOG_LEVEL ??= "silent";
const NOW = new Date("2026-06-15T12:00:00Z");
const database = await openDatabase({ url: urlFor(process.env.BENCH_OVERVIEW_DB!) });
const [brand] = await database.db.select().from(brands).limit(1);
const ctx = systemContext(database.db, brand, NOW);
for (const key of ["30d", "12m"] as const) {
  const a: number[] = [], b: number[] = [];
  for (let r = 0; r < 3; r++) {
    let t = performance.now(); await before(ctx, key); a.push(performance.now() - t);
    t = performance.now(); await brandOverview(ctx, key); b.push(performance.now() - t);
  }
  a.sort((x, y) => x - y); b.sort((x, y) => x - y);
  console.log(`${key}: before median ${a[1].toFixed(0)} ms [${a.map((x) => x.toFixed(0))}], after median ${b[1].toFixed(0)} ms [${b.map((x) => x.toFixed(0))}]`);
}
await database.close();
