import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { InngestTestEngine, mockCtx } from "@inngest/test";
import { functions } from "../inngest/functions";
import { billBrand, BILL_BRAND, runBilling, type BillBrandData } from "../inngest/functions/run-billing";
import { getDb } from "../db/client";
import { brands, payGateways, payMethods } from "../db/schema";
import { chargePending } from "../lib/billing/renew-chunk";
import { connectGateway } from "../lib/gateways/queries";
import { sandboxCharges } from "../lib/gateways/providers/sandbox";
import { renewDue } from "../lib/billing/renew-due";
import type { Tenant } from "./support/api";
import { makeTenant, ok } from "./support/api";
import { makeGroup, makeProduct } from "./support/catalog";
import { CARDS, makeAccount, makeCard, makeGateway } from "./support/payments";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { aroundSteps } from "./support/inngest-steps";
import { runContext } from "../lib/auth/context";

afterAll(() => useClock(systemClock));

describe("Inngest functions", () => {
  it("are the outbox dispatcher (every minute) and each event's delivery, the billing run (hourly, fanning out) and one brand's billing, one at a time per brand", () => {
    expect(functions.map((f) => [f.id(), f.opts.triggers, f.opts.concurrency])).toEqual([
      ["deliver-outbox", [{ cron: "* * * * *" }, { event: "outbox/nudge" }], { limit: 1 }],
      ["deliver-outbox-event", [{ event: "outbox/deliver" }], undefined],
      ["run-billing", [{ cron: "5 * * * *" }, { event: "billing/run" }], { limit: 1 }],
      ["bill-brand", [{ event: "billing/brand" }], { limit: 1, key: "event.data.brandId" }],
    ]);
  });

  it("the billing run sends one event per brand with due work; each brand's run generates what is due, in steps", async () => {
    const clock = new ManualClock("2026-04-01T10:00:00Z");
    useClock(clock);
    const t = await makeTenant();
    const idle = await makeTenant();
    const subs = await dueSubscriptions(t, 1);
    clock.set("2026-04-28T12:00:00Z");
    const sent: { name: string; data: { brandId: string; now: string } }[][] = [];
    const { result } = await new InngestTestEngine({ function: runBilling }).execute({
      steps: [{ id: "fan-out", handler: () => void 0 }],
      transformCtx: (ctx: any) => {
        const send = ctx.step.sendEvent;
        ctx.step.sendEvent = (id: string, events: any) => (sent.push(events), send(id, events));
        return ctx;
      },
    });
    expect(result).toMatchObject({ brands: sent[0].length });
    const events = sent[0];
    expect(events.map((e) => e.name)).toEqual(events.map(() => BILL_BRAND));
    expect(events.map((e) => e.data.brandId)).toContain(t.brand_id);
    expect(events.map((e) => e.data.brandId)).not.toContain(idle.brand_id);
    expect(events[0].data.now).toBe("2026-04-28T12:00:00.000Z");

    const run = await billOne(t.brand_id, "2026-04-28T12:00:00.000Z");
    expect(run.result).toMatchObject({ invoices: 1 });
    expect(await invoiceTotals(t, subs[0])).toEqual(["7.00", "7.00"]);
  });

  it("a brand's run is a step per chunk, and a renewal step retried after a crash half-way renews each subscription once", async () => {
    const clock = new ManualClock("2026-04-01T10:00:00Z");
    useClock(clock);
    const t = await makeTenant();
    const subs = await dueSubscriptions(t, 5);
    clock.set("2026-05-01T12:00:00Z");
    const now = "2026-05-01T12:00:00.000Z";
    // The first renewal step commits its chunk, then the process dies before Inngest hears of it.
    const crashed = await billOne(t.brand_id, now, [
      {
        id: "renew-0-0",
        handler: async () => {
          await renewDue({ ctx: await runContext(await getDb(), new Date(now), t.brand_id), input: { maxChunks: 1, chunkSize: 2 } });
          throw new Error("crashed half-way");
        },
      },
    ]);
    expect(crashed.error).toBeDefined();
    expect(await renewedPast(t, "2026-05-01")).toBe(2); // the chunk the crashed step committed
    // Inngest runs the step again (and those after it): nothing is renewed twice.
    const retried = await billOne(t.brand_id, now);
    const ids = retried.ctx.step.run.mock.calls.map((c: any[]) => c[0]);
    // Chunks of 2: the generation walk passes the three subscriptions left (invoiced by the crashed
    // run: nothing to write) in two steps, they take two renewal steps (the second, short, ends the
    // walk), then a second pass finds nothing more to generate or renew.
    expect(ids).toEqual(["settle-lost-charges", "generate-0-0", "generate-0-1", "renew-0-0", "renew-0-1", "generate-1-0", "renew-1-0", "dunning"]);
    for (const sub of subs) expect(await invoiceTotals(t, sub)).toEqual(["7.00", "7.00"]);
    expect(await renewedPast(t, "2026-05-01")).toBe(5);
  });

  it("renewal charges go out in steps of their own; a charge step retried after a crash half-way through its chunk charges each card once", async () => {
    const clock = new ManualClock("2026-04-01T10:00:00Z");
    useClock(clock);
    const t = await makeTenant();
    const gateway = await makeGateway(t);
    const subs = await dueSubscriptions(t, 4, [CARDS.ok, CARDS.declines, CARDS.ok, CARDS.ok]);
    clock.set("2026-05-01T12:00:00Z");
    const now = "2026-05-01T12:00:00.000Z";
    // The first chunk's charge step: one charge sent and settled, the next one taken by the gateway
    // but its answer never recorded, then the process dies.
    const memo = new Map<string, unknown>();
    const crashed = await billOne(
      t.brand_id,
      now,
      [
        {
          id: "charge-0-0-0",
          handler: async () => {
            const db = await getDb();
            const pending = await pendingPayments(t);
            expect(pending).toHaveLength(2); // the chunk's two renewals, committed with their attempts
            const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
            await chargePending(db, new Date(now), brand, [pending[0].id]);
            const [g] = await db.select().from(payGateways).where(eq(payGateways.id, gateway));
            const [card] = await db.select().from(payMethods).where(eq(payMethods.id, pending[1].pay_method_id));
            await connectGateway(g)
              .charge({ token: card.token, amount: Number(pending[1].amount), currency: "USD", idempotencyKey: pending[1].id, description: "" })
              .catch(() => undefined);
            throw new Error("crashed half-way through the chunk's charges");
          },
        },
      ],
      memo,
    );
    expect(crashed.error).toBeDefined();
    expect(await pendingPayments(t)).toHaveLength(1);
    // Inngest retries the failed step with the steps before it memoized (their outputs recorded above).
    memo.delete("charge-0-0-0");
    const retried = await billOne(
      t.brand_id,
      now,
      [...memo].map(([id, out]) => ({ id, handler: () => out })),
    );
    expect(retried.error).toBeUndefined();
    const ids = retried.ctx.step.run.mock.calls.map((c: any[]) => c[0]);
    expect(ids).toEqual([
      "settle-lost-charges",
      "generate-0-0",
      "generate-0-1",
      "generate-0-2",
      "renew-0-0",
      "charge-0-0-0",
      "renew-0-1",
      "charge-0-1-0",
      "renew-0-2",
      "generate-1-0",
      "renew-1-0",
      "dunning",
    ]);
    expect(await pendingPayments(t)).toEqual([]);
    // One gateway charge per attempt, one attempt per renewal: nothing sent twice.
    const taken = sandboxCharges(gateway);
    const attempts = (
      await rows<{ id: string; status: string }>(sql`select id, status from payments where brand_id = ${t.brand_id} and processed_by = 'gateway'`)
    ).sort((a, b) => a.id.localeCompare(b.id));
    expect(attempts).toHaveLength(4);
    expect(taken.map((c) => c.idempotencyKey).sort()).toEqual(attempts.map((a) => a.id));
    expect(attempts.filter((a) => a.status === "succeeded")).toHaveLength(3);
    expect(attempts.filter((a) => a.status === "failed")).toHaveLength(1);
    expect(await renewedPast(t, "2026-05-01")).toBe(subs.length);
  });

  it("a renewal made one by one (a prepaid balance to spend first) calls no gateway in its renewal step: its charge is a step of its own", async () => {
    const clock = new ManualClock("2026-04-01T10:00:00Z");
    useClock(clock);
    const t = await makeTenant();
    const gateway = await makeGateway(t);
    const [sub] = await dueSubscriptions(t, 1, [CARDS.ok]);
    const [subscription] = (await ok(t, "json", "Subscription/List", { params: { subscription_id: sub } })).subscriptions;
    // 2.00 prepaid: the renewal spends it first (the one-by-one path), then charges the 5.00 left.
    await ok(t, "json", "Payment/Create", {
      method: "POST",
      params: { customer_account_id: subscription.customer_account_id, apply_to_prepaid_balance: "Y", override_billing: "Y", amount: "2.00" },
    });
    clock.set("2026-05-01T12:00:00Z");
    const before = sandboxCharges(gateway).length;
    // The gateway's charges taken during each step.
    const during = new Map<string, number>();
    const run: any = await new InngestTestEngine({ function: billBrand }).execute({
      events: [{ name: BILL_BRAND, data: { brandId: t.brand_id, now: "2026-05-01T12:00:00.000Z", chunkSize: 2 } }],
      transformCtx: aroundSteps(async (id, fn) => {
        const from = sandboxCharges(gateway).length;
        const out = await fn();
        during.set(id, sandboxCharges(gateway).length - from);
        return out;
      }),
    });
    expect(run.error).toBeUndefined();
    expect(run.result).toMatchObject({ renewed: 1, charged: 1 });
    expect(Object.fromEntries([...during].filter(([, n]) => n > 0))).toEqual({ "charge-0-0-0": 1 });
    expect(sandboxCharges(gateway).length - before).toBe(1);
    const invoices = (await ok(t, "json", "Invoice/List", { params: { subscription_id: sub } })).invoices;
    expect(invoices.map((i: any) => i.balance).sort()).toEqual(["0.00", "0.00"]);
    expect(await renewedPast(t, "2026-05-01")).toBe(1);
  });

  it("a run past its step budget hands the rest to a new run of the brand's event, which goes on where it stopped", async () => {
    const clock = new ManualClock("2026-04-01T10:00:00Z");
    useClock(clock);
    const t = await makeTenant();
    const subs = await dueSubscriptions(t, 5);
    clock.set("2026-05-01T12:00:00Z");
    let data: BillBrandData | undefined = { brandId: t.brand_id, now: "2026-05-01T12:00:00.000Z", chunkSize: 2, stepBudget: 3 };
    const runs: string[][] = [];
    while (data) {
      const run: any = await new InngestTestEngine({ function: billBrand }).execute({
        events: [{ name: BILL_BRAND, data }],
        steps: [{ id: "continue", handler: () => undefined }],
      });
      expect(run.error).toBeUndefined();
      const sent = run.ctx.step.sendEvent.mock.calls.map((c: any[]) => c[1]);
      runs.push(run.ctx.step.run.mock.calls.map((c: any[]) => c[0]));
      data = sent[0]?.data;
      if (data) expect(sent[0].name).toBe(BILL_BRAND);
      expect(runs.length, JSON.stringify(runs)).toBeLessThan(10);
    }
    // Each run stops at its budget (3 steps) and the next goes on from its cursor.
    expect(runs).toEqual([
      ["settle-lost-charges", "generate-0-0", "generate-0-1"],
      ["settle-lost-charges", "generate-0-0", "renew-0-0"],
      ["settle-lost-charges", "renew-0-0", "renew-0-1"],
      ["settle-lost-charges", "generate-1-0", "renew-1-0", "dunning"],
    ]);
    for (const sub of subs) expect(await invoiceTotals(t, sub)).toEqual(["7.00", "7.00"]);
    expect(await renewedPast(t, "2026-05-01")).toBe(5);
  });
});

const rows = async <T>(q: SQL) => (await (await getDb()).execute(q)) as unknown as T[];

const pendingPayments = async (t: Tenant) =>
  rows<{ id: string; pay_method_id: string; amount: string }>(
    sql`select id, pay_method_id, amount from payments where brand_id = ${t.brand_id} and status = 'pending' order by created_at, id`,
  );

/** `n` monthly subscriptions of 7.00 created now, invoiced at once (their next period is the one due). */
async function dueSubscriptions(t: Tenant, n: number, cards?: string[]) {
  const group = await makeGroup(t);
  const product = await makeProduct(t, group.product_group_id, { setup_fee: "0.00", recurring_price: "7.00" });
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const account = await makeAccount(t);
    const card: Record<string, string> = cards
      ? { pay_method_id: await makeCard(t, account, cards[i], { require_verification: "N" }), auto_pay: "Y" }
      : { auto_pay: "N" };
    const { subscription } = await ok(t, "json", "Subscription/Create", {
      method: "POST",
      params: { customer_account_id: account, product_id: product.product_id, override_initial_billing: "Y", ...card },
    });
    ids.push(subscription.subscription_id);
  }
  return ids;
}

/** The brand's subscriptions renewed past `date` (their next renewal after it). */
const renewedPast = async (t: Tenant, date: string) =>
  (
    (await (await getDb()).execute(sql`select count(*)::int as n from subscriptions where brand_id = ${t.brand_id} and renewal_date > ${date}`)) as unknown as {
      n: number;
    }[]
  )[0].n;

const invoiceTotals = async (t: Tenant, subscriptionId: string) =>
  (await ok(t, "json", "Invoice/List", { params: { subscription_id: subscriptionId } })).invoices.map((i: any) => i.total).sort();

/** One brand's run (the event the fan-out sends), chunks of 2; `memo` records each step's output, as Inngest keeps it for a retry. */
function billOne(brandId: string, now: string, steps: { id: string; handler: () => unknown }[] = [], memo?: Map<string, unknown>) {
  return new InngestTestEngine({ function: billBrand }).execute({
    events: [{ name: BILL_BRAND, data: { brandId, now, chunkSize: 2 } }],
    steps,
    transformCtx: (raw: any) => {
      const ctx: any = mockCtx(raw);
      if (!memo) return ctx;
      const run = ctx.step.run;
      const recording = async (id: string, fn: () => unknown) => {
        const out = await run(id, fn);
        memo.set(id, out);
        return out;
      };
      ctx.step.run = Object.assign(recording, { mock: run.mock });
      return ctx;
    },
  }) as Promise<any>;
}
