import { sql, type SQL } from "drizzle-orm";
import { resultRows, type Db } from "../../db/client";
import { withDb, type Context } from "../auth/context";
import { INVOICE_AGES, type InvoiceAge } from "../invoices/list-invoices";
import { STATUS, SUBSCRIPTION_PENDING } from "../lifecycle";
import { addDays, today as brandDay } from "../pricing/periods";
import { DEFAULT_PERIOD, periodOf, type Period, type PeriodKey } from "./periods";

/**
 * The brand overview's figures, each computed in SQL from subscriptions, invoices and payments as
 * they are at ctx.now() (nothing is counted ahead into a stored counter). Amounts are integer cents.
 */
export interface Overview {
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
  revenueByMonth: { month: string; invoiced: number; collected: number }[];
  invoiced: number;
  collected: number;
  receivables: { outstanding: Bucket; notDue: Bucket; aging: (Bucket & { key: AgingKey; label: string })[] };
  failedPayments: Bucket;
  renewals: { days: 7 | 30; count: number; amount: number }[];
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
const within = (col: SQL, p: Period) => sql`(${col} >= ${instant(p.start)} and ${col} < ${instant(p.end)})`;

/**
 * One pass over the brand's subscriptions for every subscription figure. MRR: each active (not
 * trialing) subscription's next regular charge (net of the auto pay discount and the coupons that
 * still discount it, as lib/pricing), normalised to 30 days (charge x 30 / the product's interval in
 * days), summed and rounded to the cent. Renewals: active subscriptions (trialing ones too) renewing
 * from today to today + N days, with that charge. New: created in the period; reactivated: those of
 * them whose customer had a subscription end (deleted) before (lib/subscriptions returningCustomerSql),
 * counted apart from new; churned: ended in the period.
 *
 * Components and coupons are summed per subscription in one grouped join each (not a lookup per
 * subscription: 0.02 ms x 100,000 twice), and "returning" is the customer's first end, grouped once.
 */
async function subscriptionFigures(ctx: Context, today: string, p: Period) {
  const brand = sql`${ctx.brand.id}::uuid`;
  const renewing = (n: number) => sql`(status = ${STATUS.ACTIVE} and renewal_date between ${day(today)} and ${day(addDays(today, n))})`;
  const created = within(sql`created_at`, p);
  const live = sql`status = ${STATUS.ACTIVE}`;
  const [r] = resultRows<Record<string, string>>(
    await ctx.db.execute(sql`
      with comp as (
        select sc.subscription_id, sum(case c.component_type
                 when 'traditional' then c.unit_price_cents
                 when 'quantitative' then greatest(0, least(sc.units, coalesce(c.maximum_units, sc.units)) - coalesce(c.starting_quantity, 0)) * c.unit_price_cents
                 else 0 end) as amount
        from subscription_components sc join components c on c.id = sc.component_id
        where sc.brand_id = ${brand} and c.status <> ${STATUS.DELETED}
        group by 1
      ), s as (
        select sub.id, sub.status, sub.in_trial, sub.renewal_date, sub.created_at, sub.deleted_at, sub.customer_account_id, sub.product_id,
               p.expiration_interval as days,
               case when sub.status = ${STATUS.ACTIVE} and p.status <> ${STATUS.DELETED} and g.status = ${STATUS.ACTIVE} and p.expiration_interval > 0 and sub.renewal_date is not null
                 then p.recurring_price_cents + coalesce(comp.amount, 0) else 0 end::bigint as gross,
               sub.auto_pay = 'Y' and p.auto_pay_discount = 'Y' as ap, coalesce(p.auto_pay_discount_amount_cents, 0) as ap_off
        from subscriptions sub
        left join products p on p.id = sub.product_id
        join product_groups g on g.id = sub.product_group_id
        left join comp on comp.subscription_id = sub.id
        where sub.brand_id = ${brand} and sub.status <> ${SUBSCRIPTION_PENDING} and (sub.status = ${STATUS.ACTIVE} or ${within(sql`sub.created_at`, p)} or ${within(sql`sub.deleted_at`, p)})
      ), net as (
        select s.*, gross - case when ap then least(ap_off, gross) else 0 end as after_ap from s
      ), discount as (
        -- Coupons (percent ones of the charge, then amounts) never take off more than the charge, as in lib/pricing.
        select net.id, sum(case when c.discount_type = 'percent' then floor((net.after_ap * c.discount_value + 5000) / 10000) else c.discount_value end) as amount
        from net join subscription_coupons sc on sc.subscription_id = net.id join coupons c on c.id = sc.coupon_id
        where net.status = ${STATUS.ACTIVE} and c.status = 'active'
          and (c.expiration_date is null or c.expiration_date >= ${day(today)})
          and (cardinality(c.product_ids) = 0 or net.product_id = any(c.product_ids))
          and sc.cycles_applied < case c.duration when 'once' then 1 when 'cycles' then coalesce(c.duration_cycles, 0) else 2147483647 end
        group by net.id
      ), charged as (
        select net.*, net.after_ap - least(net.after_ap, coalesce(discount.amount, 0)) as charge, coalesce(e.first_end < net.created_at, false) as is_returning
        from net left join discount on discount.id = net.id
        left join (
          select customer_account_id, min(deleted_at) as first_end from subscriptions
          where brand_id = ${brand} and deleted_at is not null group by 1
        ) e on e.customer_account_id = net.customer_account_id
      )
      select count(*) filter (where ${live} and in_trial = 'N') as active,
             count(*) filter (where ${live} and in_trial = 'Y') as trialing,
             coalesce(round(sum(charge::numeric * 30 / nullif(days, 0)) filter (where ${live} and in_trial = 'N')), 0) as mrr,
             count(*) filter (where ${renewing(7)}) as renew7, coalesce(sum(charge) filter (where ${renewing(7)}), 0) as renew7_amount,
             count(*) filter (where ${renewing(30)}) as renew30, coalesce(sum(charge) filter (where ${renewing(30)}), 0) as renew30_amount,
             count(*) filter (where ${created} and not is_returning) as new_subscriptions,
             count(*) filter (where ${created} and is_returning) as reactivated,
             count(*) filter (where ${within(sql`deleted_at`, p)}) as churned
      from charged`),
  );
  return r;
}

/** An invoice's lines' total: as lib/invoices linesTotalSql, as a lateral set (a subquery per invoice costs 10x). */
const invoiceTotal = sql`lateral (select coalesce(sum(l."itemPrice" * l.quantity), 0) as total from jsonb_to_recordset(i.items) l("itemPrice" bigint, quantity int)) t`;

/**
 * One pass over the brand's live invoices (deleted ones left out) for invoiced by month (the totals of
 * the invoices created in each month of the revenue period) and receivables (unpaid balances today by
 * days past due; each invoice's succeeded payments summed once, from the covering index of 0020).
 */
async function invoiceFigures(ctx: Context, today: string, p: Period) {
  const brand = sql`${ctx.brand.id}::uuid`;
  const age = sql.join(
    [
      sql`case when i.due_date >= ${day(today)} then 'current'`,
      ...AGING.map((a) => {
        const [least, most] = INVOICE_AGES[a.key];
        return most === null ? sql`else ${a.key}` : sql`when ${day(today)} - i.due_date between ${least}::int and ${most}::int then ${a.key}`;
      }),
      sql`end`,
    ],
    sql` `,
  );
  const rows = resultRows<{ month: string | null; age: InvoiceAge | null; invoiced: string; owed: string; balance: string }>(
    await ctx.db.execute(sql`
      with paid as (
        select invoice_id, sum(amount) as amount from payments
        where brand_id = ${brand} and status = 'succeeded' and invoice_id is not null
        group by 1
      ), owed as (
        select case when ${within(sql`i.created_at`, p)} then to_char(i.created_at at time zone ${ctx.brand.timezoneId}, 'YYYY-MM') end as month,
               t.total, t.total - coalesce(paid.amount, 0) as balance, i.due_date
        from invoices i cross join ${invoiceTotal}
        left join paid on paid.invoice_id = i.id
        where i.brand_id = ${brand} and i.deleted_at is null
      )
      select month, case when balance > 0 then ${age} end as age,
             sum(total) as invoiced, count(*) filter (where balance > 0) as owed, coalesce(sum(balance) filter (where balance > 0), 0) as balance
      from owed i
      group by 1, 2`),
  );
  const invoiced = new Map<string, number>();
  const notDue: Bucket = { count: 0, amount: 0 };
  const aging = AGING.map((a) => ({ key: a.key as AgingKey, label: a.label, count: 0, amount: 0 }));
  for (const r of rows) {
    if (r.month) invoiced.set(r.month, (invoiced.get(r.month) ?? 0) + num(r.invoiced));
    if (!r.age) continue;
    const b = r.age === "current" ? notDue : aging.find((a) => a.key === r.age)!;
    b.count += num(r.owed);
    b.amount += num(r.balance);
  }
  const outstanding = [notDue, ...aging].reduce((t, b) => ({ count: t.count + b.count, amount: t.amount + b.amount }), { count: 0, amount: 0 });
  return { invoiced, receivables: { outstanding, notDue, aging } };
}

/**
 * One pass over the brand's payments of both periods. Collected: the succeeded payments received in
 * each month of the revenue period, to invoices or the prepaid balance (payments out of the prepaid
 * balance are not new money); failed: the charges declined in the movement period.
 */
async function paymentFigures(ctx: Context, periods: Record<OverviewSection, Period>) {
  const { movement, revenue } = periods;
  const collected = sql`(status = 'succeeded' and processed_by <> 'prepaid_balance' and ${within(sql`created_at`, revenue)})`;
  const failed = sql`(status = 'failed' and ${within(sql`created_at`, movement)})`;
  const rows = resultRows<{ month: string; collected: string; failed: string; failed_amount: string }>(
    await ctx.db.execute(sql`
      select to_char(created_at at time zone ${ctx.brand.timezoneId}, 'YYYY-MM') as month,
             coalesce(sum(amount) filter (where ${collected}), 0) as collected,
             count(*) filter (where ${failed}) as failed, coalesce(sum(amount) filter (where ${failed}), 0) as failed_amount
      from payments
      where brand_id = ${ctx.brand.id}::uuid and (${collected} or ${failed})
      group by 1`),
  );
  return {
    collected: new Map(rows.map((r) => [r.month, num(r.collected)])),
    failed: rows.reduce((t, r) => ({ count: t.count + num(r.failed), amount: t.amount + num(r.failed_amount) }), { count: 0, amount: 0 }),
  };
}

/**
 * Every figure of the brand overview, each section over its period ending today (the brand's today at
 * ctx.now()); a single key is the period of both. One read-only repeatable-read transaction: the
 * figures come from one snapshot, and without JIT, whose compiling cost more than these short scans
 * (1.7 s of 3.5 at 100,000 subscriptions).
 */
export async function brandOverview(ctx: Context, keys: PeriodKey | Partial<Record<OverviewSection, PeriodKey>>): Promise<Overview> {
  const chosen = typeof keys === "string" ? { movement: keys, revenue: keys } : keys;
  return ctx.db.transaction(
    async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return figures(withDb(ctx, tx as unknown as Db), { movement: chosen.movement ?? DEFAULT_PERIOD, revenue: chosen.revenue ?? DEFAULT_PERIOD });
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

async function figures(ctx: Context, keys: Record<OverviewSection, PeriodKey>): Promise<Overview> {
  const now = ctx.now();
  const today = brandDay(now, ctx.brand.timezoneId);
  const periods = {
    movement: periodOf(keys.movement, now, ctx.brand.timezoneId),
    revenue: periodOf(keys.revenue, now, ctx.brand.timezoneId),
  };
  // Three statements, one per table scanned, sent together: postgres.js pipelines them on the
  // transaction's one connection (a request never holds two pooled connections: architecture.md).
  const [subs, inv, pay] = await Promise.all([
    subscriptionFigures(ctx, today, periods.movement),
    invoiceFigures(ctx, today, periods.revenue),
    paymentFigures(ctx, periods),
  ]);
  const revenueByMonth = periods.revenue.months.map((m) => ({ month: m, invoiced: inv.invoiced.get(m) ?? 0, collected: pay.collected.get(m) ?? 0 }));
  const mrr = num(subs.mrr);
  return {
    periods,
    today,
    mrr,
    arr: mrr * 12,
    active: num(subs.active),
    trialing: num(subs.trialing),
    newSubscriptions: num(subs.new_subscriptions),
    reactivated: num(subs.reactivated),
    churned: num(subs.churned),
    revenueByMonth,
    invoiced: revenueByMonth.reduce((s, m) => s + m.invoiced, 0),
    collected: revenueByMonth.reduce((s, m) => s + m.collected, 0),
    receivables: inv.receivables,
    failedPayments: pay.failed,
    renewals: [
      { days: 7, count: num(subs.renew7), amount: num(subs.renew7_amount) },
      { days: 30, count: num(subs.renew30), amount: num(subs.renew30_amount) },
    ],
  };
}
