/**
 * npx tsx bench/billing/steps.ts: one brand of BENCH_SUBSCRIPTIONS (default 20,000) due monthly
 * subscriptions paying by card (auto pay, the sandbox gateway), billed through the fanned-out
 * Inngest function bill-brand (inngest/functions/run-billing.ts) at its default chunk sizes, each
 * step run as Inngest runs it (@inngest/test). Prints every kind of step's count, median and
 * longest time: no step may run longer than a serverless host allows (issue 34: seconds). Seeded
 * through the API once, then cloned in SQL. Needs the tests' PostgreSQL (TEST_DATABASE_URL).
 */
import { sql } from "drizzle-orm";
import { createDatabase, dropDatabase, urlFor } from "../../tests/support/pg";

const N = Number(process.env.BENCH_SUBSCRIPTIONS || 20_000);
const dbName = `rb_bench_steps_${process.pid}`;
const NOW = "2026-06-15T12:00:00.000Z";

async function main() {
  await createDatabase(dbName);
  process.env.DATABASE_URL = urlFor(dbName);
  process.env.LOG_LEVEL = "silent";
  try {
    const { getDb, closeDatabase } = await import("../../db/client");
    const { ManualClock, useClock } = await import("../../lib/clock");
    const { makeTenant, ok } = await import("../../tests/support/api");
    const { makeGroup, makeProduct } = await import("../../tests/support/catalog");
    const { CARDS, makeAccount, makeCard, makeGateway } = await import("../../tests/support/payments");
    const { InngestTestEngine, mockCtx } = await import("@inngest/test");
    const { billBrand, BILL_BRAND } = await import("../../inngest/functions/run-billing");
    const clock = new ManualClock("2026-05-15T10:00:00Z");
    useClock(clock);
    const db = await getDb();
    const t = await makeTenant();
    await makeGateway(t);
    const group = await makeGroup(t);
    const product = await makeProduct(t, group.product_group_id, { setup_fee: "0.00", recurring_price: "19.99", expiration_interval: "31" });
    const account = await makeAccount(t);
    const card = await makeCard(t, account, CARDS.ok, { require_verification: "N" });
    const { subscription } = await ok(t, "json", "Subscription/Create", {
      method: "POST",
      params: { customer_account_id: account, product_id: product.product_id, pay_method_id: card, override_initial_billing: "Y", auto_pay: "Y" },
    });
    // N - 1 copies of the account, its card and its subscription, each its own.
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`create temp table ids on commit drop as select i, gen_random_uuid() as account, gen_random_uuid() as card, gen_random_uuid() as sub from generate_series(1, ${N - 1}) i`,
      );
      await tx.execute(sql`insert into customer_accounts select (jsonb_populate_record(null::customer_accounts, to_jsonb(x) || jsonb_build_object('id', ids.account, 'email_address', 'c' || ids.i || '@example.com'))).*
        from customer_accounts x, ids where x.id = ${account}`);
      await tx.execute(sql`insert into pay_methods select (jsonb_populate_record(null::pay_methods, to_jsonb(x) || jsonb_build_object('id', ids.card, 'customer_account_id', ids.account))).*
        from pay_methods x, ids where x.id = ${card}`);
      await tx.execute(sql`insert into subscriptions select (jsonb_populate_record(null::subscriptions, to_jsonb(x) || jsonb_build_object('id', ids.sub, 'customer_account_id', ids.account, 'pay_method_id', ids.card))).*
        from subscriptions x, ids where x.id = ${subscription.subscription_id}`);
    });
    console.log(`seeded ${N} due subscriptions in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    clock.set(NOW);
    const times = new Map<string, number[]>();
    const run: any = await new InngestTestEngine({ function: billBrand }).execute({
      events: [{ name: BILL_BRAND, data: { brandId: t.brand_id, now: NOW } }],
      transformCtx: (raw: any) => {
        const ctx: any = mockCtx(raw);
        const original = ctx.step.run;
        ctx.step.run = Object.assign(
          (id: string, fn: () => Promise<unknown>) =>
            original(id, async () => {
              const t0 = performance.now();
              const out = await fn();
              const kind = id.replace(/-\d+/g, "");
              times.set(kind, [...(times.get(kind) ?? []), performance.now() - t0]);
              return out;
            }),
          { mock: original.mock },
        );
        return ctx;
      },
    });
    if (run.error) throw new Error(JSON.stringify(run.error));
    console.log(`bill-brand over ${N} subscriptions:`, run.result);
    let longest = 0;
    for (const [kind, list] of times) {
      const sorted = [...list].sort((a, b) => a - b);
      longest = Math.max(longest, sorted.at(-1)!);
      console.log(
        `  ${kind.padEnd(20)} ${String(list.length).padStart(5)} steps, median ${(sorted[Math.floor(sorted.length / 2)] / 1000).toFixed(2)} s, longest ${(sorted.at(-1)! / 1000).toFixed(2)} s`,
      );
    }
    console.log(`longest step: ${(longest / 1000).toFixed(2)} s`);
    const [paid] = (await db.execute(sql`select count(*)::int as n from payments where brand_id = ${t.brand_id} and status = 'succeeded'`)) as unknown as {
      n: number;
    }[];
    console.log(`succeeded charges: ${paid.n}`);
    await closeDatabase();
  } finally {
    await dropDatabase(dbName);
  }
}

await main();
