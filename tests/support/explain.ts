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

export interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  "Rows Removed by Join Filter"?: number;
  Plans?: PlanNode[];
}
/** A table's rows read in a plan: every scan of it, rows kept and removed by filters, times its loops. */
export const tableRowsRead = (node: PlanNode, table: string): number =>
  (node["Relation Name"] === table
    ? (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) * node["Actual Loops"]
    : 0) + (node.Plans ?? []).reduce((n, p) => n + tableRowsRead(p, table), 0);

/** Every row a plan's nodes produced or looked at and dropped (a join's pairs its filter refused too), times their loops. */
const rowsHandled = (node: PlanNode): number =>
  (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0) + (node["Rows Removed by Join Filter"] ?? 0)) *
    node["Actual Loops"] +
  (node.Plans ?? []).reduce((n, p) => n + rowsHandled(p), 0);

/** One statement's plan, explained (EXPLAIN ANALYZE) with its parameters by a connection of its own. */
export async function explained({ query, params }: SentStatement) {
  const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    const [{ "QUERY PLAN": plan }] = await admin.unsafe(`explain (analyze, format json) ${query}`, params as never[]);
    return (plan as { Plan: PlanNode }[])[0].Plan;
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/** `table`'s rows read by one statement, explained (EXPLAIN ANALYZE) with its parameters. */
export async function statementRowsRead(statement: SentStatement, table: string) {
  return tableRowsRead(await explained(statement), table);
}

/** The selects of `table` among `statements`, each explained again: `table`'s rows read, and all the rows their plans handled. */
export async function rowsRead(statements: SentStatement[], table: string) {
  let read = 0;
  let handled = 0;
  for (const s of statements.filter((s) => /^\s*select\b/i.test(s.query) && new RegExp(`\\bfrom "${table}"`).test(s.query))) {
    const plan = await explained(s);
    read += tableRowsRead(plan, table);
    handled += rowsHandled(plan);
  }
  return { read, handled };
}

/** The subscriptions' rows read by the selects of that table among `statements`, each explained again. */
export const subscriptionRowsRead = async (statements: SentStatement[]) => (await rowsRead(statements, "subscriptions")).read;
