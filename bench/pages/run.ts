/**
 * npm run bench:pages: the dashboard's subscriptions list page, rendered by the built app (GET with a
 * signed-in staff cookie: 50 rows, active only, sorted by renewal date) against Subscription/List over
 * the API, on the same brand's rows (N subscriptions, BENCH_SUBSCRIPTIONS, default 100,000, seeded
 * set-based) in the same run. Requests are sequential and interleaved (page, API, page, ...) so both
 * see the same machine; it prints the time per request of each and their ratio (goal: the page at
 * most 1.5x the API). Subscription/List answers its fixed maximum of 100 rows, so the page is also
 * measured at 100 rows. The brand overview page (every figure over the same 100,000 subscriptions) is
 * timed too, and `npm run bench:pages` then runs bench:overview, the figures' queries alone on a brand
 * that also has 300,000 invoices (goal: the overview under a second). No asserts. Needs the tests'
 * PostgreSQL and `next build` first.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { components, coupons } from "../../db/schema";
import { createServiceAccount } from "../../lib/platform/bootstrap";
import { newId } from "../../lib/ids";
import { createDatabase, dropDatabase, urlFor } from "../../tests/support/pg";
import { seedPlans } from "../support/plans";
import { startServer } from "../../e2e/support/server";

process.env.LOG_LEVEL ??= "silent";

const N = Number(process.env.BENCH_SUBSCRIPTIONS || 100_000);
const REQUESTS = Number(process.env.BENCH_PAGE_REQUESTS || 100);
const WARMUP = 15;
const name = `rb_bench_pages_${process.pid}`;
const staff = { email: "bench-pages@example.com", password: "bench pages password" };

/** One brand with a small catalog and N customers, each with one subscription (some with components and a coupon). */
async function seed(url: string) {
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    const db = database.db;
    const made = await createServiceAccount(db, { name: "Pages bench", brandName: "Pages bench", staffEmail: staff.email, staffPassword: staff.password });
    const brandId = made.brand_id;
    const stamps = { createdAt: new Date(), updatedAt: new Date() };
    const { groupId, productIds } = await seedPlans(db, brandId, stamps);
    const componentIds = [newId(), newId()];
    await db.insert(components).values([
      {
        id: componentIds[0],
        brandId,
        productGroupId: groupId,
        componentType: "traditional",
        name: "Extra screen",
        description: "Bench",
        unitPriceCents: 499,
        taxable: "Y",
        status: 1,
        ...stamps,
      },
      {
        id: componentIds[1],
        brandId,
        productGroupId: groupId,
        componentType: "quantitative",
        name: "Seats",
        description: "Bench",
        startingQuantity: 1,
        unitPriceCents: 250,
        taxable: "N",
        status: 1,
        ...stamps,
      },
    ]);
    const couponId = newId();
    await db.insert(coupons).values({
      id: couponId,
      brandId,
      couponCode: "TENOFF",
      name: "10%",
      discountType: "percent",
      discountValue: 1000,
      duration: "forever",
      stackable: "Y",
      ...stamps,
    });

    const series = sql`generate_series(1, ${N}) as i`;
    const products_ = sql`${`{${productIds.join(",")}}`}::uuid[]`;
    const started = performance.now();
    await db.execute(sql`
      insert into customer_accounts (id, brand_id, first_name, last_name, email_address, locale, timezone_id, tax_exempt, security_code, email_verification_code, created_at, updated_at)
      select md5('c' || i)::uuid, ${brandId}::uuid, 'First' || i, 'Last' || i, 'customer' || i || '@example.com', 'en-US', 'UTC', 'N',
             lpad((i % 100000)::text, 5, '0'), md5('v' || i) || 'abc', now() - i * interval '1 second', now()
      from ${series}`);
    // Every tenth suspended; renewal dates spread over 30 days.
    await db.execute(sql`
      insert into subscriptions (id, brand_id, customer_account_id, product_id, product_group_id, status, auto_pay, start_date, period_start, renewal_date,
                                 in_trial, override_initial_billing, created_at, updated_at)
      select md5('s' || i)::uuid, ${brandId}::uuid, md5('c' || i)::uuid, (${products_})[1 + i % 5], ${groupId}::uuid, case when i % 10 = 0 then 2 else 1 end,
             case when i % 2 = 0 then 'Y' else 'N' end, current_date - 30 + i % 30, current_date - 30 + i % 30, current_date + i % 30,
             'N', 'N', now() - i * interval '1 second', now()
      from ${series}`);
    await db.execute(sql`
      insert into subscription_components (id, brand_id, subscription_id, component_id, units, usage, created_at)
      select md5('sc' || i)::uuid, ${brandId}::uuid, md5('s' || i)::uuid, case when i % 2 = 0 then ${componentIds[0]}::uuid else ${componentIds[1]}::uuid end,
             case when i % 2 = 0 then 1 else 1 + i % 7 end, 0, now()
      from ${series} where i % 3 = 1`);
    await db.execute(sql`
      insert into subscription_coupons (id, brand_id, subscription_id, coupon_id, cycles_applied, created_at)
      select md5('cp' || i)::uuid, ${brandId}::uuid, md5('s' || i)::uuid, ${couponId}::uuid, 0, now()
      from ${series} where i % 5 = 0`);
    await db.execute(sql`vacuum analyze`);
    console.log(`  seeded ${N.toLocaleString("en-US")} customers and subscriptions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return made;
  } finally {
    await database.close();
  }
}

/** Signs in through the dashboard's own sign-in (next-auth credentials) and answers the session cookie. */
async function signIn(baseUrl: string) {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
  const r = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, email: staff.email, password: staff.password, json: "true" }),
  });
  const session = r.headers.getSetCookie().find((c) => c.includes("session-token"));
  if (!session) throw new Error(`sign-in failed: ${r.status}`);
  return [...jar, session.split(";")[0]].join("; ");
}

async function timed(fetchOne: () => Promise<Response>, check: (body: string) => boolean) {
  const started = performance.now();
  const r = await fetchOne();
  const body = await r.text();
  const ms = performance.now() - started;
  if (r.status !== 200 || !check(body)) throw new Error(`unexpected answer ${r.status}: ${body.slice(0, 300)}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  await dropDatabase(name);
  await createDatabase(name);
  const url = urlFor(name);
  const server = { stop: async () => {} } as { stop(): Promise<void> };
  try {
    const made = await seed(url);
    Object.assign(server, await startServer({ DATABASE_URL: url }));
    const baseUrl = (server as unknown as { baseUrl: string }).baseUrl;
    const cookie = await signIn(baseUrl);
    const page = (size: number) => () =>
      fetch(`${baseUrl}/dashboard/${made.brand_id}/subscriptions?status=1&sort=renewal_date&dir=desc&pageSize=${size}`, { headers: { cookie } });
    const apiList = () =>
      fetch(`${baseUrl}/api/json/Subscription/List?status=1`, { headers: { "x-api-key": made.key, "x-user-key": made.user_key, "x-brand-id": made.brand_id } });
    const pageOk = (body: string) => body.includes("First") && body.includes("Subscriptions");
    const apiOk = (body: string) => body.includes('"status":"success"');

    const overview = () => fetch(`${baseUrl}/dashboard/${made.brand_id}/overview?movement=12m&revenue=12m`, { headers: { cookie } });
    const overviewOk = (body: string) => body.includes("Recurring revenue") && body.includes("MRR");
    const runs = { page50: [] as number[], page100: [] as number[], api: [] as number[], overview: [] as number[] };
    for (let i = 0; i < WARMUP; i++) {
      await timed(page(50), pageOk);
      await timed(page(100), pageOk);
      await timed(apiList, apiOk);
    }
    for (let i = 0; i < REQUESTS; i++) {
      runs.page50.push(await timed(page(50), pageOk));
      runs.api.push(await timed(apiList, apiOk));
      runs.page100.push(await timed(page(100), pageOk));
    }
    // Fewer rounds: the overview reads every subscription each time.
    for (let i = 0; i < Math.max(3, Math.floor(REQUESTS / 10)); i++) runs.overview.push(await timed(overview, overviewOk));
    const line = (label: string, xs: number[]) =>
      console.log(`  ${label.padEnd(44)} median ${median(xs).toFixed(1).padStart(7)} ms   mean ${mean(xs).toFixed(1).padStart(7)} ms`);
    console.log(`\n  ${REQUESTS} sequential requests each, interleaved, after ${WARMUP} warm-up rounds:`);
    line("Subscription/List over the API (100 rows)", runs.api);
    line("subscriptions page, 50 rows (server-rendered)", runs.page50);
    line("subscriptions page, 100 rows", runs.page100);
    line(`overview page, 12 months (${runs.overview.length} requests)`, runs.overview);
    console.log(
      `\n  page (50 rows) / API: ${(median(runs.page50) / median(runs.api)).toFixed(2)}x (median), ${(mean(runs.page50) / mean(runs.api)).toFixed(2)}x (mean)`,
    );
    console.log(
      `  page (100 rows) / API: ${(median(runs.page100) / median(runs.api)).toFixed(2)}x (median), ${(mean(runs.page100) / mean(runs.api)).toFixed(2)}x (mean)`,
    );
    console.log(`  goal: page at most 1.5x the API; the overview under 1 s`);
  } finally {
    await server.stop();
    await dropDatabase(name);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
