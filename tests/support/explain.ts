/**
 * Rows a piece of work reads, from its statements' plans rather than from time (tests of billing's
 * walks: tests/billing-generate-walk.test.ts, tests/billing-renew-walk.test.ts).
 */
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import * as schema from "../../db/schema";
import type { Db } from "../../db/client";

export interface SentStatement {
  query: string;
  params: unknown[];
}

/** A connection that records the statements sent through it (rowsRead explains its selects again). */
export function recordingDb() {
  const sent: SentStatement[] = [];
  const client = postgres(process.env.DATABASE_URL!, {
    max: 2,
    onnotice: () => {},
    debug: (_c, query, params) => void sent.push({ query, params: params as unknown[] }),
  });
  return { db: drizzle(client, { schema }) as unknown as Db, sent, close: () => client.end({ timeout: 5 }) };
}

interface PlanNode {
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}
/** A table's rows read in a plan: every scan of it, rows kept and removed by filters, times its loops. */
const tableRowsRead = (node: PlanNode, table: string): number =>
  (node["Relation Name"] === table
    ? (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) * node["Actual Loops"]
    : 0) + (node.Plans ?? []).reduce((n, p) => n + tableRowsRead(p, table), 0);

/** `table`'s rows read by one statement, explained (EXPLAIN ANALYZE) with its parameters. */
export async function statementRowsRead({ query, params }: SentStatement, table: string) {
  const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    const [{ "QUERY PLAN": plan }] = await admin.unsafe(`explain (analyze, format json) ${query}`, params as never[]);
    return tableRowsRead((plan as { Plan: PlanNode }[])[0].Plan, table);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/** The subscriptions' rows read by the selects of that table among `statements`, each explained again. */
export async function subscriptionRowsRead(statements: SentStatement[]) {
  let read = 0;
  for (const s of statements.filter((s) => /^\s*select\b/i.test(s.query) && /\bfrom "subscriptions"/.test(s.query))) {
    read += await statementRowsRead(s, "subscriptions");
  }
  return read;
}
