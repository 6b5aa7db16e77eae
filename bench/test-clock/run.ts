/**
 * npm run bench:test-clock: TestClock/Advance by a year on a sandbox brand of N subscriptions
 * (BENCH_SUBSCRIPTIONS, default 1,000), made through the API in process (monthly plans, a trial,
 * a coupon, auto pay by card, a dunning rule). Prints the advance's time and what it did, against
 * a baseline measured in the same run on an identical brand: one billing run per day of the year
 * (the naive way to replay time). No asserts. Needs the tests' PostgreSQL (TEST_DATABASE_URL).
 */
import { createDatabase, dropDatabase, urlFor } from "../../tests/support/pg";

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
  const { getDb } = await import("../../db/client");
  const { makeTenant, ok } = await import("../../tests/support/api");
  const { makeGroup, makeProduct, makeCoupon } = await import("../../tests/support/catalog");
  const { makeAccount, makeGateway, makeCard } = await import("../../tests/support/payments");
  const { runBilling } = await import("../../lib/billing/run-billing");
  const { brands } = await import("../../db/schema");
  const { eq } = await import("drizzle-orm");
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
      for (let i = 0; i < N; i += 10) {
        await Promise.all(
          Array.from({ length: Math.min(10, N - i) }, async (_, k) => {
            const n = i + k;
            const account = await makeAccount(t);
            const card = await makeCard(t, account, n % 25 === 0 ? "4000000000000002" : "4242424242424242", { require_verification: "N" });
            await ok(t, "json", "Subscription/Create", {
              method: "POST",
              params: {
                customer_account_id: account,
                product_id: plans[n % 3].product_id,
                pay_method_id: card,
                override_initial_billing: "Y",
                auto_pay: "Y",
                ...(n % 4 === 0 ? { coupon_code: coupon.coupon_code } : {}),
              },
            });
          }),
        );
      }
      return t;
    };
    let started = performance.now();
    const ours = await sandbox("advance");
    const baseline = await sandbox("daily");
    console.log(`seeded 2 sandbox brands of ${N} subscriptions through the API in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    started = performance.now();
    const advanced = (await ok(ours, "json", "TestClock/Advance", { method: "POST", params: { days: "365" } })).test_clock;
    const advanceMs = performance.now() - started;

    // The baseline: the billing run once per day of the year for the other brand, then its clock set.
    const db = await getDb();
    const from = new Date((await ok(baseline, "json", "TestClock/Get")).test_clock.test_clock);
    started = performance.now();
    for (let d = 1; d <= 365; d++) await runBilling({ db, now: new Date(from.getTime() + d * DAY), brandId: baseline.brand_id });
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
