/**
 * Calendar periods through the billing run (issue 32), with fast-check against the real database:
 * for any anchor from 2024 to 2040, every unit (day, week, month, year) and length, and one, two or
 * three runners at once after each move of the clock, the started periods tile (each ends where the
 * next starts: no gap, no overlap), each starts on the anchor's day clamped to its month (or n x
 * length days or weeks after it), and each period has exactly one invoice. The expected dates are
 * computed here, independently of lib/pricing/periods.ts.
 */
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { makeTenant, ok } from "../support/api";
import { makeGroup, makeProduct } from "../support/catalog";
import { makeAccount } from "../support/payments";
import { ManualClock, systemClock, useClock } from "../../lib/clock";
import { runBilling } from "../../lib/billing/run-billing";
import { runContext } from "../../lib/auth/context";

afterAll(() => useClock(systemClock));

type Unit = "day" | "week" | "month" | "year";
const RUNS = Number(process.env.CALENDAR_PROPERTY_RUNS ?? 12);

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate(); // m: 1-12

/** The n-th period's start counted from the anchor, as people count calendar periods. */
function expectedStart(anchor: string, unit: Unit, count: number, n: number) {
  const a = utc(anchor);
  if (unit === "day" || unit === "week") return iso(new Date(a.getTime() + n * count * (unit === "week" ? 7 : 1) * 86_400_000));
  const months = a.getUTCMonth() + n * count * (unit === "year" ? 12 : 1);
  const y = a.getUTCFullYear() + Math.floor(months / 12);
  const m = (months % 12) + 1;
  return `${y}-${String(m).padStart(2, "0")}-${String(Math.min(a.getUTCDate(), lastDay(y, m))).padStart(2, "0")}`;
}

const anchorDate = fc.date({ min: new Date("2024-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true }).map(iso);
const plan = fc.oneof(
  fc.record({ unit: fc.constant<Unit>("day"), count: fc.integer({ min: 1, max: 45 }) }),
  fc.record({ unit: fc.constant<Unit>("week"), count: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ unit: fc.constant<Unit>("month"), count: fc.integer({ min: 1, max: 13 }) }),
  fc.record({ unit: fc.constant<Unit>("year"), count: fc.integer({ min: 1, max: 2 }) }),
);

describe("calendar periods through the billing run, for any anchor, unit and length", () => {
  it("tile, start on the anchor's day clamped to their month, and get one invoice each, with 1, 2 or 3 runners", async () => {
    const db = await getDb();
    const clock = new ManualClock("2024-01-01T12:00:00Z");
    useClock(clock);
    await fc.assert(
      fc.asyncProperty(
        anchorDate,
        plan,
        fc.integer({ min: 1, max: 4 }), // periods to run through
        fc.integer({ min: 1, max: 3 }), // clock moves
        fc.integer({ min: 0, max: 4 }), // days past the last renewal
        fc.constantFrom(1, 2, 3), // runners
        async (anchor, { unit, count }, periods, moves, extra, runners) => {
          clock.set(`${anchor}T12:00:00Z`);
          const t = await makeTenant();
          const group = await makeGroup(t);
          const product = await makeProduct(t, group.product_group_id, {
            setup_fee: "0.00",
            recurring_price: "10.00",
            interval_unit: unit,
            expiration_interval: String(count),
          });
          const account = await makeAccount(t);
          const sub = (
            await ok(t, "json", "Subscription/Create", {
              method: "POST",
              params: { customer_account_id: account, product_id: product.product_id, override_initial_billing: "Y", auto_pay: "N" },
            })
          ).subscription;
          const start = `${sub.start_date.split("/")[2]}-${sub.start_date.split("/")[0].padStart(2, "0")}-${sub.start_date.split("/")[1].padStart(2, "0")}`;
          const end = new Date(utc(expectedStart(start, unit, count, periods)).getTime() + extra * 86_400_000);
          // The clock moves to the end in `moves` steps, each billed by `runners` runs at once.
          for (let k = 1; k <= moves; k++) {
            const at = new Date(utc(start).getTime() + ((end.getTime() - utc(start).getTime()) * k) / moves);
            clock.set(`${iso(at)}T12:00:00Z`);
            const ctx = await runContext(db, clock.now(), t.brand_id);
            await Promise.all(Array.from({ length: runners }, () => runBilling({ ctx })));
          }
          const rows = (await db.execute(sql`
            select p.period_start::text as start, p.period_end::text as "end", p.invoice_id
            from subscription_periods p where p.subscription_id = ${sub.subscription_id} order by p.period_start`)) as unknown as {
            start: string;
            end: string;
            invoice_id: string;
          }[];
          const invoices = (await db.execute(sql`
            select i.id, i.billing_period_start::text as start from invoices i
            where i.subscription_id = ${sub.subscription_id} and i.deleted_at is null and i.billing_period_start is not null`)) as unknown as {
            id: string;
            start: string;
          }[];
          // Every period that has begun by the end (the renewal at noon of its day) started, in order.
          const begun = Array.from({ length: periods + 1 + 40 }, (_, n) => expectedStart(start, unit, count, n)).filter((d) => d <= iso(end));
          expect(rows.map((r) => r.start)).toEqual(begun);
          rows.forEach((r, n) => {
            expect(r.start).toBe(expectedStart(start, unit, count, n));
            // Tiling: each ends where the next starts (the last where the next will).
            expect(r.end).toBe(expectedStart(start, unit, count, n + 1));
            expect(r.end > r.start).toBe(true);
          });
          // One live invoice per period: the one recorded with it; beside them at most the coming
          // renewal's, generated 72 hours ahead.
          const byStart = new Map<string, string[]>();
          for (const i of invoices) byStart.set(i.start, [...(byStart.get(i.start) ?? []), i.id]);
          for (const r of rows) expect(byStart.get(r.start)).toEqual([r.invoice_id]);
          const ahead = [...byStart.keys()].filter((s) => !rows.some((r) => r.start === s));
          expect(ahead.every((s) => s === rows.at(-1)!.end && byStart.get(s)!.length === 1)).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
