/**
 * Renewals in chunks (lib/billing/renew-chunk.ts): a chunk of due subscriptions is renewed and
 * charged in a number of statements that does not grow with the chunk (one transaction for the
 * renewals and their attempts, the gateway calls, one for the answers), and a subscription whose
 * renewal the database refuses keeps only itself back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { and, eq, inArray, sql } from "drizzle-orm";
import * as schema from "../db/schema";
import { getDb, type Db } from "../db/client";
import { brands, invoices, payments, subscriptions } from "../db/schema";
import { generateDueInvoices } from "../lib/billing/generate-invoices";
import { renewDue } from "../lib/billing/renew-due";
import { renewChunk } from "../lib/billing/renew-chunk";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { makeTenant, ok, type Tenant } from "./support/api";
import { makeComponent, makeCoupon, makeGroup, makeProduct } from "./support/catalog";
import { CARDS, makeAccount, makeCard, makeGateway } from "./support/payments";
import { runContext } from "../lib/auth/context";

const clock = new ManualClock("2026-03-01T10:00:00Z");
let db: Db;
let t: Tenant;
let product: string;
let coupon: string;
let group: string;

beforeAll(async () => {
  useClock(clock);
  db = await getDb();
  t = await makeTenant();
  await makeGateway(t);
  group = (await makeGroup(t)).product_group_id;
  product = (await makeProduct(t, group, { recurring_price: "9.99", expiration_interval: "30" })).product_id;
  coupon = (await makeCoupon(t, { discount_type: "percent", discount_value: "10", duration: "cycles", duration_cycles: "3" })).coupon_code;
});
afterAll(() => useClock(systemClock));

/** N subscriptions renewing on 3/31 with auto pay by card; every fifth card declines, every third has the coupon. */
async function subscribe(n: number) {
  clock.set("2026-03-01T10:00:00Z");
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const account = await makeAccount(t);
    const card = await makeCard(t, account, i % 5 === 4 ? CARDS.declines : CARDS.ok, { require_verification: "N" });
    const body = await ok(t, "json", "Subscription/Create", {
      method: "POST",
      params: {
        customer_account_id: account,
        product_id: product,
        pay_method_id: card,
        override_initial_billing: "Y",
        auto_pay: "Y",
        ...(i % 3 === 0 ? { coupon_code: coupon } : {}),
      },
    });
    ids.push(body.subscription.subscription_id as string);
  }
  return ids;
}

/** A second connection to the test's database that counts the statements sent through it. */
function countingDb() {
  const counter = { statements: 0 };
  const client = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {}, debug: () => counter.statements++ });
  return { db: drizzle(client, { schema }) as unknown as Db, counter, close: () => client.end({ timeout: 5 }) };
}

const periodsOf = (ids: string[]) =>
  db.select({ id: subscriptions.id, renewalDate: subscriptions.renewalDate }).from(subscriptions).where(inArray(subscriptions.id, ids));

describe("renewing a chunk of due subscriptions", () => {
  it("takes a bounded number of statements, not a few dozen per subscription, and renews and charges each once", async () => {
    const ids = await subscribe(25);
    clock.set("2026-03-31T12:00:00Z");
    expect((await generateDueInvoices({ ctx: await runContext(db, clock.now(), t.brand_id), input: { subscriptionIds: ids } })).created).toBe(25);
    const counting = countingDb();
    try {
      const r = await renewDue({ ctx: await runContext(counting.db, clock.now(), t.brand_id) });
      expect(r).toEqual({ renewed: 25, charged: 20, declined: 5 });
      // One by one it took about 40 statements per renewal (1,000 here); a chunk takes a fixed few dozen.
      expect(counting.counter.statements).toBeLessThan(60);
      // A rerun finds nothing due.
      expect(await renewDue({ ctx: await runContext(counting.db, clock.now(), t.brand_id) })).toEqual({ renewed: 0, charged: 0, declined: 0 });
    } finally {
      await counting.close();
    }
    expect((await periodsOf(ids)).every((s) => s.renewalDate === "2026-04-30")).toBe(true);
    const charges = await db
      .select({ status: payments.status, amount: payments.amount, invoiceId: payments.invoiceId })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(and(inArray(invoices.subscriptionId, ids), eq(invoices.billingPeriodStart, "2026-03-31")));
    expect(charges.length).toBe(25);
    expect(new Set(charges.map((c) => c.invoiceId)).size).toBe(25);
    expect(charges.filter((c) => c.status === "succeeded").length).toBe(20);
    expect(charges.filter((c) => c.status === "failed").length).toBe(5);
    // The coupon's 10% is on the invoices of the subscriptions that carry it, and its cycle counted (the first was the initial invoice's).
    expect(charges.map((c) => c.amount).sort()).toEqual([...Array(9).fill(899), ...Array(16).fill(999)].sort());
    const cycles = await db.execute(
      sql`select count(*)::int as n from subscription_coupons where subscription_id = any(${`{${ids.join(",")}}`}::uuid[]) and cycles_applied = 2`,
    );
    expect((cycles as unknown as { n: number }[])[0].n).toBe(9);
  });

  it("renews the rest of a chunk when the database refuses one subscription's renewal, and that one once it can be", async () => {
    const ids = await subscribe(6);
    const bad = ids[3];
    clock.set("2026-03-31T12:00:00Z");
    await generateDueInvoices({ ctx: await runContext(db, clock.now(), t.brand_id), input: { subscriptionIds: ids } });
    // Any row-level failure of the chunk's statements will do; a trigger refuses this one's period row.
    await db.execute(
      sql.raw(`
      create function refuse_one() returns trigger language plpgsql as $$
      begin if new.subscription_id = '${bad}' then raise exception 'refused for the test'; end if; return new; end $$;
      create trigger refuse_one before insert on subscription_periods for each row execute function refuse_one();`),
    );
    try {
      expect(await renewDue({ ctx: await runContext(db, clock.now(), t.brand_id) })).toEqual({ renewed: 5, charged: 4, declined: 1 });
      const after = await periodsOf(ids);
      expect(
        after
          .filter((s) => s.renewalDate === "2026-04-30")
          .map((s) => s.id)
          .sort(),
      ).toEqual(ids.filter((id) => id !== bad).sort());
      expect(after.find((s) => s.id === bad)!.renewalDate).toBe("2026-03-31");
    } finally {
      await db.execute(sql.raw(`drop trigger refuse_one on subscription_periods; drop function refuse_one();`));
    }
    expect(await renewDue({ ctx: await runContext(db, clock.now(), t.brand_id) })).toEqual({ renewed: 1, charged: 1, declined: 0 });
  });

  it("puts each metered subscription's usage on its own invoice in the chunk's one transaction (it used to fail and go one by one)", async () => {
    clock.set("2026-03-01T10:00:00Z");
    const metered = (await makeComponent(t, group, { component_type: "metered", unit_price: "0.10", starting_quantity: "0" })).component_id;
    const subs: { id: string; account: string; units: number }[] = [];
    for (const units of [7, 30]) {
      const account = await makeAccount(t);
      const card = await makeCard(t, account);
      const body = await ok(t, "json", "Subscription/Create", {
        method: "POST",
        params: {
          customer_account_id: account,
          product_id: product,
          pay_method_id: card,
          override_initial_billing: "Y",
          auto_pay: "Y",
          attached_components: JSON.stringify([{ component_id: metered, units: "0" }]),
        },
      });
      const id = body.subscription.subscription_id as string;
      await ok(t, "json", "Subscription/ReportUsage", {
        method: "PATCH",
        params: { subscription_id: id, customer_account_id: account, component_id: metered, units: String(units), expression_type: "additive" },
      });
      subs.push({ id, account, units });
    }
    clock.set("2026-03-31T12:00:00Z");
    const ids = subs.map((s) => s.id);
    await generateDueInvoices({ ctx: await runContext(db, clock.now(), t.brand_id), input: { subscriptionIds: ids } });
    const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    // renewChunk throws when its transaction fails (renewDue would then renew one by one): it must not.
    expect(await renewChunk(db, clock.now(), brand, ids)).toMatchObject({ renewed: 2, charged: 2, declined: 0, oneByOne: [] });
    for (const s of subs) {
      const [inv] = await db
        .select({ items: invoices.items, total: invoices.totalCents })
        .from(invoices)
        .where(and(eq(invoices.subscriptionId, s.id), eq(invoices.billingPeriodStart, "2026-03-31")));
      expect(inv.items.map((i) => [i.kind, i.quantity, i.itemPrice])).toEqual([
        ["recurring", 1, 999],
        ["usage", s.units, 10],
      ]);
      expect(inv.total).toBe(999 + 10 * s.units);
    }
  });
});
