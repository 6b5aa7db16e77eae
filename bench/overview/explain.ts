/**
 * BENCH_OVERVIEW_DB=<name> tsx bench/overview/explain.ts [period]: EXPLAIN ANALYZE of each query the
 * overview runs, on a database kept by `BENCH_OVERVIEW_DB=<name> npm run bench:overview`, after the
 * fastest of EXPLAIN_ROUNDS (default 5) executions without per-node timing (whose overhead is large).
 */
import { openDatabase, type Db } from "../../db/client";
import { brands } from "../../db/schema";
import { systemContext } from "../../lib/auth/context";
import { brandOverview } from "../../lib/insights/overview";
import { isPeriodKey } from "../../lib/insights/periods";
import { urlFor } from "../../tests/support/pg";

process.env.LOG_LEVEL ??= "silent";
const NOW = new Date("2026-06-15T12:00:00Z");
const database = await openDatabase({ url: urlFor(process.env.BENCH_OVERVIEW_DB!) });
const [brand] = await database.db.select().from(brands).limit(1);
const key = isPeriodKey(process.argv[2]) ? process.argv[2] : "12m";
const queries: { sql: string; params: unknown[] }[] = [];
// Record each statement the figures run (db.execute goes through the dialect's sqlToQuery).
const db = database.db as unknown as Db & { dialect: { sqlToQuery: (s: unknown) => { sql: string; params: unknown[] } } };
const original = db.dialect.sqlToQuery.bind(db.dialect);
db.dialect.sqlToQuery = (s: unknown) => {
  const q = original(s);
  queries.push(q);
  return q;
};
const t = performance.now();
await brandOverview(systemContext(database.db, brand, NOW), key);
console.log(`overview ${key}: ${(performance.now() - t).toFixed(0)} ms, ${queries.length} statements`);
db.dialect.sqlToQuery = original;
const client = (database.db as unknown as { $client: unknown }).$client as { unsafe: (q: string, p: unknown[]) => Promise<{ "QUERY PLAN": string }[]> };
await client.unsafe("set jit = off", []);
const rounds = Math.max(1, Number(process.env.EXPLAIN_ROUNDS || 5));
for (const q of queries) {
  if (!/select/i.test(q.sql)) {
    await client.unsafe(q.sql.replace("set local", "set"), q.params); // the transaction's settings, for the session
    continue;
  }
  let fastest = Infinity;
  for (let r = 0; r < rounds; r++) {
    const timed = await client.unsafe(`explain (analyze, timing off) ${q.sql}`, q.params);
    fastest = Math.min(fastest, Number(/Execution Time: ([\d.]+)/.exec(timed.at(-1)!["QUERY PLAN"])![1]));
  }
  const plan = await client.unsafe(`explain (analyze, buffers) ${q.sql}`, q.params);
  console.log(`\n---- ${fastest.toFixed(0)} ms (fastest of ${rounds})\n${q.sql.slice(0, 300)}\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`);
}
await database.close();
