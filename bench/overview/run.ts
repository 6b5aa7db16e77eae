/**
 * npm run bench:overview: the brand overview's figures (brandOverview, lib/insights/overview.ts: every
 * query the overview page runs) for one brand of N subscriptions (BENCH_SUBSCRIPTIONS, default 100,000),
 * each with a year of invoices and payments (one invoice per subscription a month for the last 3 months,
 * most paid, some failed charges, some cancelled subscriptions). Seeded set-based (INSERT ... SELECT over
 * generate_series). Prints the time per period (median of BENCH_OVERVIEW_ROUNDS, default 5); no asserts.
 * Needs the tests' PostgreSQL (TEST_DATABASE_URL). BENCH_OVERVIEW_DB=<name> keeps the seeded database
 * under that name and reuses it on the next run (for EXPLAIN ANALYZE by hand); drop it when done.
 */
import { sql } from "drizzle-orm";
import { openDatabase, type Db } from "../../db/client";
import { brands, components, coupons, productGroups, products, serviceAccounts } from "../../db/schema";
import { systemContext } from "../../lib/auth/context";
import { newId } from "../../lib/ids";
import { brandOverview } from "../../lib/insights/overview";
import { PERIODS, type PeriodKey } from "../../lib/insights/periods";
import { createDatabase, dropDatabase, urlFor } from "../../tests/support/pg";

process.env.LOG_LEVEL ??= "silent";

const N = Number(process.env.BENCH_SUBSCRIPTIONS || 100_000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_OVERVIEW_ROUNDS || 5));
const NOW = new Date("2026-06-15T12:00:00Z");
const PRODUCTS = 5;
const kept = process.env.BENCH_OVERVIEW_DB;
const name = kept || `rb_bench_overview_${process.pid}`;
const ms = (t: number) => `${t.toFixed(0)} ms`;

async function seed(db: Db) {
  const stamps = { createdAt: NOW, updatedAt: NOW };
  const [account] = await db.insert(serviceAccounts).values({ id: newId(), name: "Overview bench", createdAt: NOW }).returning();
  const [brand] = await db
    .insert(brands)
    .values({
      id: newId(),
      serviceAccountId: account.id,
      name: "Bench",
      description: "Overview bench",
      logoUrl: "https://example.com/logo.png",
      timezoneId: "America/New_York",
      webhookSecret: "whsec_bench",
      ...stamps,
    })
    .returning();
  const [group] = await db
    .insert(productGroups)
    .values({ id: newId(), brandId: brand.id, name: "Plans", description: "Bench", status: 1, ...stamps })
    .returning();
  const productRows = Array.from({ length: PRODUCTS }, (_, p) => ({
    id: newId(),
    brandId: brand.id,
    productGroupId: group.id,
    name: `Plan ${p}`,
    description: "Bench",
    status: 1 as const,
    expirationInterval: p === 4 ? 365 : 30,
    setupFeeCents: 0,
    recurringPriceCents: 999 + 500 * p,
    trial: "N" as const,
    autoPayDiscount: p % 2 === 0 ? ("Y" as const) : ("N" as const),
    autoPayDiscountAmountCents: p % 2 === 0 ? 100 : null,
    promptForVariables: "N" as const,
    taxExempt: "N" as const,
    ...stamps,
  }));
  await db.insert(products).values(productRows);
  const componentRows = [
    { componentType: "traditional" as const, name: "Extra screen", unitPriceCents: 499, startingQuantity: null, maximumUnits: null },
    { componentType: "quantitative" as const, name: "Seats", unitPriceCents: 250, startingQuantity: 1, maximumUnits: 10 },
  ].map((c) => ({
    id: newId(),
    brandId: brand.id,
    productGroupId: group.id,
    description: "Bench",
    taxable: "N" as const,
    status: 1 as const,
    ...c,
    ...stamps,
  }));
  await db.insert(components).values(componentRows);
  const couponRows = [
    { couponCode: "TENOFF", discountType: "percent" as const, discountValue: 1000 },
    { couponCode: "TWOOFF", discountType: "amount" as const, discountValue: 200 },
  ].map((c) => ({ id: newId(), brandId: brand.id, name: c.couponCode, duration: "forever" as const, stackable: "Y" as const, ...c, ...stamps }));
  await db.insert(coupons).values(couponRows);

  const arr = (xs: string[]) => sql`${`{${xs.join(",")}}`}::uuid[]`;
  const series = sql`generate_series(1, ${N}) as i`;
  const now = NOW.toISOString();
  const today = now.slice(0, 10);
  const sub = sql`md5('s' || i)::uuid`;
  // Subscription i: product i % 5; started up to a year ago; every 20th cancelled, every 25th in a trial, every 50th suspended.
  await db.execute(sql`
    insert into customer_accounts (id, brand_id, first_name, last_name, email_address, locale, timezone_id, tax_exempt, security_code, email_verification_code, created_at, updated_at)
    select md5('c' || i)::uuid, ${brand.id}, 'First' || i, 'Last' || i, 'customer' || i || '@example.com', 'en-US', 'UTC', 'N',
           lpad((i % 100000)::text, 5, '0'), md5('v' || i) || 'abc', ${now}::timestamptz - (i % 365) * interval '1 day', ${now}::timestamptz
    from ${series}`);
  await db.execute(sql`
    insert into subscriptions (id, brand_id, customer_account_id, product_id, product_group_id, status, auto_pay, start_date, period_start, renewal_date,
                               in_trial, override_initial_billing, created_at, updated_at, deleted_at)
    select ${sub}, ${brand.id}, md5('c' || i)::uuid, (${arr(productRows.map((p) => p.id))})[i % ${PRODUCTS} + 1], ${group.id},
           case when i % 20 = 0 then 3 when i % 50 = 0 then 2 else 1 end, case when i % 2 = 0 then 'Y' else 'N' end,
           ${today}::date - (i % 365), ${today}::date - (i % 30), ${today}::date + (i % 30),
           case when i % 25 = 0 then 'Y' else 'N' end, 'N', ${now}::timestamptz - (i % 365) * interval '1 day', ${now}::timestamptz,
           case when i % 20 = 0 then ${now}::timestamptz - (i % 90) * interval '1 day' end
    from ${series}`);
  await db.execute(sql`
    insert into subscription_components (id, brand_id, subscription_id, component_id, units, usage, created_at)
    select md5('sc' || i || '-' || k)::uuid, ${brand.id}, ${sub}, (${arr(componentRows.map((c) => c.id))})[k], case k when 2 then 1 + i % 7 else 1 end, 0,
           ${now}::timestamptz + k * interval '1 second'
    from ${series}, lateral (values (1), (2)) as c(k)
    where (i % 3 = 1 and k = 1) or (i % 3 = 2)`);
  await db.execute(sql`
    insert into subscription_coupons (id, brand_id, subscription_id, coupon_id, cycles_applied, created_at)
    select md5('cp' || i)::uuid, ${brand.id}, ${sub}, (${arr(couponRows.map((c) => c.id))})[i % 2 + 1], 1, ${now}::timestamptz
    from ${series} where i % 4 = 0`);
  // Three monthly invoices per subscription (m = 0, 1, 2 months back), due on creation.
  await db.execute(sql`
    insert into invoices (id, brand_id, customer_account_id, subscription_id, billing_period_start, due_date, items, created_at, updated_at)
    select md5('in' || i || '-' || m)::uuid, ${brand.id}, md5('c' || i)::uuid, ${sub}, ${today}::date - (i % 30) - 30 * m, ${today}::date - (i % 30) - 30 * m,
           jsonb_build_array(jsonb_build_object('itemName', 'Plan', 'itemPrice', 999 + 500 * (i % ${PRODUCTS}), 'quantity', 1, 'taxExempt', 'N', 'kind', 'recurring', 'componentId', null)),
           ${now}::timestamptz - ((i % 30) + 30 * m) * interval '1 day', ${now}::timestamptz
    from ${series}, generate_series(0, 2) as m`);
  // Paid in full but every 10th (left open); every 40th had a declined charge first.
  await db.execute(sql`
    insert into payments (id, brand_id, customer_account_id, invoice_id, target, processed_by, amount, status, created_at, updated_at)
    select md5('pa' || i || '-' || m)::uuid, ${brand.id}, md5('c' || i)::uuid, md5('in' || i || '-' || m)::uuid, 'invoice', 'recorded',
           999 + 500 * (i % ${PRODUCTS}), 'succeeded', ${now}::timestamptz - ((i % 30) + 30 * m) * interval '1 day' + interval '1 hour', ${now}::timestamptz
    from ${series}, generate_series(0, 2) as m where i % 10 <> 0`);
  await db.execute(sql`
    insert into payments (id, brand_id, customer_account_id, invoice_id, target, processed_by, amount, status, failure_reason, created_at, updated_at)
    select md5('pf' || i || '-' || m)::uuid, ${brand.id}, md5('c' || i)::uuid, md5('in' || i || '-' || m)::uuid, 'invoice', 'gateway',
           999 + 500 * (i % ${PRODUCTS}), 'failed', 'card_declined', ${now}::timestamptz - ((i % 30) + 30 * m) * interval '1 day', ${now}::timestamptz
    from ${series}, generate_series(0, 2) as m where i % 40 = 0`);
  await db.execute(sql`vacuum analyze`);
  return brand;
}

/** The brand seeded by an earlier run into the kept database, if there is one. */
async function seededBrand() {
  if (!kept) return undefined;
  try {
    const database = await openDatabase({ url: urlFor(name) });
    const [brand] = await database.db.select().from(brands).limit(1);
    if (brand) return { database, brand };
    await database.close();
  } catch {
    // No such database yet: seed it.
  }
  return undefined;
}

async function main() {
  const reused = await seededBrand();
  if (!reused) {
    await dropDatabase(name);
    await createDatabase(name);
  }
  const database = reused?.database ?? (await openDatabase({ url: urlFor(name) }));
  try {
    let t = performance.now();
    let brand = reused?.brand;
    if (!brand) {
      await database.migrate();
      brand = await seed(database.db);
      console.log(
        `overview bench: seeded ${N.toLocaleString("en-US")} subscriptions (${(3 * N).toLocaleString("en-US")} invoices) in ${ms(performance.now() - t)}`,
      );
    } else {
      // A database migrated since it was seeded gets the vacuum the seeding gave it (a rewritten table's visibility map).
      await database.migrate();
      await database.db.execute(sql`vacuum analyze`);
      console.log(`overview bench: reusing ${name}`);
    }
    const ctx = systemContext(database.db, brand, NOW);
    for (const key of Object.keys(PERIODS) as PeriodKey[]) {
      const times: number[] = [];
      let mrr = 0;
      for (let r = 0; r < ROUNDS; r++) {
        t = performance.now();
        mrr = (await brandOverview(ctx, key)).mrr;
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${key.padEnd(6)} median ${ms(times[Math.floor(times.length / 2)])} (min ${ms(times[0])}, max ${ms(times[times.length - 1])}; MRR ${(mrr / 100).toFixed(2)})`,
      );
    }
  } finally {
    await database.close();
    if (!kept) await dropDatabase(name);
  }
}

await main();
