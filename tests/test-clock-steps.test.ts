/**
 * What a test clock's steps run (lib/test-clocks/advance.ts, lib/billing/run-billing.ts): a dunning
 * rule whose day comes many steps after its invoice fires once, that day (between the first and the
 * last step dunning looks only at invoices whose rule day has just come); a rule made before an
 * advance acts on invoices long overdue at its first step; a one-brand run with nothing due opens no
 * transaction (one query says so), and one with a charge whose answer was lost still settles it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { sql } from "drizzle-orm";
import * as schema from "../db/schema";
import { getDb, type Db } from "../db/client";
import { runBilling } from "../lib/billing/run-billing";
import { sandboxProvider } from "../lib/gateways/providers/sandbox";
import { newId } from "../lib/ids";
import { makeTenant, ok, type Tenant } from "./support/api";
import { makeGroup, makeProduct } from "./support/catalog";
import { CARDS, makeAccount, makeCard, makeGateway } from "./support/payments";
import { runContext } from "../lib/auth/context";

const DAY = 86_400_000;

async function sandbox(name: string): Promise<Tenant & { start: Date }> {
  const tenant = await makeTenant();
  const brand = await ok(tenant, "json", "Brand/Create", {
    method: "POST",
    params: { name, description: "A sandbox brand", logo_url: "https://example.com/logo.png", sandbox: "Y" },
  });
  const t = { ...tenant, brand_id: brand.brand.brand_id as string };
  await makeGateway(t);
  return { ...t, start: new Date((await ok(t, "json", "TestClock/Get")).test_clock.test_clock) };
}

async function subscribe(t: Tenant, productId: string, card: string = CARDS.ok) {
  const account = await makeAccount(t);
  const payMethod = await makeCard(t, account, card, { require_verification: "N" });
  const body = await ok(t, "json", "Subscription/Create", {
    method: "POST",
    params: { customer_account_id: account, product_id: productId, pay_method_id: payMethod, override_initial_billing: "Y", auto_pay: "Y" },
  });
  return { account, payMethod, id: body.subscription.subscription_id as string };
}

const remindRule = (t: Tenant, groupId: string, days: string) =>
  ok(t, "json", "DunningRule/Create", {
    method: "POST",
    params: {
      product_group_id: groupId,
      name: `Remind ${days}`,
      description: `Reminds after ${days} days overdue`,
      overdue_days: days,
      overdue_amount: "1.00",
      enforcement_action: "REMIND",
    },
  });

/** The brand's dunning actions: the invoice's period start, the rule's days, and the day it ran (UTC, as the brand's time zone). */
async function actions(t: Tenant) {
  const db = await getDb();
  const rows = (await db.execute(sql`
    select i.billing_period_start::text as period, r.overdue_days as days, to_char(a.ran_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as ran
    from dunning_actions a join invoices i on i.id = a.invoice_id join dunning_rules r on r.id = a.rule_id
    where a.brand_id = ${t.brand_id} order by a.ran_at, r.overdue_days, i.billing_period_start`)) as unknown as { period: string; days: number; ran: string }[];
  return rows.map((r) => `${r.period} +${r.days} at ${r.ran}`);
}

const reminders = async (t: Tenant) =>
  Number(
    (
      (await (
        await getDb()
      ).execute(sql`select count(*)::int as n from outbox_events where brand_id = ${t.brand_id} and type = 'Invoice/Reminder'`)) as unknown as { n: number }[]
    )[0].n,
  );

describe("dunning across a test clock's steps", () => {
  let t: Tenant & { start: Date };
  let group: string;
  const date = (days: number) => new Date(t.start.getTime() + days * DAY).toISOString().slice(0, 10);
  const advanceTo = async (days: number) =>
    (
      await ok(t, "json", "TestClock/Advance", {
        method: "POST",
        params: { advance_to: new Date(Date.parse(`${date(days)}T00:00:00Z`) + 12 * 3_600_000).toISOString() },
      })
    ).test_clock;

  beforeAll(async () => {
    t = await sandbox("Dunning steps");
    group = (await makeGroup(t)).product_group_id;
    const monthly = await makeProduct(t, group, { setup_fee: "0.00", recurring_price: "20.00", expiration_interval: "30" });
    // A weekly subscription of another group, paid: a step every few days between the monthly invoice and its rule's day.
    const weekly = await makeProduct(t, (await makeGroup(t)).product_group_id, { setup_fee: "0.00", recurring_price: "5.00", expiration_interval: "7" });
    await remindRule(t, group, "40");
    await subscribe(t, monthly.product_id, CARDS.declines);
    await subscribe(t, weekly.product_id);
  });

  it("a rule's day forty days and a dozen steps after its declined renewal: it reminds once, at that day's start", async () => {
    // Renewals on days 30 and 60 decline; the first one's rule day is day 70, the second's day 100.
    expect(await advanceTo(75)).toMatchObject({ charges_declined: "2", dunning_rules_fired: "1" });
    expect(await actions(t)).toEqual([`${date(30)} +40 at ${date(70)} 00:00`]);
    expect(await advanceTo(99)).toMatchObject({ dunning_rules_fired: "0" });
    expect(await advanceTo(101)).toMatchObject({ dunning_rules_fired: "1" });
    expect(await actions(t)).toEqual([`${date(30)} +40 at ${date(70)} 00:00`, `${date(60)} +40 at ${date(100)} 00:00`]);
    expect(await reminders(t)).toBe(2);
  });

  it("a rule made between advances acts on the invoices long past its day at the next advance's first step, once", async () => {
    await remindRule(t, group, "5");
    // The next step is day 102 (the weekly renewal's invoice): the three unpaid invoices (days 30, 60, 90) are reminded then.
    expect(await advanceTo(103)).toMatchObject({ dunning_rules_fired: "3" });
    expect((await actions(t)).filter((a) => a.includes(" +5 at "))).toEqual([30, 60, 90].map((d) => `${date(d)} +5 at ${date(102)} 00:00`));
    expect(await advanceTo(130)).toMatchObject({ dunning_rules_fired: "2" }); // day 120's invoice: +5 on day 125; day 90's +40 on day 130
    expect(await reminders(t)).toBe(7);
  });
});

/** A second connection to the test's database that keeps the statements sent through it. */
function recordingDb() {
  const statements: string[] = [];
  const client = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {}, debug: (_c, query) => statements.push(query) });
  return { db: drizzle(client, { schema }) as unknown as Db, statements, close: () => client.end({ timeout: 5 }) };
}

describe("a one-brand billing run (a test clock's step)", () => {
  it("with nothing due asks a few queries, in no transaction but their scope's; with a lost charge answer, the janitor settles it", async () => {
    const t = await sandbox("Quiet step");
    const product = await makeProduct(t, (await makeGroup(t)).product_group_id, { setup_fee: "0.00", recurring_price: "20.00", expiration_interval: "30" });
    const sub = await subscribe(t, product.product_id);
    const now = new Date(t.start.getTime() + 10 * DAY);
    const recording = recordingDb();
    try {
      await recording.db.execute(sql`select 1`); // the driver's own first questions (its types)
      const ctx = await runContext(recording.db, now, t.brand_id); // the brand's row read before counting
      recording.statements.length = 0;
      await runBilling({ ctx });
      // The brand, what is due, and dunning's brand and rules: no janitor, no generation, no renewal.
      // Those on brand-owned tables each run in a transaction of the brand's scope (row-level
      // security: the settings, the statement, the commit); nothing else opens one or writes.
      const scope = (q: string) => /^\s*(begin|commit)\b/i.test(q) || /^\s*select set_config\('role'/i.test(q);
      expect(recording.statements.filter((q) => /^\s*begin/i.test(q)).length).toBeLessThanOrEqual(2);
      expect(recording.statements.filter((q) => !scope(q))).toHaveLength(4);
      expect(recording.statements.filter((q) => /audit\.context|^\s*(insert|update|delete)\b/i.test(q))).toEqual([]);

      // A charge on the subscription's invoice whose answer was lost (the gateway took it) an hour ago.
      const db = await getDb();
      const [invoice] = (await db.execute(sql`select id from invoices where subscription_id = ${sub.id}`)) as unknown as { id: string }[];
      const lost = await makeCard(t, sub.account, CARDS.timesOut);
      const [card] = (await db.execute(sql`select token, gateway_id from pay_methods where id = ${lost}`)) as unknown as {
        token: string;
        gateway_id: string;
      }[];
      const paymentId = newId();
      const anHourAgo = new Date(now.getTime() - 3_600_000).toISOString();
      await db.execute(sql`insert into payments (id, brand_id, customer_account_id, invoice_id, pay_method_id, gateway_id, target, processed_by, amount, status, created_at, updated_at)
        values (${paymentId}, ${t.brand_id}, ${sub.account}, ${invoice.id}, ${lost}, ${card.gateway_id}, 'invoice', 'gateway', 100, 'pending', ${anHourAgo}, ${anHourAgo})`);
      await expect(
        sandboxProvider
          .connect({ id: card.gateway_id } as never)
          .charge({ token: card.token, amount: 100, currency: "USD", idempotencyKey: paymentId, description: "lost" }),
      ).rejects.toThrow();
      recording.statements.length = 0;
      await runBilling({ ctx });
      expect(recording.statements.some((q) => /audit\.context/.test(q))).toBe(true); // the janitor's verb
      const [payment] = (await db.execute(sql`select status from payments where id = ${paymentId}`)) as unknown as { status: string }[];
      expect(payment.status).toBe("succeeded");
    } finally {
      await recording.close();
    }
  });
});
