/**
 * npm run bench:billing: the real invoice generation, generateDueInvoices (lib/billing/generate-invoices.ts),
 * on N due subscriptions (BENCH_SUBSCRIPTIONS, default 100,000) with traditional, quantitative and
 * metered components and coupons, against two baselines on identical data:
 *  - the floor: one INSERT INTO invoices ... SELECT ... FROM subscriptions writing as many invoices
 *    (and, for context, one set-based statement that also writes their lines and one event like ours does);
 *  - a naive loop: one subscription at a time, loaded with per-row queries, priced with the same pure
 *    pricing, written with per-row inserts; run on a sample (BENCH_NAIVE_SAMPLE, default 2,000) and
 *    extrapolated linearly.
 * Ours' Invoice/Create events are written when its billing/invoices-created events are delivered
 * (lib/billing/invoice-events.ts), in the delivery worker, not in the billing run: that delivery is
 * timed and printed on its own line, not counted in ours' time.
 * Each measurement runs on its own database copied from one seeded template, so all start from the
 * same rows. Done at N/10 and N to show memory stays flat. Needs the tests' PostgreSQL (TEST_DATABASE_URL).
 */
import path from "node:path";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { openDatabase, type Database, type Db } from "../../db/client";
import {
  brands,
  components,
  coupons,
  customerAccounts,
  invoices,
  outboxEvents,
  productGroups,
  products,
  serviceAccounts,
  subscriptionComponents,
  subscriptionCoupons,
  subscriptions,
} from "../../db/schema";
import { systemContext, allBrandsContext } from "../../lib/auth/context";
import { fanOutInvoiceEvents, INVOICES_CREATED } from "../../lib/billing/invoice-events";
import { generateDueInvoices } from "../../lib/billing/generate-invoices";
import { toInvoiceLines } from "../../lib/pricing/invoice-lines";
import { withTax } from "../../lib/tax/compute";
import { activeTaxRates } from "../../lib/tax/rates";
import { linesTotalSql } from "../../lib/invoices/lines";
import { INVOICE_LEAD_HOURS } from "../../lib/pricing/periods";
import { newId } from "../../lib/ids";
import { nextPeriodLines, type SubscriptionDetails } from "../../lib/subscriptions/details";
import { createDatabase, dropDatabase, urlFor } from "../../tests/support/pg";

process.env.LOG_LEVEL ??= "silent";

const N = Number(process.env.BENCH_SUBSCRIPTIONS || 100_000);
const SAMPLE = Number(process.env.BENCH_NAIVE_SAMPLE || 2_000);
const CHUNK = Number(process.env.BENCH_CHUNK_SIZE || 5_000);
/** At the full size, ours and the floor take turns this many times; the ratio is the median of the rounds' ratios. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_BILLING_ROUNDS || 3));
/** Renewals fall on this instant's date and the two after: all within 72 hours in every brand's zone. */
export const NOW = new Date("2026-06-01T12:00:00Z");
const TIME_ZONES = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Tokyo"];
const GROUPS_PER_BRAND = 2;
/** The products' periods, one per product of a group: days (the spec's), months and a year. */
const PERIODS = [
  { expirationInterval: 30, intervalUnit: "day" as const },
  { expirationInterval: 1, intervalUnit: "month" as const },
  { expirationInterval: 30, intervalUnit: "day" as const },
  { expirationInterval: 3, intervalUnit: "month" as const },
  { expirationInterval: 1, intervalUnit: "year" as const },
];
const PRODUCTS_PER_GROUP = 5;
const prefix = `rb_bench_billing_${process.pid}`;

/* ---------- seeding (set-based SQL, not the API) ---------- */

/** The small catalog: brands, groups, products, components (3 per group), coupons (3 per brand). */
export async function seedCatalog(db: Db) {
  const now = NOW;
  const stamps = { createdAt: now, updatedAt: now };
  const [account] = await db.insert(serviceAccounts).values({ id: newId(), name: "Billing bench", createdAt: now }).returning();
  const brandRows = TIME_ZONES.map((timezoneId, b) => ({
    id: newId(),
    serviceAccountId: account.id,
    name: `Bench ${b}`,
    description: "Billing bench brand",
    logoUrl: "https://example.com/logo.png",
    timezoneId,
    webhookSecret: `whsec_bench_${b}`,
    ...stamps,
  }));
  await db.insert(brands).values(brandRows);
  const groupRows = brandRows.flatMap((b) =>
    Array.from({ length: GROUPS_PER_BRAND }, (_, g) => ({
      id: newId(),
      brandId: b.id,
      name: `Group ${g}`,
      description: "Bench",
      status: 1 as const,
      ...stamps,
    })),
  );
  await db.insert(productGroups).values(groupRows);
  const productRows = groupRows.flatMap((g) =>
    Array.from({ length: PRODUCTS_PER_GROUP }, (_, p) => ({
      id: newId(),
      brandId: g.brandId,
      productGroupId: g.id,
      name: `Plan ${p}`,
      description: "Bench plan",
      status: 1 as const,
      // Issue 32: the spec's 30 days beside calendar plans (a month, 3 months, a year).
      ...PERIODS[p % PERIODS.length],
      setupFeeCents: 0,
      recurringPriceCents: 999 + 500 * p,
      trial: "N" as const,
      autoPayDiscount: p % 2 === 0 ? ("Y" as const) : ("N" as const),
      autoPayDiscountAmountCents: p % 2 === 0 ? 100 : null,
      promptForVariables: "N" as const,
      taxExempt: p === 4 ? ("Y" as const) : ("N" as const),
      ...stamps,
    })),
  );
  await db.insert(products).values(productRows);
  const componentRows = groupRows.flatMap((g) => [
    {
      id: newId(),
      brandId: g.brandId,
      productGroupId: g.id,
      componentType: "traditional" as const,
      name: "Extra screen",
      description: "Bench",
      unitPriceCents: 499,
      taxable: "Y" as const,
      status: 1 as const,
      ...stamps,
    },
    {
      id: newId(),
      brandId: g.brandId,
      productGroupId: g.id,
      componentType: "quantitative" as const,
      name: "Seats",
      description: "Bench",
      startingQuantity: 1,
      maximumUnits: 10,
      unitPriceCents: 250,
      taxable: "N" as const,
      status: 1 as const,
      ...stamps,
    },
    {
      id: newId(),
      brandId: g.brandId,
      productGroupId: g.id,
      componentType: "metered" as const,
      name: "Minutes",
      description: "Bench",
      startingQuantity: 100,
      unitPriceCents: 1,
      taxable: "Y" as const,
      status: 1 as const,
      ...stamps,
    },
  ]);
  await db.insert(components).values(componentRows);
  const couponRows = brandRows.flatMap((b) => [
    {
      id: newId(),
      brandId: b.id,
      couponCode: "TENOFF",
      name: "10%",
      discountType: "percent" as const,
      discountValue: 1000,
      duration: "forever" as const,
      stackable: "Y" as const,
      ...stamps,
    },
    {
      id: newId(),
      brandId: b.id,
      couponCode: "TWOOFF",
      name: "2.00",
      discountType: "amount" as const,
      discountValue: 200,
      duration: "forever" as const,
      stackable: "Y" as const,
      ...stamps,
    },
    {
      id: newId(),
      brandId: b.id,
      couponCode: "WELCOME",
      name: "5% once",
      discountType: "percent" as const,
      discountValue: 500,
      duration: "once" as const,
      stackable: "Y" as const,
      ...stamps,
    },
  ]);
  await db.insert(coupons).values(couponRows);
  return {
    brands: brandRows.map((r) => r.id),
    groups: groupRows.map((r) => r.id),
    products: productRows.map((r) => r.id),
    components: componentRows.map((r) => r.id),
    coupons: couponRows.map((r) => r.id),
  };
}

/**
 * N customers and subscriptions, and their components and coupons, each in one INSERT ... SELECT over
 * generate_series. Subscription i: brand i%4, group (i/4)%2 of it, product (i/8)%5 of that group;
 * components by i%4 (none / traditional / traditional + quantitative / quantitative + metered), component k
 * of a group being its traditional (1), quantitative (2) and metered (3) one;
 * coupons by i%5 (10% / 10% + 2.00 / 5% once / none / none). Ids are md5-derived, so rows link up.
 */
export async function seedSubscriptions(db: Db, n: number, ids: Awaited<ReturnType<typeof seedCatalog>>) {
  const now = NOW.toISOString();
  const today = NOW.toISOString().slice(0, 10);
  const arr = (xs: string[]) => sql`${`{${xs.join(",")}}`}::uuid[]`;
  const series = sql`generate_series(1, ${n}) as i`;
  // 1-based array indexes of subscription i's brand, group and product.
  const b = sql`(i % 4)`;
  const g = sql`(${b} * ${GROUPS_PER_BRAND} + (i / 4) % ${GROUPS_PER_BRAND})`;
  const p = sql`(${g} * ${PRODUCTS_PER_GROUP} + (i / 8) % ${PRODUCTS_PER_GROUP})`;
  const sub = sql`md5('s' || i)::uuid`;
  await db.execute(sql`
    insert into customer_accounts (id, brand_id, first_name, last_name, email_address, locale, timezone_id, tax_exempt, security_code, email_verification_code, created_at, updated_at)
    select md5('c' || i)::uuid, (${arr(ids.brands)})[${b} + 1], 'First' || i, 'Last' || i, 'customer' || i || '@example.com', 'en-US', 'UTC',
           case when i % 10 = 0 then 'Y' else 'N' end, lpad((i % 100000)::text, 5, '0'), md5('v' || i) || 'abc', ${now}::timestamptz, ${now}::timestamptz
    from ${series}`);
  await db.execute(sql`
    insert into subscriptions (id, brand_id, customer_account_id, product_id, product_group_id, status, auto_pay, start_date, period_start, renewal_date,
                               billing_anchor, in_trial, override_initial_billing, created_at, updated_at)
    select ${sub}, (${arr(ids.brands)})[${b} + 1], md5('c' || i)::uuid, (${arr(ids.products)})[${p} + 1], (${arr(ids.groups)})[${g} + 1], 1,
           case when i % 2 = 0 then 'Y' else 'N' end, ${today}::date + (i % 3) - 30, ${today}::date + (i % 3) - 30, ${today}::date + (i % 3),
           ${today}::date + (i % 3), 'N', 'N', ${now}::timestamptz, ${now}::timestamptz
    from ${series}`);
  await db.execute(sql`
    insert into subscription_components (id, brand_id, subscription_id, component_id, units, usage, created_at)
    select md5('sc' || i || '-' || k)::uuid, (${arr(ids.brands)})[${b} + 1], ${sub},
           (${arr(ids.components)})[${g} * 3 + k],
           case k when 2 then 1 + i % 7 else 1 end, case k when 3 then i % 500 else 0 end, ${now}::timestamptz + k * interval '1 second'
    from ${series}, lateral (values (1), (2), (3)) as c(k)
    where (i % 4 = 1 and k = 1) or (i % 4 = 2 and k in (1, 2)) or (i % 4 = 3 and k in (2, 3))`);
  await db.execute(sql`
    insert into subscription_coupons (id, brand_id, subscription_id, coupon_id, cycles_applied, created_at)
    select md5('cp' || i || '-' || k)::uuid, (${arr(ids.brands)})[${b} + 1], ${sub}, (${arr(ids.coupons)})[${b} * 3 + k],
           0, ${now}::timestamptz + k * interval '1 second'
    from ${series}, lateral (values (1), (2), (3)) as c(k)
    where (i % 5 = 0 and k = 1) or (i % 5 = 1 and k in (1, 2)) or (i % 5 = 2 and k = 3)`);
  // Last period's invoice of every subscription, as a live database has: the run's "not invoiced yet"
  // check and the unique (subscription, period) key work against a table that is not empty.
  await db.execute(sql`
    insert into invoices (id, brand_id, customer_account_id, subscription_id, billing_period_start, due_date, created_at, updated_at)
    select md5('pi' || i)::uuid, (${arr(ids.brands)})[${b} + 1], md5('c' || i)::uuid, ${sub}, ${today}::date + (i % 3) - 30, ${today}::date + (i % 3) - 30,
           ${now}::timestamptz - interval '33 days', ${now}::timestamptz - interval '33 days'
    from ${series}`);
}

/** A migrated, seeded database to copy from; closed so CREATE DATABASE ... TEMPLATE can use it. */
async function makeTemplate(n: number) {
  const name = `${prefix}_tpl_${n}`;
  await dropDatabase(name);
  await createDatabase(name);
  const database = await openDatabase({ url: urlFor(name) });
  try {
    await database.migrate();
    const started = performance.now();
    await seedSubscriptions(database.db, n, await seedCatalog(database.db));
    await database.db.execute(sql`vacuum analyze`);
    console.log(`  seeded ${n.toLocaleString("en-US")} subscriptions in ${secs(performance.now() - started)} (template ${name})`);
  } finally {
    await database.close();
  }
  return name;
}

/** A fresh copy of the template for one measurement; dropped afterwards. */
async function withCopy<T>(template: string, label: string, fn: (database: Database) => Promise<T>): Promise<T> {
  const name = `${prefix}_${label}`;
  await dropDatabase(name);
  await createDatabase(name, template);
  const database = await openDatabase({ url: urlFor(name) });
  try {
    return await fn(database);
  } finally {
    await database.close();
    await dropDatabase(name);
  }
}

/* ---------- the three contenders ---------- */

interface Measured {
  ms: number;
  invoices: number;
  lines: number;
  /** outbox_events rows: for ours and the naive loop, billing/invoices-created (one per chunk, or per invoice). */
  events: number;
}

/** Rows of a raw query (postgres.js answers an array; drizzle's generic driver type does not say so). */
const query = async <T>(db: Db, q: SQL) => (await db.execute(q)) as unknown as T[];

const rowCounts = async (db: Db) => {
  const [r] = await query<{ invoices: number; lines: number; events: number }>(
    db,
    sql`
    select count(*)::int as invoices, coalesce(sum(jsonb_array_length(items)), 0)::int as lines, (select count(*)::int from outbox_events) as events
    from invoices where created_at = ${NOW.toISOString()}::timestamptz`,
  );
  return r;
};

/** Peak RSS and heap of this process, sampled every 10 ms while `fn` runs. */
async function withMemory<T>(fn: () => Promise<T>) {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  const peak = { rss: base.rss, heapUsed: base.heapUsed };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
  };
  const timer = setInterval(sample, 10);
  try {
    const result = await fn();
    sample();
    return { result, memory: { baseRss: base.rss, baseHeap: base.heapUsed, peakRss: peak.rss, peakHeap: peak.heapUsed } };
  } finally {
    clearInterval(timer);
  }
}

/** The most memory still in use while `fn` runs: heap used right after a forced GC, every 100 ms (an untimed run). */
async function withLiveHeap(fn: () => Promise<unknown>) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return undefined;
  let peak = 0;
  const timer = setInterval(() => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 100);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  return peak;
}

async function runOurs(database: Database): Promise<Measured> {
  const started = performance.now();
  const { created } = await generateDueInvoices({ ctx: allBrandsContext(database.db, NOW), input: { chunkSize: CHUNK } });
  const ms = performance.now() - started;
  const counts = await rowCounts(database.db);
  if (counts.invoices !== created) throw new Error(`ours reported ${created} invoices but wrote ${counts.invoices}`);
  return { ms, ...counts };
}

/** What delivering ours' billing/invoices-created events does (their sink, one event after another): write the Invoice/Create events. */
async function runFanOut(database: Database) {
  const batches = await database.db.select().from(outboxEvents).where(eq(outboxEvents.type, INVOICES_CREATED));
  const started = performance.now();
  for (const event of batches) await fanOutInvoiceEvents(database.db, event, NOW);
  const ms = performance.now() - started;
  const [{ n }] = await query<{ n: number }>(database.db, sql`select count(*)::int as n from outbox_events where type = 'Invoice/Create'`);
  return { ms, events: n };
}

/** The rows generateDueInvoices bills: same joins and conditions, as SQL text for the floors. */
const DUE = sql.raw(`
  from subscriptions s
  join brands b on b.id = s.brand_id and b.deleted_at is null
  join product_groups g on g.id = s.product_group_id and g.status = 1
  join products p on p.id = s.product_id and p.status <> 3
  where s.status = 1
    and s.renewal_date <= (('${NOW.toISOString()}'::timestamptz + interval '${INVOICE_LEAD_HOURS} hours') at time zone b.timezone_id)::date
    and not exists (select 1 from invoices i where i.subscription_id = s.id and i.billing_period_start = s.renewal_date)`);

/** The floor: one INSERT ... SELECT writing one invoice row per due subscription. */
async function runFloor(database: Database): Promise<Measured> {
  const started = performance.now();
  await database.db.execute(sql`
    insert into invoices (id, brand_id, customer_account_id, subscription_id, billing_period_start, due_date, created_at, updated_at)
    select gen_random_uuid(), s.brand_id, s.customer_account_id, s.id, s.renewal_date, s.renewal_date, ${NOW.toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz
    ${DUE}
    on conflict (subscription_id, billing_period_start) do nothing`);
  return { ms: performance.now() - started, ...(await rowCounts(database.db)) };
}

/**
 * For context, the floor of everything ours writes, in one statement: invoices with a line per product,
 * auto pay discount, non-metered component and coupon (unit prices, not the exact pricing), and a
 * billing/invoices-created event per brand listing them, like ours.
 */
async function runFloorAllRows(database: Database): Promise<Measured> {
  const now = sql`${NOW.toISOString()}::timestamptz`;
  const started = performance.now();
  await database.db.execute(sql`
    with due as (
      select s.id, s.brand_id, s.customer_account_id, s.renewal_date, s.auto_pay, p.name, p.recurring_price_cents, p.tax_exempt,
             p.auto_pay_discount, p.auto_pay_discount_amount_cents
      ${DUE}
    ), raw_lines as (
      select due.id as subscription_id, 0 as ord, due.name, due.recurring_price_cents as price, 1 as qty, due.tax_exempt, 'recurring' as kind, null::uuid as component_id
      from due
      union all
      select due.id, 1, 'Auto pay discount', -due.auto_pay_discount_amount_cents, 1, due.tax_exempt, 'discount', null
      from due where due.auto_pay = 'Y' and due.auto_pay_discount = 'Y'
      union all
      select due.id, 2, c.name, c.unit_price_cents, greatest(sc.units, 1), case when c.taxable = 'N' then 'Y' else 'N' end, 'component', c.id
      from due join subscription_components sc on sc.subscription_id = due.id join components c on c.id = sc.component_id
      where c.component_type <> 'metered'
      union all
      select due.id, 3, 'Coupon ' || cp.coupon_code, -least(cp.discount_value, 100), 1, 'N', 'discount', null
      from due join subscription_coupons sco on sco.subscription_id = due.id join coupons cp on cp.id = sco.coupon_id
    ), items as (
      select subscription_id, jsonb_agg(jsonb_build_object('itemName', name, 'itemPrice', price, 'quantity', qty, 'taxExempt', tax_exempt, 'kind', kind, 'componentId', component_id) order by ord) as items
      from raw_lines group by subscription_id
    ), inv as (
      insert into invoices (id, brand_id, customer_account_id, subscription_id, billing_period_start, due_date, items, created_at, updated_at)
      select gen_random_uuid(), due.brand_id, due.customer_account_id, due.id, due.renewal_date, due.renewal_date, coalesce(items.items, '[]'), ${now}, ${now}
      from due left join items on items.subscription_id = due.id
      on conflict (subscription_id, billing_period_start) do nothing
      returning id, brand_id, customer_account_id, subscription_id, due_date
    )
    insert into outbox_events (id, brand_id, type, payload, next_attempt_at, created_at)
    select gen_random_uuid(), brand_id, ${INVOICES_CREATED}, jsonb_build_object('invoice_ids', jsonb_agg(id)), ${now}, ${now}
    from inv group by brand_id`);
  return { ms: performance.now() - started, ...(await rowCounts(database.db)) };
}

/** The due subscriptions' ids, in the order ours walks them (the naive loop's work list). */
async function dueIds(db: Db, limit: number) {
  const rows = await query<{ id: string }>(db, sql`select s.id ${DUE} order by s.id limit ${limit}`);
  return rows.map((r) => r.id);
}

/** The naive way: per subscription, per-row selects, the same pure pricing, per-row inserts, one transaction. */
async function naiveInvoice(db: Db, id: string) {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const one = async <T>(rows: Promise<T[]>) => (await rows)[0];
    const sub = await one(txDb.select().from(subscriptions).where(eq(subscriptions.id, id)));
    const brand = await one(txDb.select().from(brands).where(eq(brands.id, sub.brandId)));
    const group = await one(txDb.select().from(productGroups).where(eq(productGroups.id, sub.productGroupId)));
    const product = await one(txDb.select().from(products).where(eq(products.id, sub.productId!)));
    const account = await one(txDb.select().from(customerAccounts).where(eq(customerAccounts.id, sub.customerAccountId)));
    const attachedRows = await txDb
      .select()
      .from(subscriptionComponents)
      .where(eq(subscriptionComponents.subscriptionId, id))
      .orderBy(asc(subscriptionComponents.createdAt), asc(subscriptionComponents.id));
    const attached: SubscriptionDetails["attached"] = [];
    for (const a of attachedRows) attached.push({ ...a, component: await one(txDb.select().from(components).where(eq(components.id, a.componentId))) });
    const couponRows = await txDb
      .select()
      .from(subscriptionCoupons)
      .where(eq(subscriptionCoupons.subscriptionId, id))
      .orderBy(asc(subscriptionCoupons.createdAt), asc(subscriptionCoupons.id));
    const withCoupons: SubscriptionDetails["coupons"] = [];
    for (const c of couponRows) withCoupons.push({ ...c, coupon: await one(txDb.select().from(coupons).where(eq(coupons.id, c.couponId))) });

    const ctx = systemContext(txDb, brand, NOW);
    const details: SubscriptionDetails = { sub, product, group, attached, coupons: withCoupons };
    const priced = nextPeriodLines(ctx, details);
    const invoiceId = newId();
    const lines = toInvoiceLines(priced, { product, account, components: attached.map((a) => a.component) });
    // Tax as ours prices it (lib/tax): an exempt account's invoice states its reason.
    const items = withTax(lines, { account, brand, rates: await activeTaxRates(ctx) });
    const [made] = await txDb
      .insert(invoices)
      .values({
        id: invoiceId,
        brandId: brand.id,
        customerAccountId: sub.customerAccountId,
        subscriptionId: sub.id,
        billingPeriodStart: sub.renewalDate,
        dueDate: sub.renewalDate!,
        items,
        createdAt: NOW,
        updatedAt: NOW,
      })
      .onConflictDoNothing({ target: [invoices.subscriptionId, invoices.billingPeriodStart] })
      .returning({ id: invoices.id });
    if (!made) return;
    // The event ours writes per chunk, here per invoice; its delivery writes the Invoice/Create event.
    await txDb
      .insert(outboxEvents)
      .values({ id: newId(), brandId: brand.id, type: INVOICES_CREATED, payload: { invoice_ids: [invoiceId] }, nextAttemptAt: NOW, createdAt: NOW });
  });
}

async function runNaive(database: Database, sample: number) {
  const ids = await dueIds(database.db, sample);
  const started = performance.now();
  for (const id of ids) await naiveInvoice(database.db, id);
  const ms = performance.now() - started;
  return { ms, ids, ...(await rowCounts(database.db)) };
}

/** Per subscription: its new invoice's lines (name, price, quantity, tax, kind) as a digest and its total, to check the contenders agree. */
async function invoiceTotals(db: Db, ids: string[]) {
  const rows = await query<{ subscription_id: string; lines: string; total: string }>(
    db,
    sql`
    select i.subscription_id, md5(i.items::text) as lines,
           ${linesTotalSql(sql.raw("i.items"))}::text as total
    from invoices i
    where i.subscription_id = any(${`{${ids.join(",")}}`}::uuid[]) and i.created_at = ${NOW.toISOString()}::timestamptz`,
  );
  return new Map(rows.map((r) => [r.subscription_id, `total ${r.total}, lines ${r.lines}`]));
}

/* ---------- report ---------- */

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measureSize(n: number, rounds: number) {
  console.log(`\n== ${n.toLocaleString("en-US")} due subscriptions ==`);
  const template = await makeTemplate(n);
  try {
    const sample = Math.min(SAMPLE, n);
    const ours = await withCopy(template, "ours", async (d) => {
      const measured = await withMemory(() => runOurs(d));
      const fanOut = await runFanOut(d);
      if (fanOut.events !== measured.result.invoices) throw new Error(`${measured.result.invoices} invoices but ${fanOut.events} Invoice/Create events`);
      return { ...measured, fanOut, totals: await invoiceTotals(d.db, await firstSubscriptionIds(d.db, sample)) };
    });
    const floor = await withCopy(template, "floor", runFloor);
    // More rounds, the floor first this time: the machine's speed drifts, so each round's ratio
    // compares runs made seconds apart.
    const oursMs = [ours.result.ms];
    const floorMs = [floor.ms];
    for (let round = 1; round < rounds; round++) {
      floorMs.push((await withCopy(template, "floor", runFloor)).ms);
      oursMs.push((await withCopy(template, "ours", runOurs)).ms);
    }
    const liveHeap = await withCopy(template, "ours_heap", (d) => withLiveHeap(() => runOurs(d)));
    const floorAll = await withCopy(template, "floor_all", runFloorAllRows);
    const naive = await withCopy(template, "naive", async (d) => {
      const r = await runNaive(d, sample);
      return { ...r, totals: await invoiceTotals(d.db, r.ids) };
    });
    // Every contender found the same due subscriptions, and the naive loop priced its sample exactly like ours.
    if (floor.invoices !== ours.result.invoices || floorAll.invoices !== ours.result.invoices) {
      throw new Error(`invoice counts differ: ours ${ours.result.invoices}, floor ${floor.invoices}, floor (all rows) ${floorAll.invoices}`);
    }
    const mismatch = naive.ids.find((id) => naive.totals.get(id) === undefined || naive.totals.get(id) !== ours.totals.get(id));
    if (mismatch || naive.totals.size !== ours.totals.size) {
      throw new Error(`naive and ours disagree on ${mismatch}: ${naive.totals.get(mismatch ?? "")} vs ${ours.totals.get(mismatch ?? "")}`);
    }
    const naiveExtrapolated = (naive.ms / naive.ids.length) * ours.result.invoices;
    const ratios = oursMs.map((ms, i) => ms / floorMs[i]);
    return {
      n,
      ours: { ...ours.result, ms: median(oursMs) },
      oursMs,
      floorMs,
      ratio: median(ratios),
      ratios,
      fanOut: ours.fanOut,
      memory: ours.memory,
      liveHeap,
      floor: { ...floor, ms: median(floorMs) },
      floorAll,
      naive,
      naiveExtrapolated,
    };
  } finally {
    await dropDatabase(template);
  }
}

/** The naive loop's sample, looked up in ours' copy: the first `limit` subscriptions by id (all of them are due). */
async function firstSubscriptionIds(db: Db, limit: number) {
  const rows = await db.select({ id: subscriptions.id }).from(subscriptions).orderBy(asc(subscriptions.id)).limit(limit);
  return rows.map((r) => r.id);
}

async function main() {
  const sizes = [...new Set([Math.max(1, Math.round(N / 10)), Math.max(1, Math.round(N / 2)), N])];
  console.log(`generateDueInvoices (chunkSize ${CHUNK}) vs a single INSERT ... SELECT floor vs a naive per-row loop; now = ${NOW.toISOString()}`);
  const results = [];
  for (const n of sizes) {
    const r = await measureSize(n, n === N ? ROUNDS : 1);
    results.push(r);
    const perInvoice = (ms: number) => `${((ms / r.ours.invoices) * 1000).toFixed(1)} µs/invoice`;
    const runs = (xs: number[]) => (xs.length > 1 ? `, median of ${xs.map(secs).join(" / ")}` : "");
    console.log(
      `  ours                 ${secs(r.ours.ms).padStart(10)}  ${perInvoice(r.ours.ms)}  (${r.ours.invoices} invoices, ${r.ours.lines} lines, ${r.ours.events} billing/invoices-created events${runs(r.oursMs)})`,
    );
    console.log(
      `    then, not counted:  ${secs(r.fanOut.ms).padStart(9)}  ${perInvoice(r.fanOut.ms)}  (delivering those events writes the ${r.fanOut.events} Invoice/Create events; the delivery worker's work)`,
    );
    console.log(
      `  floor (invoices)     ${secs(r.floor.ms).padStart(10)}  ${perInvoice(r.floor.ms)}  (${r.floor.invoices} invoices, one INSERT ... SELECT${runs(r.floorMs)})`,
    );
    console.log(
      `  floor (all rows)     ${secs(r.floorAll.ms).padStart(10)}  ${perInvoice(r.floorAll.ms)}  (${r.floorAll.invoices} invoices, ${r.floorAll.lines} lines, ${r.floorAll.events} events, one statement)`,
    );
    console.log(
      `  naive loop           ${secs(r.naiveExtrapolated).padStart(10)}  ${perInvoice(r.naiveExtrapolated)}  (EXTRAPOLATED linearly from ${r.naive.ids.length} subscriptions in ${secs(r.naive.ms)})`,
    );
    const each = r.ratios.length > 1 ? `, median of the rounds' ${r.ratios.map((x) => x.toFixed(2)).join(" / ")}` : "";
    console.log(`  ours / floor (invoices):  ${r.ratio.toFixed(2)}x   (goal <= 2x${each})`);
    console.log(`  ours / floor (all rows):  ${ratio(r.ours.ms, r.floorAll.ms)}`);
    console.log(`  naive / ours:             ${ratio(r.naiveExtrapolated, r.ours.ms)}   (goal >= 20x)`);
    console.log(
      `  memory during ours: peak RSS ${mb(r.memory.peakRss)} (+${mb(r.memory.peakRss - r.memory.baseRss)} over ${mb(r.memory.baseRss)} before), peak heap used ${mb(r.memory.peakHeap)} (+${mb(r.memory.peakHeap - r.memory.baseHeap)})`,
    );
    if (r.liveHeap !== undefined) console.log(`  heap in use after each GC (another run, untimed, GC forced every 100 ms): at most ${mb(r.liveHeap)}`);
    console.log(`  naive loop priced its ${r.naive.ids.length} subscriptions exactly like ours (every line and total compared)`);
  }
  console.log(`\nmemory as the count grows (${results.map((r) => r.n.toLocaleString("en-US")).join(" -> ")} subscriptions):`);
  console.log(`  peak RSS                  ${results.map((r) => mb(r.memory.peakRss)).join(" -> ")}`);
  console.log(`  peak heap used            ${results.map((r) => mb(r.memory.peakHeap)).join(" -> ")}   (garbage included: V8 collects when it sees fit)`);
  if (results.every((r) => r.liveHeap !== undefined)) console.log(`  heap in use after GC      ${results.map((r) => mb(r.liveHeap!)).join(" -> ")}`);
  console.log(`  time per invoice, ours:   ${results.map((r) => `${((r.ours.ms / r.ours.invoices) * 1000).toFixed(1)} µs`).join(" -> ")}`);
}

// Run as the bench; imported (bench/numbering seeds with it), only the seeding.
if (process.argv[1]?.endsWith(path.join("bench", "billing", "run.ts"))) {
  main()
    .then(() => process.exit(0))
    .catch(async (err) => {
      console.error(err);
      process.exit(1);
    });
}
