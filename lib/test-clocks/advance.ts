import { and, count, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import { getDb, resultRows, type Db } from "../../db/client";
import { sqlArray } from "../../db/scope";
import { inScope } from "../../db/tenancy";
import { brands, dunningActions, dunningRules, invoices, outboxEvents, payments, subscriptions } from "../../db/schema";
import { systemContext, type Context } from "../auth/context";
import { runBilling } from "../billing/run-billing";
import { DomainError, invalidState } from "../errors";
import { INVOICE_LEAD_HOURS, today } from "../pricing/periods";
import { owedSql } from "../invoices/lines";
import { outsideTransaction, type StepContext, stepped } from "../run-verb";
import { afterDays, DAY_MS, MAX_ADVANCE_DAYS, type AdvanceTestClockInput } from "./schemas";

const earliest = (a: Date | null, b: Date) => (a && a.getTime() < b.getTime() ? a : b);

/** TestClock/Get: the brand's time, and whether it is a test clock (a sandbox brand) or the real time. */
export function getTestClock({ ctx }: { ctx: Context }) {
  return testClockView(ctx.brand.id, ctx.brand.sandbox, ctx.now());
}

const testClockView = (brandId: string, sandbox: boolean, at: Date, summary?: Record<string, number | string>) => ({
  brand_id: brandId,
  sandbox: sandbox ? "Y" : "N",
  test_clock: at,
  ...summary,
});

/**
 * TestClock/Advance: moves a sandbox brand's clock forward and runs, in order, everything real
 * time would have run in between: the billing run (invoices 72 hours ahead, renewals and their
 * charges, dunning) at each instant something fell due (nextStep), then at the new time. The clock is
 * moved step by step, each step only after its run, so a request meanwhile reads a time already
 * billed. Forward only; live brands are refused (their time is the real time). Two advances at
 * once: the second to reach a step finds the clock moved and stops (the runs are idempotent).
 */
export const advanceTestClock = stepped(async ({ ctx, input }: { ctx: StepContext; input: AdvanceTestClockInput }) => {
  if (!ctx.brand.sandbox) throw invalidState("Only a sandbox brand has a test clock: a live brand's time is the real time, always", "brand_id");
  if (input.advance_to == null && input.days == null) {
    throw new DomainError("MISSING_PARAMETER", "Send advance_to (an instant) or days", { parameter: "advance_to" });
  }
  const from = ctx.now();
  const to = input.advance_to != null ? new Date(input.advance_to) : afterDays(from, input.days!);
  if (to.getTime() <= from.getTime()) {
    throw new DomainError("INVALID_PARAMETER", `advance_to must be after the test clock's time, ${from.toISOString()}: a test clock never goes back`, {
      parameter: "advance_to",
    });
  }
  if (to.getTime() - from.getTime() > MAX_ADVANCE_DAYS * DAY_MS) {
    throw new DomainError("INVALID_PARAMETER", `One advance covers at most ${MAX_ADVANCE_DAYS} days`, { parameter: "advance_to" });
  }
  const brandId = ctx.brand.id;
  // The runs use their own transactions on the pool, as the scheduled run does: none is held here.
  const reached = await outsideTransaction(ctx, async () => {
    const db = await getDb();
    let at = from;
    for (let step = earliest(await nextStep(db, ctx.brand, from), to); ; step = earliest(await nextStep(db, ctx.brand, step), to)) {
      // Dunning looks at every invoice at the first step (changes made before the advance) and the
      // last (made during it, by others); in between, only at those whose rule day has just come.
      const inBetween = at !== from && step.getTime() !== to.getTime();
      await runBilling({ ctx: systemContext(db, ctx.brand, step), input: { dunningSince: inBetween ? at : undefined } });
      const moved = await db
        .update(brands)
        .set({ testClockAt: step })
        .where(and(eq(brands.id, brandId), eq(brands.sandbox, true), eq(brands.testClockAt, at)))
        .returning({ id: brands.id });
      if (!moved.length) throw invalidState("Another advance of this test clock is running; send this one again once it has answered", "brand_id");
      at = step;
      if (step.getTime() === to.getTime()) break;
    }
    return at;
  });
  return testClockView(brandId, true, reached, await summaryBetween(ctx, from, to));
});

/**
 * The next instant after `after` at which the billing run has something to do for this brand: a
 * renewal's invoice (72 hours ahead of its day), a renewal, a declined renewal's retry day, or a
 * dunning rule's day for an unpaid invoice. Days with none of these are skipped: a run there would do nothing, so a year of a
 * thousand subscriptions takes as many runs as it has billing days, not 8,760 hourly ones.
 */
async function nextStep(db: Db, brand: Context["brand"], after: Date): Promise<Date | null> {
  const tz = brand.timezoneId;
  const midnight = (day: SQL) => sql`((${day})::timestamp at time zone ${tz})`;
  const at = sql`${after.toISOString()}::timestamptz`;
  const lead = sql`interval '${sql.raw(String(INVOICE_LEAD_HOURS))} hours'`;
  // The first renewal whose invoice's instant, or whose own, is after `after`: the due index in
  // renewal date order from after's date on (an earlier renewal's instants are all before it).
  const firstRenewal = (instant: SQL) => sql`(
    select ${instant} from ${subscriptions} s
    where s.brand_id = ${brand.id} and s.status = 1 and s.renewal_date >= ${today(after, tz)}::date and ${instant} > ${at}
    order by s.renewal_date limit 1)`;
  // A declined renewal's next retry day (retry_days after its first decline): a step at its midnight.
  const retryDays = brand.retryDays;
  const declineReach = sql`${at} - interval '${sql.raw(String(Math.max(0, ...retryDays) + 1))} days'`;
  const nextRetry = retryDays.length
    ? sql`(
        select min(${midnight(sql`(f.declined_at at time zone ${tz})::date + d.day`)})
        from (
          select p.invoice_id, min(p.created_at) as declined_at from ${payments} p
          where p.brand_id = ${brand.id} and p.status = 'failed' and p.processed_by = 'gateway' and p.invoice_id is not null
            and p.retry is null and p.created_at >= ${declineReach}
          group by p.invoice_id
        ) f cross join unnest(${sqlArray(retryDays.map(String), "int[]")}) as d(day)
        where ${midnight(sql`(f.declined_at at time zone ${tz})::date + d.day`)} > ${at})`
    : sql`null`;
  const [row] = resultRows<{ next: Date | string | null }>(
    // Under the brand's scope (row-level security), as the run it schedules.
    await inScope(db, brand.id, (tx) =>
      tx.execute(sql`
      select least(${nextRetry}, ${firstRenewal(sql`${midnight(sql`s.renewal_date`)} - ${lead}`)}, ${firstRenewal(midnight(sql`s.renewal_date`))}, (
        -- Only invoices whose rule day may still come are joined (a due date within the longest
        -- rule's days); their unpaid amounts are computed in rule day order until one is owed (offset 0).
        select t from (
          select ${midnight(sql`i.due_date + r.overdue_days`)} as t, i.id, i.brand_id, i.total_cents, i.credited_cents
            from ${invoices} i join ${subscriptions} s on s.id = i.subscription_id join ${dunningRules} r on r.product_group_id = s.product_group_id
            where i.brand_id = ${brand.id} and i.deleted_at is null and i.voided_at is null
              and i.due_date >= ${today(after, tz)}::date - (select coalesce(max(overdue_days), 0) from ${dunningRules} where brand_id = ${brand.id})
              and ${midnight(sql`i.due_date + r.overdue_days`)} > ${at}
            order by t offset 0
        ) i where ${owedSql(sql`i`)} > 0 order by t limit 1
      )) as next`),
    ),
  );
  return row?.next ? new Date(row.next) : null;
}

/** What the advance did, counted from the brand's records stamped inside (from, to]. */
async function summaryBetween(ctx: Context, from: Date, to: Date) {
  const within = (column: Parameters<typeof gt>[0]) => and(gt(column, from), lte(column, to));
  const [inv] = await ctx.db
    .select({ n: count() })
    .from(invoices)
    .where(and(eq(invoices.brandId, ctx.brand.id), within(invoices.createdAt)));
  const [charges] = await ctx.db
    .select({
      succeeded: sql<number>`count(*) filter (where ${payments.status} = 'succeeded')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${payments.status} = 'failed')`.mapWith(Number),
    })
    .from(payments)
    .where(and(eq(payments.brandId, ctx.brand.id), eq(payments.processedBy, "gateway"), within(payments.createdAt)));
  const [rules] = await ctx.db
    .select({ n: count() })
    .from(dunningActions)
    .where(and(eq(dunningActions.brandId, ctx.brand.id), within(dunningActions.ranAt)));
  const [events] = await ctx.db
    .select({ n: count() })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.brandId, ctx.brand.id), within(outboxEvents.createdAt)));
  return {
    invoices_generated: inv.n,
    charges_succeeded: charges.succeeded,
    charges_declined: charges.failed,
    dunning_rules_fired: rules.n,
    events_queued: events.n,
  };
}
