/**
 * Invoice generation walks a brand's due subscriptions in chunks (lib/billing/generate-invoices.ts,
 * one Inngest step each): a chunk reads about its own size of subscriptions, however many of the
 * brand's renewals lie inside the 72-hour window or were invoiced by an earlier run (the walk skips
 * those a chunk's worth at a time, carrying its cursor), and stepping through a brand, with each
 * step run twice as Inngest retries one, writes every due invoice exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { sql } from "drizzle-orm";
import * as schema from "../db/schema";
import { getDb, type Db } from "../db/client";
import { generateDueInvoices, type GenerateCursor } from "../lib/billing/generate-invoices";
import { systemClock, useClock } from "../lib/clock";
import { DUE_AT, seedDueBrand } from "../bench/support/due-subscriptions";

/** 200 due at DUE_AT and 5,800 renewing over the 30 days after it (about 193 a day). */
const DUE = 200;
const LATER = 5800;
const CHUNK = 100;
/** The next day: the window holds DUE_AT's renewals and the next three days', invoiced yesterday, and one new day's. */
const NEXT_DAY = new Date(Date.parse(DUE_AT) + 86_400_000);

let db: Db;
let brandId: string;

beforeAll(async () => {
  ({ brand_id: brandId } = await seedDueBrand(DUE, { notDue: LATER }));
  db = await getDb();
  // Yesterday's run invoiced its window.
  await generateDueInvoices({ db, now: new Date(DUE_AT), brandId });
  await db.execute(sql`analyze subscriptions, invoices`);
});
afterAll(() => useClock(systemClock));

const rows = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)) as unknown as T[];

/** The brand's active subscriptions inside the window at `now`, and how many of them have no invoice for their period. */
async function windowAt(horizon: string) {
  const [w] = await rows<{ window: number; todo: number }>(sql`
    select count(*)::int as window,
           count(*) filter (where not exists (select 1 from invoices i where i.subscription_id = s.id and i.billing_period_start = s.renewal_date))::int as todo
    from subscriptions s where s.brand_id = ${brandId} and s.status = 1 and s.renewal_date <= ${horizon}::date`);
  return w;
}

/**
 * A connection that records the statements sent through it (rowsRead explains its selects again).
 */
function recordingDb() {
  const sent: { query: string; params: unknown[] }[] = [];
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
const subscriptionRowsRead = (node: PlanNode): number =>
  (node["Relation Name"] === "subscriptions"
    ? (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) * node["Actual Loops"]
    : 0) + (node.Plans ?? []).reduce((n, p) => n + subscriptionRowsRead(p), 0);

/**
 * The subscriptions' rows read by the selects among `statements`, each explained (EXPLAIN ANALYZE)
 * with its parameters: every scan of the table in its plan, rows kept and removed by filters, times its loops.
 */
async function rowsRead(statements: { query: string; params: unknown[] }[]) {
  const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    let read = 0;
    for (const { query, params } of statements.filter((s) => /^\s*select\b/i.test(s.query) && /\bfrom "subscriptions"/.test(s.query))) {
      const [{ "QUERY PLAN": plan }] = await admin.unsafe(`explain (analyze, format json) ${query}`, params as never[]);
      read += subscriptionRowsRead((plan as { Plan: PlanNode }[])[0].Plan);
    }
    return read;
  } finally {
    await admin.end({ timeout: 5 });
  }
}

describe("generating a large brand's invoices in chunks", () => {
  it("a chunk reads about its own size of subscriptions, not the window's already invoiced ones before it", async () => {
    const window = await windowAt("2026-06-19");
    // About 975 in the window, about 780 of them invoiced yesterday and first in the walk's order.
    expect(window.window).toBeGreaterThan(8 * CHUNK);
    expect(window.todo).toBeGreaterThan(CHUNK);
    expect(window.window - window.todo).toBeGreaterThan(6 * CHUNK);
    const recording = recordingDb();
    let first: { created: number; next?: GenerateCursor };
    try {
      first = await generateDueInvoices({ db: recording.db, now: NEXT_DAY, brandId, maxChunks: 1, chunkSize: CHUNK });
    } finally {
      await recording.close();
    }
    // The step's selects explained again (its chunk, the walk's first rows, was all invoiced: it wrote none).
    const read = await rowsRead(recording.sent);
    expect(read).toBeGreaterThan(0);
    expect(read, `subscriptions read by one chunk of ${CHUNK}`).toBeLessThanOrEqual(3 * CHUNK);
    expect(first.created).toBe(0);
    expect(first.next).toBeDefined();
  });

  it("stepping through the window a chunk at a time, each step run twice, writes each due invoice once", async () => {
    const before = await windowAt("2026-06-19");
    const [{ n: invoicesBefore }] = await rows<{ n: number }>(sql`select count(*)::int as n from invoices where brand_id = ${brandId}`);
    let after: GenerateCursor | undefined;
    let steps = 0;
    let created = 0;
    const perStep: number[] = [];
    do {
      const r = await generateDueInvoices({ db, now: NEXT_DAY, brandId, after, maxChunks: 1, chunkSize: CHUNK });
      // Inngest retries a step whose answer it did not record: the same cursor, nothing more written.
      const again = await generateDueInvoices({ db, now: NEXT_DAY, brandId, after, maxChunks: 1, chunkSize: CHUNK });
      expect(again.created).toBe(0);
      expect(again.next).toEqual(r.next);
      perStep.push(r.created);
      created += r.created;
      after = r.next;
      steps++;
      expect(steps).toBeLessThan(50);
    } while (after);
    // The walk went on past chunks with nothing left to invoice and ended at the window's end.
    expect(perStep.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(steps).toBe(Math.floor(before.window / CHUNK) + 1);
    expect(Math.max(...perStep)).toBeLessThanOrEqual(CHUNK);
    expect(created).toBe(before.todo);
    expect(await windowAt("2026-06-19")).toEqual({ window: before.window, todo: 0 });
    const [{ n: invoicesAfter, periods }] = await rows<{ n: number; periods: number }>(
      sql`select count(*)::int as n, count(distinct (subscription_id, billing_period_start))::int as periods from invoices where brand_id = ${brandId}`,
    );
    expect(invoicesAfter).toBe(invoicesBefore + before.todo);
    expect(periods).toBe(invoicesAfter);
  });
});
