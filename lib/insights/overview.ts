import { sql, type SQL } from "drizzle-orm";
import { DateTime } from "luxon";
import { resultRows, type Db } from "../../db/client";
import { withDb, type Context } from "../auth/context";
import { INVOICE_AGES, type InvoiceAge } from "../invoices/list-invoices";
import { STATUS, SUBSCRIPTION_PENDING } from "../lifecycle";
import { addDays, monthlyShare, today as brandDay, type IntervalUnit } from "../pricing/periods";
import { DEFAULT_PERIOD, periodOf, type Period, type PeriodKey } from "./periods";
import { onReplica } from "../replica";
import { taxByMonth, taxCollected, type TaxCollectedRow } from "./tax";

/**
 * The brand overview's figures, each computed in SQL from subscriptions, invoices and payments as
 * they are at ctx.now() (nothing is counted ahead into a stored counter). Amounts are integer cents.
 */
export interface Overview extends Omit<RevenueMonth, "month"> {
  /** The period of each section: movement (new, reactivated, churned, failed payments) and revenue by month. */
  periods: Record<OverviewSection, Period>;
  today: string;
  /** Monthly recurring revenue (see subscriptionFigures) and 12 times it. */
  mrr: number;
  arr: number;
  active: number;
  trialing: number;
  newSubscriptions: number;
  reactivated: number;
  churned: number;
  /** One row per month the period touches, oldest first. */
  revenueByMonth: RevenueMonth[];
  /** (The revenue figures are the months' sums.) */
  /** Tax collected by month and rate over the revenue period (lib/insights/tax.ts): its tax sums to `tax`. */
  taxByRate: TaxCollectedRow[];
  receivables: { outstanding: Bucket; notDue: Bucket; aging: (Bucket & { key: AgingKey; label: string })[] };
  failedPayments: Bucket;
  renewals: { days: 7 | 30; count: number; amount: number }[];
}
/**
 * A month of revenue. Invoiced: the totals of the invoices created in it, their tax included; tax: the
 * tax on them (tax lines, lib/insights/tax.ts); net of tax: invoiced less that tax. Collected: money
 * received in it (payments that went through, later refunded ones too); refunded: money handed back
 * in it (payments reversed to the card, the bank or the customer, not to the prepaid balance);
 * net collected: collected less refunded.
 */
export interface RevenueMonth {
  month: string;
  invoiced: number;
  tax: number;
  netOfTax: number;
  collected: number;
  refunded: number;
  netCollected: number;
}
export interface Bucket {
  count: number;
  amount: number;
}

/** Days past the due date (the invoices list's age filter); an invoice due today or later is not yet overdue. */
export const AGING = [
  { key: "0-30", label: "0–30 days" },
  { key: "31-60", label: "31–60 days" },
  { key: "61-90", label: "61–90 days" },
  { key: "90+", label: "Over 90 days" },
] as const satisfies { key: InvoiceAge; label: string }[];
export type AgingKey = (typeof AGING)[number]["key"];

/** The overview's sections with a period of their own (the rest is as of today). */
export const OVERVIEW_SECTIONS = ["movement", "revenue"] as const;
export type OverviewSection = (typeof OVERVIEW_SECTIONS)[number];

const num = (v: unknown) => Number(v ?? 0);
const instant = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const day = (d: string) => sql`${d}::date`;
const min = (a: Date, b: Date) => (a < b ? a : b);
const max = (a: Date, b: Date) => (a > b ? a : b);
const within = (col: SQL, p: Pick<Period, "start" | "end">) => sql`(${col} >= ${instant(p.start)} and ${col} < ${instant(p.end)})`;

/** The first instant of each month of the period (the period's start for the first), and the period's end. */
function monthStarts(p: Period, timeZone: string) {
  return [p.start, ...p.months.slice(1).map((m) => DateTime.fromISO(`${m}-01`, { zone: timeZone }).toJSDate()), p.end];
}

/** A part of the overview's one statement: rows of (figure, key, n, amount), see figures(). */
type Part = SQL;

/**
 * Every subscription figure but reactivated, over one half of the subscriptions (by a hash of their id:
 * the halves are parts of their own, so two processes share the largest part). Active and trialing
 * counts. MRR's terms: each active (not trialing) subscription's next regular charge (net of the auto
 * pay discount and the coupons that still discount it, as lib/pricing) summed per product period (unit:count)
 * (figures() normalises them). Renewals: active subscriptions (trialing ones too) renewing from today
 * to today + N days, with that charge. Created: in the period (new ones and reactivated ones); churned:
 * ended in the period.
 *
 * Components are summed per subscription in one grouped join (not a lookup per subscription: 0.02 ms
 * x 100,000) and coupons joined as rows; the subscriptions are then counted by what the figures ask of
 * them, one group apart for each one with a coupon (its charge is not its coupons' sum).
 */
function subscriptionPart(ctx: Context, today: string, p: Period, half: 0 | 1): Part {
  const brand = sql`${ctx.brand.id}::uuid`;
  // The sign of the id's hash: the planner counts a third of the rows for it (an equality, 0.5%), near enough to order the parts.
  const inHalf = (id: SQL) => (half === 0 ? sql`uuid_hash(${id}) < 0` : sql`uuid_hash(${id}) >= 0`);
  const renewing = (n: number) => sql`(sub.status = ${STATUS.ACTIVE} and sub.renewal_date between ${day(today)} and ${day(addDays(today, n))})`;
  // Percent coupons take their share of the charge rounded to the cent each, amount ones their amount;
  // together never more than the charge, as in lib/pricing.
  const off = sql`sum(case when c.discount_type = 'percent' then floor((a.after_ap * c.discount_value + 5000) / 10000) else c.discount_value end)`;
  return sql`
    select f.figure, f.key, sum(f.n)::bigint as n, sum(f.amount)::bigint as amount
    from (
      select paying, trialing, period, renews, created, churned, sum(n) as n, sum(charge) as charge
      from (
        select sub.status = ${STATUS.ACTIVE} and sub.in_trial = 'N' as paying, sub.status = ${STATUS.ACTIVE} and sub.in_trial = 'Y' as trialing,
               case when p.expiration_interval > 0 then p.interval_unit || ':' || p.expiration_interval end as period, case when ${renewing(7)} then 7 when ${renewing(30)} then 30 end as renews,
               ${within(sql`sub.created_at`, p)} as created, ${within(sql`sub.deleted_at`, p)} as churned,
               case when couponed.id is null then count(*) else 1 end as n,
               case when couponed.id is null then sum_cents(a.after_ap) else max(a.after_ap) - least(max(a.after_ap), ${off}) end as charge
        from subscriptions sub
        left join products p on p.id = sub.product_id
        join product_groups g on g.id = sub.product_group_id
        left join (
          select sc.subscription_id, sum_cents(case c.component_type
                   when 'traditional' then c.unit_price_cents
                   when 'quantitative' then greatest(0, least(sc.units, coalesce(c.maximum_units, sc.units)) - coalesce(c.starting_quantity, 0)) * c.unit_price_cents
                   else 0 end) as amount
          from subscription_components sc join components c on c.id = sc.component_id
          where sc.brand_id = ${brand} and ${inHalf(sql`sc.subscription_id`)} and c.status <> ${STATUS.DELETED}
          group by 1
        ) comp on comp.subscription_id = sub.id
        cross join lateral (
          select case when sub.status = ${STATUS.ACTIVE} and p.status <> ${STATUS.DELETED} and g.status = ${STATUS.ACTIVE} and p.expiration_interval > 0 and sub.renewal_date is not null
                   then p.recurring_price_cents + coalesce(comp.amount, 0) else 0 end as gross
        ) x
        cross join lateral (select x.gross - case when sub.auto_pay = 'Y' and p.auto_pay_discount = 'Y' then least(coalesce(p.auto_pay_discount_amount_cents, 0), x.gross) else 0 end as after_ap) a
        left join (
          subscription_coupons sc join coupons c on c.id = sc.coupon_id and ${inHalf(sql`sc.subscription_id`)} and c.status = 'active' and (c.expiration_date is null or c.expiration_date >= ${day(today)})
            and sc.cycles_applied < case c.duration when 'once' then 1 when 'cycles' then coalesce(c.duration_cycles, 0) else 2147483647 end
        ) on sc.subscription_id = sub.id and sub.status = ${STATUS.ACTIVE} and (cardinality(c.product_ids) = 0 or sub.product_id = any(c.product_ids))
        cross join lateral (select case when sc.subscription_id is not null then sub.id end as id) couponed
        where sub.brand_id = ${brand} and ${inHalf(sql`sub.id`)} and sub.status <> ${SUBSCRIPTION_PENDING}
          and (sub.status = ${STATUS.ACTIVE} or ${within(sql`sub.created_at`, p)} or ${within(sql`sub.deleted_at`, p)})
        group by couponed.id, 1, 2, 3, 4, 5, 6
      ) s
      group by 1, 2, 3, 4, 5, 6
    ) g
    cross join lateral (values
      ('active', null, case when paying then n end, null), ('trialing', null, case when trialing then n end, null),
      ('charge', period, null, case when paying and period is not null then charge end),
      ('renew7', null, case when renews = 7 then n end, case when renews = 7 then charge end),
      ('renew30', null, case when renews is not null then n end, case when renews is not null then charge end),
      ('created', null, case when created then n end, null), ('churned', null, case when churned then n end, null)
    ) f(figure, key, n, amount)
    group by 1, 2`;
}

/**
 * Reactivated: the subscriptions created in the period whose customer had a subscription end (deleted)
 * before (lib/subscriptions returningCustomerSql), from the customers with an ended one.
 */
function reactivatedPart(ctx: Context, p: Period): Part {
  const brand = sql`${ctx.brand.id}::uuid`;
  return sql`
    select 'reactivated', null, count(*)::bigint, null::bigint
    from (select customer_account_id, min(deleted_at) as first_end from subscriptions where brand_id = ${brand} and deleted_at is not null group by 1) e
    join subscriptions r on r.brand_id = ${brand} and r.customer_account_id = e.customer_account_id
    where r.status <> ${SUBSCRIPTION_PENDING} and e.first_end < r.created_at and ${within(sql`r.created_at`, p)}`;
}

/**
 * Invoiced: the totals of the live, issued invoices (deleted ones and a pending first charge's left out) created in each month of the period,
 * one range of the index of 0021 per month (cheaper than placing each invoice in its month).
 */
function invoicedPart(ctx: Context, p: Period): Part {
  const starts = monthStarts(p, ctx.brand.timezoneId);
  return sql.join(
    p.months.map(
      (m, i) => sql`
        select 'invoiced', ${m}::text, null, sum_cents(total_cents) from invoices
        where brand_id = ${ctx.brand.id}::uuid and deleted_at is null and number is not null and created_at >= ${instant(starts[i])} and created_at < ${instant(starts[i + 1])}`,
    ),
    sql` union all `,
  );
}

/**
 * Receivables: the unpaid balances of the live invoices today, by days past due; each invoice's total
 * beside its succeeded payments summed once, both read in invoice order from their indexes (0020, 0021).
 */
function receivablesPart(ctx: Context, today: string): Part {
  const brand = sql`${ctx.brand.id}::uuid`;
  const age = sql.join(
    [
      sql`case when due_date >= ${day(today)} then 'current'`,
      ...AGING.map((a) => {
        const [least, most] = INVOICE_AGES[a.key];
        return most === null ? sql`else ${a.key}` : sql`when ${day(today)} - due_date between ${least}::int and ${most}::int then ${a.key}`;
      }),
      sql`end`,
    ],
    sql` `,
  );
  return sql`
    select 'receivable', ${age}, count(*)::bigint, sum_cents(balance)
    from (
      select i.due_date, i.total_cents - i.credited_cents - coalesce(paid.amount, 0) as balance
      from invoices i
      left join (
        select invoice_id, sum_cents(amount) as amount from payments
        where brand_id = ${brand} and status = 'succeeded' and invoice_id is not null
        group by 1
      ) paid on paid.invoice_id = i.id
      where i.brand_id = ${brand} and i.deleted_at is null and i.number is not null and i.total_cents > 0
    ) o
    where balance > 0
    group by 2`;
}

/**
 * The payments of both periods, in one pass. Collected: the payments received in each month of the
 * revenue period that went through (succeeded, or reversed since: a refund is counted in its own month,
 * refundedPart), to invoices or the prepaid balance (payments out of the prepaid balance are not new
 * money), each placed in its month by a bucket search over the months' first instants; failed: the
 * charges declined in the movement period.
 */
function paymentsPart(ctx: Context, periods: Record<OverviewSection, Period>): Part {
  const { movement, revenue } = periods;
  const starts = monthStarts(revenue, ctx.brand.timezoneId).slice(0, -1);
  const collected = sql`(status in ('succeeded', 'reversed') and processed_by <> 'prepaid_balance' and ${within(sql`created_at`, revenue)})`;
  const failed = sql`(status = 'failed' and ${within(sql`created_at`, movement)})`;
  return sql`
    select case when failed then 'failed' else 'collected' end, case when not failed then (${`{${revenue.months.join(",")}}`}::text[])[month] end, n, amount
    from (
      select width_bucket(created_at, ${`{${starts.map((d) => d.toISOString()).join(",")}}`}::timestamptz[]) as month, status = 'failed' as failed,
             count(*) as n, sum_cents(amount) as amount
      from payments
      -- Both periods' span first: most payments fall outside a short period, told by two comparisons.
      where brand_id = ${ctx.brand.id}::uuid and ${within(sql`created_at`, { start: min(movement.start, revenue.start), end: max(movement.end, revenue.end) })}
        and (${collected} or ${failed})
      group by 1, 2
    ) t`;
}

/**
 * Refunded: the money handed back in each month of the revenue period, by the day it was reversed: received
 * payments (not out of the prepaid balance) reversed to the card, the bank or the customer. A reversed payment
 * on an invoice has its credit note `refunded` with destination `refund` (lib/payments/delete-payment.ts); a
 * reversed top-up of the prepaid balance has none, but its money went back all the same.
 */
function refundedPart(ctx: Context, p: Period): Part {
  const starts = monthStarts(p, ctx.brand.timezoneId).slice(0, -1);
  return sql`
    select 'refunded', (${`{${p.months.join(",")}}`}::text[])[width_bucket(reversed_at, ${`{${starts.map((d) => d.toISOString()).join(",")}}`}::timestamptz[])],
           count(*)::bigint, sum_cents(amount)
    from payments
    where brand_id = ${ctx.brand.id}::uuid and status = 'reversed' and processed_by <> 'prepaid_balance' and ${within(sql`reversed_at`, p)}
    group by 2`;
}

/**
 * Every figure of the brand overview, each section over its period ending today (the brand's today at
 * ctx.now()); a single key is the period of both. One read-only repeatable-read transaction: the
 * figures come from one snapshot. Its settings are the plan's (see figures()): no JIT, whose compiling
 * cost more than these scans; no partial scans, so each part runs whole in one process; hashing for the
 * subscriptions' grouping, a few thousand groups where the planner guesses one per subscription and
 * would sort them (the receivables read their order from the indexes).
 */
export async function brandOverview(ctx: Context, keys: PeriodKey | Partial<Record<OverviewSection, PeriodKey>>): Promise<Overview> {
  const chosen = typeof keys === "string" ? { movement: keys, revenue: keys } : keys;
  // On the read replica when there is one (lib/replica.ts): the figures may lag a moment, the primary is spared the scans.
  const reader = await onReplica(ctx);
  return reader.db.transaction(
    async (tx) => {
      for (const setting of [
        "jit = off",
        "work_mem = '8MB'",
        "enable_sort = off",
        "min_parallel_table_scan_size = '1TB'",
        "min_parallel_index_scan_size = '1TB'",
      ]) {
        await tx.execute(sql.raw(`set local ${setting}`));
      }
      return figures(withDb(reader, tx as unknown as Db), { movement: chosen.movement ?? DEFAULT_PERIOD, revenue: chosen.revenue ?? DEFAULT_PERIOD });
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/**
 * MRR from the charges summed per period (unit and count): each sum × its period's share of a month
 * (monthlyShare: a month's 1, a year's 1/12, n months' 1/n, a week's 52/12, n days' 365/12/n), added
 * and rounded to the cent once (half away from zero), exactly: over the shares' least common
 * denominator, in BigInt.
 */
export function normalisedToMonth(sums: { unit: IntervalUnit; count: number; amount: bigint }[]): number {
  const shares = sums.map((s) => ({ ...monthlyShare(s.unit, s.count), amount: s.amount }));
  const common = shares.reduce((l, s) => (l * BigInt(s.per)) / gcd(l, BigInt(s.per)), 1n);
  const total = shares.reduce((t, s) => t + s.amount * BigInt(s.times) * (common / BigInt(s.per)), 0n);
  const sign = total < 0n ? -1n : 1n; // half away from zero, as PostgreSQL's round()
  return Number(sign * ((2n * sign * total + common) / (2n * common)));
}

async function figures(ctx: Context, keys: Record<OverviewSection, PeriodKey>): Promise<Overview> {
  const now = ctx.now();
  const today = brandDay(now, ctx.brand.timezoneId);
  const periods = {
    movement: periodOf(keys.movement, now, ctx.brand.timezoneId),
    revenue: periodOf(keys.revenue, now, ctx.brand.timezoneId),
  };
  // One statement of independent parts: PostgreSQL can run them side by side in parallel workers
  // (Parallel Append), on the request's one connection and snapshot (architecture.md).
  const parts = [
    subscriptionPart(ctx, today, periods.movement, 0),
    subscriptionPart(ctx, today, periods.movement, 1),
    receivablesPart(ctx, today),
    invoicedPart(ctx, periods.revenue),
    paymentsPart(ctx, periods),
    reactivatedPart(ctx, periods.movement),
    refundedPart(ctx, periods.revenue),
  ];
  const rows = resultRows<{ figure: string; key: string | null; n: string | null; amount: string | null }>(
    await ctx.db.execute(sql.join(parts, sql` union all `)),
  );
  const figure = (name: string) => rows.filter((r) => r.figure === name);
  const one = (name: string) => figure(name).reduce((t, r) => ({ count: t.count + num(r.n), amount: t.amount + num(r.amount) }), { count: 0, amount: 0 });
  const byMonth = (name: string) => new Map(figure(name).map((r) => [r.key, num(r.amount)]));

  // In the same transaction (one snapshot): the tax table beside the invoiced totals it is part of.
  const taxByRate = await taxCollected(ctx, periods.revenue);
  const tax = taxByMonth(taxByRate);
  const invoiced = byMonth("invoiced");
  const collected = byMonth("collected");
  const refunded = byMonth("refunded");
  const revenueByMonth = periods.revenue.months.map((month): RevenueMonth => {
    const m = { invoiced: invoiced.get(month) ?? 0, tax: tax.get(month) ?? 0, collected: collected.get(month) ?? 0, refunded: refunded.get(month) ?? 0 };
    return { month, ...m, netOfTax: m.invoiced - m.tax, netCollected: m.collected - m.refunded };
  });
  const total = (key: keyof Omit<RevenueMonth, "month">) => revenueByMonth.reduce((s, m) => s + m[key], 0);
  const notDue: Bucket = { count: 0, amount: 0 };
  const aging = AGING.map((a) => ({ key: a.key as AgingKey, label: a.label, count: 0, amount: 0 }));
  for (const r of figure("receivable")) {
    const b = r.key === "current" ? notDue : aging.find((a) => a.key === r.key)!;
    b.count += num(r.n);
    b.amount += num(r.amount);
  }
  const outstanding = [notDue, ...aging].reduce((t, b) => ({ count: t.count + b.count, amount: t.amount + b.amount }), { count: 0, amount: 0 });
  const reactivated = one("reactivated").count;
  const mrr = normalisedToMonth(
    figure("charge")
      .filter((r) => r.amount !== null)
      .map((r) => {
        const [unit, count] = r.key!.split(":");
        return { unit: unit as IntervalUnit, count: Number(count), amount: BigInt(r.amount!) };
      }),
  );
  return {
    periods,
    today,
    mrr,
    arr: mrr * 12,
    active: one("active").count,
    trialing: one("trialing").count,
    newSubscriptions: one("created").count - reactivated,
    reactivated,
    churned: one("churned").count,
    revenueByMonth,
    invoiced: total("invoiced"),
    tax: total("tax"),
    netOfTax: total("netOfTax"),
    collected: total("collected"),
    refunded: total("refunded"),
    netCollected: total("netCollected"),
    taxByRate,
    receivables: { outstanding, notDue, aging },
    failedPayments: one("failed"),
    renewals: [
      { days: 7, ...one("renew7") },
      { days: 30, ...one("renew30") },
    ],
  };
}
