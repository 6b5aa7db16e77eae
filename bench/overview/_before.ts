import { sql } from "drizzle-orm";
import { resultRows, type Db } from "../../db/client";
import { invoices, payments, subscriptions } from "../../db/schema";
import { inBrand } from "../../db/scope";
import { withDb, type Context } from "../../lib/auth/context";
import { linesTotalSql } from "../../lib/invoices/lines";
import { STATUS } from "../../lib/lifecycle";
import { addDays, today as brandDay } from "../../lib/pricing/periods";
import { periodOf, type Period, type PeriodKey } from "../../lib/insights/periods";

/**
 * The brand overview's figures, each computed in SQL from subscriptions, invoices and payments as
 * they are at ctx.now() (nothing is counted ahead into a stored counter). Amounts are integer cents.
 */
export interface Overview {
  period: Period;
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

/** Days past the due date; an invoice due today or later is not yet overdue. */
export const AGING = [
  { key: "0-30", label: "0–30 days", upTo: 30 },
  { key: "31-60", label: "31–60 days", upTo: 60 },
  { key: "61-90", label: "61–90 days", upTo: 90 },
  { key: "90+", label: "Over 90 days", upTo: Infinity },
] as const;
export type AgingKey = (typeof AGING)[number]["key"];

const num = (v: unknown) => Number(v ?? 0);
const instant = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const day = (d: string) => sql`${d}::date`;

/**
 * One subscription's next regular charge, net of the auto pay discount and the coupons that still discount it.
 * Materialized: inlined, each use of gross, after_ap and charge would run its subqueries again (20 s at 100,000).
 */
const chargeCte = (ctx: Context, today: string) => sql`
  with s as materialized (
    select ${subscriptions.id} as id, ${subscriptions.inTrial} as in_trial, ${subscriptions.renewalDate} as renewal_date,
           ${subscriptions.autoPay} as auto_pay, ${subscriptions.productId} as product_id, p.expiration_interval as days,
           p.auto_pay_discount, p.auto_pay_discount_amount_cents as ap_off,
           case when p.status <> ${STATUS.DELETED} and g.status = ${STATUS.ACTIVE} and p.expiration_interval > 0 and ${subscriptions.renewalDate} is not null
             then p.recurring_price_cents + coalesce((
               select sum(case c.component_type
                 when 'traditional' then c.unit_price_cents
                 when 'quantitative' then greatest(0, least(sc.units, coalesce(c.maximum_units, sc.units)) - coalesce(c.starting_quantity, 0)) * c.unit_price_cents
                 else 0 end)
               from subscription_components sc join components c on c.id = sc.component_id
               where sc.subscription_id = ${subscriptions.id} and c.status <> ${STATUS.DELETED}), 0)
             else 0 end::bigint as gross
    from ${subscriptions}
    left join products p on p.id = ${subscriptions.productId}
    join product_groups g on g.id = ${subscriptions.productGroupId}
    where ${inBrand(ctx, subscriptions, sql`${subscriptions.status} = ${STATUS.ACTIVE}`)}
  ), net as materialized (
    select s.*, gross - case when auto_pay = 'Y' and auto_pay_discount = 'Y' then least(coalesce(ap_off, 0), gross) else 0 end as after_ap
    from s
  ), charged as materialized (
    -- Coupons (percent ones of the charge, then amounts) never take off more than the charge, as in lib/pricing.
    select net.*, after_ap - least(after_ap, coalesce((
      select sum(case when c.discount_type = 'percent' then floor((after_ap * c.discount_value + 5000) / 10000) else c.discount_value end)
      from subscription_coupons sc join coupons c on c.id = sc.coupon_id
      where sc.subscription_id = net.id and c.status = 'active'
        and (c.expiration_date is null or c.expiration_date >= ${day(today)})
        and (cardinality(c.product_ids) = 0 or net.product_id = any(c.product_ids))
        and sc.cycles_applied < case c.duration when 'once' then 1 when 'cycles' then coalesce(c.duration_cycles, 0) else 2147483647 end), 0)) as charge
    from net
  )`;

/**
 * MRR: each active (not trialing) subscription's next regular charge, normalised to 30 days
 * (charge x 30 / the product's interval in days), summed and rounded to the cent. Upcoming renewals:
 * active subscriptions (trialing ones too) renewing from today to today + N days, with that charge.
 */
async function subscriptionFigures(ctx: Context, today: string) {
  const renewing = (n: number) => sql`renewal_date between ${day(today)} and ${day(addDays(today, n))}`;
  const [r] = resultRows<Record<string, string>>(
    await ctx.db.execute(sql`${chargeCte(ctx, today)}
      select count(*) filter (where in_trial = 'N') as active,
             count(*) filter (where in_trial = 'Y') as trialing,
             coalesce(round(sum(charge::numeric * 30 / nullif(days, 0)) filter (where in_trial = 'N')), 0) as mrr,
             count(*) filter (where ${renewing(7)}) as renew7, coalesce(sum(charge) filter (where ${renewing(7)}), 0) as renew7_amount,
             count(*) filter (where ${renewing(30)}) as renew30, coalesce(sum(charge) filter (where ${renewing(30)}), 0) as renew30_amount
      from charged`),
  );
  return r;
}

/**
 * New: subscriptions created in the period; reactivated: those of them whose customer had a
 * subscription end (deleted) before, counted apart from new; churned: subscriptions ended in the period.
 */
async function movement(ctx: Context, p: Period) {
  const inPeriod = (col: unknown) => sql`${col} >= ${instant(p.start)} and ${col} < ${instant(p.end)}`;
  const returning = sql`exists (select 1 from subscriptions o where o.brand_id = ${subscriptions.brandId}
    and o.customer_account_id = ${subscriptions.customerAccountId} and o.deleted_at < ${subscriptions.createdAt})`;
  const [r] = resultRows<Record<string, string>>(
    await ctx.db.execute(sql`
      select count(*) filter (where ${inPeriod(subscriptions.createdAt)} and not ${returning}) as new_subscriptions,
             count(*) filter (where ${inPeriod(subscriptions.createdAt)} and ${returning}) as reactivated,
             count(*) filter (where ${inPeriod(subscriptions.deletedAt)}) as churned
      from ${subscriptions}
      where ${inBrand(ctx, subscriptions, sql`(${inPeriod(subscriptions.createdAt)} or ${inPeriod(subscriptions.deletedAt)})`)}`),
  );
  return r;
}

/**
 * Invoiced: the totals of the invoices created in each month (deleted and voided ones left out).
 * Collected: the succeeded payments received in each month, to invoices or the prepaid balance
 * (payments out of the prepaid balance are not new money and are left out).
 */
async function revenue(ctx: Context, p: Period) {
  const tz = ctx.brand.timezoneId;
  const month = (col: unknown) => sql`to_char(${col} at time zone ${tz}, 'YYYY-MM')`;
  const invoiced = await ctx.db.execute(sql`
      select ${month(invoices.createdAt)} as month, sum(${linesTotalSql(sql`${invoices.items}`)}) as amount
      from ${invoices}
      where ${inBrand(ctx, invoices, sql`${invoices.deletedAt} is null and ${invoices.createdAt} >= ${instant(p.start)} and ${invoices.createdAt} < ${instant(p.end)}`)}
      group by 1`);
  const collected = await ctx.db.execute(sql`
      select ${month(payments.createdAt)} as month, sum(${payments.amount}) as amount
      from ${payments}
      where ${inBrand(
        ctx,
        payments,
        sql`${payments.status} = 'succeeded' and ${payments.processedBy} <> 'prepaid_balance' and ${payments.createdAt} >= ${instant(p.start)} and ${payments.createdAt} < ${instant(p.end)}`,
      )}
      group by 1`);
  const byMonth = (rows: unknown) => new Map(resultRows<{ month: string; amount: string }>(rows).map((r) => [r.month, num(r.amount)]));
  const inv = byMonth(invoiced);
  const col = byMonth(collected);
  return p.months.map((m) => ({ month: m, invoiced: inv.get(m) ?? 0, collected: col.get(m) ?? 0 }));
}

/** Unpaid balances of live invoices today, by days past their due date. */
async function receivables(ctx: Context, today: string) {
  // Each invoice's succeeded payments summed once, brand-wide, then joined: no lookup per invoice.
  const rows = resultRows<{ overdue_days: number | null; count: string; amount: string }>(
    await ctx.db.execute(sql`
      with paid as (
        select ${payments.invoiceId} as invoice_id, sum(${payments.amount}) as amount from ${payments}
        where ${inBrand(ctx, payments, sql`${payments.status} = 'succeeded' and ${payments.invoiceId} is not null`)}
        group by 1
      ), owed as (
        select ${invoices.dueDate} as due_date, ${linesTotalSql(sql`${invoices.items}`)} - coalesce(paid.amount, 0) as balance
        from ${invoices} left join paid on paid.invoice_id = ${invoices.id}
        where ${inBrand(ctx, invoices, sql`${invoices.deletedAt} is null`)}
      )
      select case when due_date >= ${day(today)} then null else ${day(today)} - due_date end as overdue_days, count(*) as count, sum(balance) as amount
      from owed where balance > 0
      group by 1`),
  );
  const notDue: Bucket = { count: 0, amount: 0 };
  const aging = AGING.map((a) => ({ key: a.key as AgingKey, label: a.label, count: 0, amount: 0 }));
  for (const r of rows) {
    const b = r.overdue_days === null ? notDue : aging[AGING.findIndex((a) => num(r.overdue_days) <= a.upTo)];
    b.count += num(r.count);
    b.amount += num(r.amount);
  }
  const outstanding = [notDue, ...aging].reduce((t, b) => ({ count: t.count + b.count, amount: t.amount + b.amount }), { count: 0, amount: 0 });
  return { outstanding, notDue, aging };
}

/** Charges the gateway declined in the period (payments with status failed). */
async function failedPayments(ctx: Context, p: Period): Promise<Bucket> {
  const [r] = resultRows<{ count: string; amount: string }>(
    await ctx.db.execute(sql`
      select count(*) as count, coalesce(sum(${payments.amount}), 0) as amount from ${payments}
      where ${inBrand(ctx, payments, sql`${payments.status} = 'failed' and ${payments.createdAt} >= ${instant(p.start)} and ${payments.createdAt} < ${instant(p.end)}`)}`),
  );
  return { count: num(r.count), amount: num(r.amount) };
}

/**
 * Every figure of the brand overview for a period ending today (the brand's today at ctx.now()). One
 * read-only repeatable-read transaction: the figures come from one snapshot, and without JIT, whose
 * compiling cost more than these short scans (1.7 s of 3.5 at 100,000 subscriptions).
 */
export async function brandOverview(ctx: Context, key: PeriodKey): Promise<Overview> {
  return ctx.db.transaction(
    async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return figures(withDb(ctx, tx as unknown as Db), key);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

async function figures(ctx: Context, key: PeriodKey): Promise<Overview> {
  const now = ctx.now();
  const today = brandDay(now, ctx.brand.timezoneId);
  const period = periodOf(key, now, ctx.brand.timezoneId);
  // Sequential: a request holds one pooled connection (architecture: never two).
  const subs = await subscriptionFigures(ctx, today);
  const moves = await movement(ctx, period);
  const revenueByMonth = await revenue(ctx, period);
  const owed = await receivables(ctx, today);
  const failed = await failedPayments(ctx, period);
  const mrr = num(subs.mrr);
  return {
    period,
    today,
    mrr,
    arr: mrr * 12,
    active: num(subs.active),
    trialing: num(subs.trialing),
    newSubscriptions: num(moves.new_subscriptions),
    reactivated: num(moves.reactivated),
    churned: num(moves.churned),
    revenueByMonth,
    invoiced: revenueByMonth.reduce((s, m) => s + m.invoiced, 0),
    collected: revenueByMonth.reduce((s, m) => s + m.collected, 0),
    receivables: owed,
    failedPayments: failed,
    renewals: [
      { days: 7, count: num(subs.renew7), amount: num(subs.renew7_amount) },
      { days: 30, count: num(subs.renew30), amount: num(subs.renew30_amount) },
    ],
  };
}
