/**
 * npm run bench:test-clock: TestClock/Advance by a year on a sandbox brand of N subscriptions
 * (BENCH_SUBSCRIPTIONS, default 1,000): monthly plans, a trial, a yearly plan, a coupon, auto pay by
 * card (every 25th declines), a dunning rule. One subscription of each kind is made through the API
 * in process, then cloned in SQL with everything it owns (account, card, initial invoice and
 * payment, period, coupon) as many times as the kind occurs. Prints the advance's time and what it did, against
 * a baseline measured in the same run on an identical brand: one billing run per day of the year
 * (the naive way to replay time). No asserts. Needs the tests' PostgreSQL (TEST_DATABASE_URL).
 */
import { createDatabase, dropDatabase, urlFor } from "../../tests/support/pg";
import { runContext } from "../../lib/auth/context";

process.env.LOG_LEVEL ??= "silent";
process.env.BACKGROUND_JOBS = "off";
process.env.RATE_LIMIT_PER_SECOND = "1000000";
process.env.RATE_LIMIT_BURST = "1000000";

const N = Number(process.env.BENCH_SUBSCRIPTIONS || 1000);
const DAY = 86_400_000;
const name = `rb_bench_test_clock_${process.pid}`;

async function main() {
  await dropDatabase(name);
  await createDatabase(name);
  process.env.DATABASE_URL = urlFor(name);
  // Imported once DATABASE_URL names the bench's own database.
  const { getDb, resultRows } = await import("../../db/client");
  const { makeTenant, ok } = await import("../../tests/support/api");
  const { makeGroup, makeProduct, makeCoupon } = await import("../../tests/support/catalog");
  const { makeAccount, makeGateway, makeCard } = await import("../../tests/support/payments");
  const { runBilling } = await import("../../lib/billing/run-billing");
  const { brands } = await import("../../db/schema");
  const { eq, sql } = await import("drizzle-orm");
  const db = await getDb();
  /** The tables holding what the API wrote for one customer's subscription, parents first, and how their rows are found. */
  const owned: [table: string, of: string][] = [
    ["customer_accounts", "id = $account"],
    ["pay_methods", "customer_account_id = $account"],
    ["subscriptions", "customer_account_id = $account"],
    ["subscription_components", "subscription_id in (select id from subscriptions where customer_account_id = $account)"],
    ["subscription_coupons", "subscription_id in (select id from subscriptions where customer_account_id = $account)"],
    ["invoices", "customer_account_id = $account"],
    ["payments", "customer_account_id = $account"],
    ["subscription_periods", "subscription_id in (select id from subscriptions where customer_account_id = $account)"],
  ];
  /** The ids a clone gets anew (derived from the original's and the clone's number); all others (brand, catalog, gateway) are shared. */
  const cloned = new Set(["id", "customer_account_id", "pay_method_id", "subscription_id", "invoice_id"]);
  const columnsOf = new Map<string, string[]>();
  /** `copies` clones of a customer account with everything it owns, one statement per table. */
  const cloneAccount = async (account: string, copies: number) => {
    if (copies <= 0) return;
    for (const [table, of] of owned) {
      if (!columnsOf.has(table)) {
        const rows = await db.execute(
          sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
        );
        columnsOf.set(
          table,
          resultRows<{ column_name: string }>(rows).map((r) => r.column_name),
        );
      }
      const columns = columnsOf.get(table)!;
      const values = columns.map((c) =>
        cloned.has(c) ? `md5(${c}::text || ':' || g.n)::uuid` : table === "customer_accounts" && c === "email_address" ? `g.n || '.' || ${c}` : c,
      );
      await db.execute(
        sql.raw(
          `insert into ${table} (${columns.join(", ")}) select ${values.join(", ")} from ${table} cross join generate_series(1, ${copies}) as g(n) where ${of.replaceAll("$account", `'${account}'`)}`,
        ),
      );
    }
  };
  try {
    const tenant = await makeTenant();
    /** A sandbox brand with N subscriptions, made through the API. */
    const sandbox = async (label: string) => {
      const brand = await ok(tenant, "json", "Brand/Create", {
        method: "POST",
        params: { name: `Bench ${label}`, description: "Test clock bench", logo_url: "https://example.com/logo.png", sandbox: "Y" },
      });
      const t = { ...tenant, brand_id: brand.brand.brand_id as string };
      await makeGateway(t);
      const group = await makeGroup(t);
      const plans = [
        await makeProduct(t, group.product_group_id, { recurring_price: "9.99", expiration_interval: "30" }),
        await makeProduct(t, group.product_group_id, {
          recurring_price: "19.99",
          expiration_interval: "30",
          trial: "Y",
          trial_interval: "14",
          trial_price: "0.00",
        }),
        await makeProduct(t, group.product_group_id, { recurring_price: "99.00", expiration_interval: "365" }),
      ];
      const coupon = await makeCoupon(t, { discount_type: "percent", discount_value: "10", duration: "cycles", duration_cycles: "3" });
      await ok(t, "json", "DunningRule/Create", {
        method: "POST",
        params: {
          product_group_id: group.product_group_id,
          name: "Remind",
          description: "Reminds after three days overdue",
          overdue_days: "3",
          overdue_amount: "1.00",
          enforcement_action: "REMIND",
        },
      });
      // One subscription of each kind through the API (plan, coupon or not, declining card or not),
      // then cloned in SQL as many times as the kind occurs among the N: the API's rows, N times.
      const kindOf = (n: number) => ({ plan: n % 3, coupon: n % 4 === 0, declines: n % 25 === 0 });
      const counts = new Map<string, { kind: ReturnType<typeof kindOf>; count: number }>();
      for (let n = 0; n < N; n++) {
        const kind = kindOf(n);
        const key = JSON.stringify(kind);
        (counts.get(key) ?? counts.set(key, { kind, count: 0 }).get(key)!).count++;
      }
      for (const { kind, count } of counts.values()) {
        const account = await makeAccount(t);
        const card = await makeCard(t, account, kind.declines ? "4000000000000002" : "4242424242424242", { require_verification: "N" });
        await ok(t, "json", "Subscription/Create", {
          method: "POST",
          params: {
            customer_account_id: account,
            product_id: plans[kind.plan].product_id,
            pay_method_id: card,
            override_initial_billing: "Y",
            auto_pay: "Y",
            ...(kind.coupon ? { coupon_code: coupon.coupon_code } : {}),
          },
        });
        await cloneAccount(account, count - 1);
      }
      return t;
    };
    let started = performance.now();
    const ours = await sandbox("advance");
    const baseline = await sandbox("daily");
    console.log(
      `seeded 2 sandbox brands of ${N} subscriptions (each kind through the API, cloned in SQL) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    started = performance.now();
    const advanced = (await ok(ours, "json", "TestClock/Advance", { method: "POST", params: { days: "365" } })).test_clock;
    const advanceMs = performance.now() - started;

    // The baseline: the billing run once per day of the year for the other brand, then its clock set.
    const from = new Date((await ok(baseline, "json", "TestClock/Get")).test_clock.test_clock);
    started = performance.now();
    for (let d = 1; d <= 365; d++) await runBilling({ ctx: await runContext(db, new Date(from.getTime() + d * DAY), baseline.brand_id) });
    const dailyMs = performance.now() - started;
    await db
      .update(brands)
      .set({ testClockAt: new Date(from.getTime() + 365 * DAY) })
      .where(eq(brands.id, baseline.brand_id));
    const count = async (t: typeof ours) => (await ok(t, "json", "Invoice/List", { params: { limit: "1" } })).count ?? "?";

    console.log(`TestClock/Advance by 365 days, ${N} subscriptions: ${(advanceMs / 1000).toFixed(2)} s`);
    console.log(`  it did: ${JSON.stringify(advanced)}`);
    console.log(`baseline, one billing run per day for 365 days: ${(dailyMs / 1000).toFixed(2)} s`);
    console.log(`advance / baseline: ${(advanceMs / dailyMs).toFixed(2)}x   (invoices: ours ${await count(ours)}, baseline ${await count(baseline)})`);
  } finally {
    await (await import("../../db/client")).closeDatabase();
    await dropDatabase(name).catch(() => {});
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
