/**
 * A brand of `count` monthly subscriptions paying by card (auto pay, the sandbox gateway), all due
 * at DUE_AT (bench/billing/steps.ts, bench/cluster): one of each made through the API in process
 * (DATABASE_URL) at the clock's SEEDED_AT, then `count - 1` copies of the account, its card and its
 * subscription cloned in SQL, each its own. The copies are the benches' fixture, not what they
 * measure: written without the audit triggers (a million rows each would take most of an hour).
 */
import { sql } from "drizzle-orm";

export const SEEDED_AT = "2026-05-15T10:00:00Z";
export const DUE_AT = "2026-06-15T12:00:00.000Z";
/** The day after DUE_AT: the next day's renewals are due, and one more day comes inside the window. */
export const NEXT_DAY = new Date(Date.parse(DUE_AT) + 86_400_000);

/** The walks' tests' brand (tests/billing-*-walk.test.ts): 200 due at DUE_AT and 5,800 renewing over the 30 days after it (about 193 a day). */
export const WALK_DUE = 200;
export const seedWalkBrand = () => seedDueBrand(WALK_DUE, { notDue: 5800 });

/**
 * `notDue` more copies (a brand larger than its day's renewals) renew on one of the 30 days after
 * DUE_AT, mixed among the due ones in id order (the ids are random).
 */
export async function seedDueBrand(count: number, { notDue = 0 } = {}) {
  const { getDb } = await import("../../db/client");
  const { ManualClock, useClock } = await import("../../lib/clock");
  const { makeTenant, ok } = await import("../../tests/support/api");
  const { makeGroup, makeProduct } = await import("../../tests/support/catalog");
  const { CARDS, makeAccount, makeCard, makeGateway } = await import("../../tests/support/payments");
  useClock(new ManualClock(SEEDED_AT));
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
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`create temp table ids on commit drop as select i, gen_random_uuid() as account, gen_random_uuid() as card, gen_random_uuid() as sub,
        case when i < ${count} then 0 else 1 + i % 30 end as later from generate_series(1, ${count - 1 + notDue}) i`,
    );
    // The record is made once per copy (lateral): `(jsonb_populate_record(...)).*` makes it once per column.
    await tx.execute(sql`with x as materialized (select to_jsonb(x) as j from customer_accounts x where x.id = ${account})
      insert into customer_accounts select r.* from x, ids, lateral jsonb_populate_record(null::customer_accounts, x.j || jsonb_build_object('id', ids.account, 'email_address', 'c' || ids.i || '@example.com')) r`);
    await tx.execute(sql`with x as materialized (select to_jsonb(x) as j from pay_methods x where x.id = ${card})
      insert into pay_methods select r.* from x, ids, lateral jsonb_populate_record(null::pay_methods, x.j || jsonb_build_object('id', ids.card, 'customer_account_id', ids.account)) r`);
    await tx.execute(sql`with x as materialized (select to_jsonb(x) as j from subscriptions x where x.id = ${subscription.subscription_id})
      insert into subscriptions select r.* from x, ids, lateral jsonb_populate_record(null::subscriptions, x.j || jsonb_build_object('id', ids.sub, 'customer_account_id', ids.account,
        'pay_method_id', ids.card, 'renewal_date', ((x.j->>'renewal_date')::date + ids.later)::text)) r`);
  });
  // Fresh statistics, as autovacuum would have them on a brand that grew over years.
  await db.execute(sql`analyze customer_accounts, pay_methods, subscriptions`);
  return t;
}
