/**
 * Renewing walks a brand's due subscriptions in chunks (lib/billing/renew-due.ts, one Inngest step
 * each) on the due index: a chunk reads about its own size of subscriptions, however large the
 * brand and however many of its rows an earlier day's renewals changed, and stepping through a
 * brand, with each step run twice as Inngest retries one, renews each due subscription once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb, type Db } from "../db/client";
import { generateDueInvoices } from "../lib/billing/generate-invoices";
import { renewDue, type RenewCursor } from "../lib/billing/renew-due";
import { systemClock, useClock } from "../lib/clock";
import { DUE_AT, NEXT_DAY, WALK_DUE, seedWalkBrand } from "../bench/support/due-subscriptions";
import { recordingDb, rowsRead, subscriptionRowsRead } from "./support/explain";
import { runContext } from "../lib/auth/context";

const CHUNK = 50;

let db: Db;
let brandId: string;

beforeAll(async () => {
  ({ brand_id: brandId } = await seedWalkBrand());
  db = await getDb();
  // Statistics from before generation (as right after a run wrote thousands of invoices): analyzed
  // now, with autovacuum kept from analyzing again.
  await db.execute(sql`alter table invoices set (autovacuum_enabled = false)`);
  await db.execute(sql`analyze invoices`);
  // Yesterday's run: its window invoiced, its 200 renewals renewed (rows changed across the table).
  await generateDueInvoices({ ctx: await runContext(db, new Date(DUE_AT), brandId) });
  expect((await renewDue({ ctx: await runContext(db, new Date(DUE_AT), brandId) })).renewed).toBe(WALK_DUE);
  await generateDueInvoices({ ctx: await runContext(db, NEXT_DAY, brandId) });
  await db.execute(sql`analyze subscriptions`);
});
afterAll(() => useClock(systemClock));

const rows = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)) as unknown as T[];

/** The brand's active subscriptions due by `day`, and the periods renewed so far. */
async function state(day: string) {
  const [s] = await rows<{ due: number; periods: number; distinct: number }>(sql`
    select (select count(*)::int from subscriptions where brand_id = ${brandId} and status = 1 and renewal_date <= ${day}::date) as due,
           (select count(*)::int from subscription_periods where brand_id = ${brandId}) as periods,
           (select count(distinct (subscription_id, period_start))::int from subscription_periods where brand_id = ${brandId}) as distinct`);
  return s;
}

describe("renewing a large brand in chunks", () => {
  it("a chunk reads about its own size of subscriptions, not the brand's active rows between due ones", async () => {
    const before = await state("2026-06-16");
    // About 193 due of 6,000: in id order, a thirtieth of the brand's rows.
    expect(before.due).toBeGreaterThan(3 * CHUNK);
    const recording = recordingDb();
    let first;
    try {
      first = await renewDue({ ctx: await runContext(recording.db, NEXT_DAY, brandId), input: { maxChunks: 1, chunkSize: CHUNK } });
    } finally {
      await recording.close();
    }
    expect(first.renewed).toBe(CHUNK);
    expect(first.next).toBeDefined();
    // The step's selects of subscriptions explained again: the walk, and the chunk's rows read by id.
    const read = await subscriptionRowsRead(recording.sent);
    expect(read).toBeGreaterThan(0);
    expect(read, `subscriptions read by one chunk of ${CHUNK}`).toBeLessThanOrEqual(5 * CHUNK);
    // Its reads of invoices: the brand's invoices read a few times at most (5,022 rows handled here),
    // never each paired with each of the chunk's periods (97,549 when statistics made it a nested loop).
    const [{ n: brandInvoices }] = await rows<{ n: number }>(sql`select count(*)::int as n from invoices where brand_id = ${brandId}`);
    const invoiceWork = await rowsRead(recording.sent, "invoices");
    expect(invoiceWork.read).toBeGreaterThan(0);
    expect(invoiceWork.handled, `rows handled by the chunk's reads of invoices (${brandInvoices} in the brand)`).toBeLessThan((brandInvoices * CHUNK) / 5);
  });

  it("stepping through the due renewals a chunk at a time, each step run twice, renews each subscription one period", async () => {
    const before = await state("2026-06-16");
    let after: RenewCursor | undefined;
    let steps = 0;
    let renewed = 0;
    do {
      const r = await renewDue({ ctx: await runContext(db, NEXT_DAY, brandId), input: { after, maxChunks: 1, chunkSize: CHUNK } });
      // Inngest retries a step whose answer it did not record: the same cursor, the chunk's rows no longer due.
      const again = await renewDue({ ctx: await runContext(db, NEXT_DAY, brandId), input: { after, maxChunks: 1, chunkSize: CHUNK } });
      renewed += r.renewed + again.renewed;
      after = again.next;
      steps++;
      expect(steps).toBeLessThan(20);
    } while (after);
    expect(renewed).toBe(before.due);
    const end = await state("2026-06-16");
    expect(end.due).toBe(0);
    expect(end.periods).toBe(before.periods + before.due);
    expect(end.distinct).toBe(end.periods);
  });
});
