/**
 * Invoice generation walks a brand's due subscriptions in chunks (lib/billing/generate-invoices.ts,
 * one Inngest step each): a chunk reads about its own size of subscriptions, however many of the
 * brand's renewals lie inside the 72-hour window or were invoiced by an earlier run (the walk skips
 * those a chunk's worth at a time, carrying its cursor), and stepping through a brand, with each
 * step run twice as Inngest retries one, writes every due invoice exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb, type Db } from "../db/client";
import { generateDueInvoices, type GenerateCursor } from "../lib/billing/generate-invoices";
import { systemClock, useClock } from "../lib/clock";
import { DUE_AT, NEXT_DAY, seedWalkBrand } from "../bench/support/due-subscriptions";
import { recordingDb, statementRowsRead, subscriptionRowsRead } from "./support/explain";
import { dueWork } from "../lib/billing/run-billing";
import { brands } from "../db/schema";
import { runContext } from "../lib/auth/context";

const CHUNK = 100;

let db: Db;
let brandId: string;

beforeAll(async () => {
  ({ brand_id: brandId } = await seedWalkBrand());
  db = await getDb();
  // Yesterday's run invoiced its window.
  await generateDueInvoices({ ctx: await runContext(db, new Date(DUE_AT), brandId) });
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
      first = await generateDueInvoices({ ctx: await runContext(recording.db, NEXT_DAY, brandId), input: { maxChunks: 1, chunkSize: CHUNK } });
    } finally {
      await recording.close();
    }
    // The step's selects explained again (its chunk, the walk's first rows, was all invoiced: it wrote none).
    const read = await subscriptionRowsRead(recording.sent);
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
      const r = await generateDueInvoices({ ctx: await runContext(db, NEXT_DAY, brandId), input: { after, maxChunks: 1, chunkSize: CHUNK } });
      // Inngest retries a step whose answer it did not record: the same cursor, nothing more written.
      const again = await generateDueInvoices({ ctx: await runContext(db, NEXT_DAY, brandId), input: { after, maxChunks: 1, chunkSize: CHUNK } });
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

describe("the hourly run's question: anything to invoice?", () => {
  const subscriptionRowsOf = async (now: Date) => {
    const [brand] = await db.select().from(brands).where(eq(brands.id, brandId));
    const recording = recordingDb();
    try {
      const due = await dueWork(recording.db, brand, now, { janitors: false });
      const [statement] = recording.sent.filter((s) => /billing_marks/.test(s.query));
      return { toInvoice: due.to_invoice, read: await statementRowsRead(statement, "subscriptions") };
    } finally {
      await recording.close();
    }
  };

  it("is one probe after the brand's mark, not a walk of the window's invoiced renewals", async () => {
    // The walk above invoiced the whole window at NEXT_DAY: its mark is that horizon.
    const [mark] = await rows<{ invoiced_through: string }>(sql`select invoiced_through::text from billing_marks where brand_id = ${brandId}`);
    expect(mark.invoiced_through).toBe("2026-06-19");
    // The statement's rows read: the probe's, and the one due renewal found by the renewals' question beside it.
    const quiet = await subscriptionRowsOf(NEXT_DAY);
    expect(quiet).toEqual({ toInvoice: false, read: 1 });
    // A day later the window takes a new day's renewals: the first one read answers.
    const later = await subscriptionRowsOf(new Date(NEXT_DAY.getTime() + 86_400_000));
    expect(later).toEqual({ toInvoice: true, read: 2 });
    // Without the mark the same answer walks every renewal of the window, all invoiced.
    await db.execute(sql`delete from billing_marks where brand_id = ${brandId}`);
    const unmarked = await subscriptionRowsOf(NEXT_DAY);
    expect(unmarked.toInvoice).toBe(false);
    expect(unmarked.read).toBeGreaterThan(8 * CHUNK);
  });
});
