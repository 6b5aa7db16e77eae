import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { functions } from "../inngest/functions";
import { billBrand, BILL_BRAND, runBilling } from "../inngest/functions/run-billing";
import { getDb } from "../db/client";
import { renewDue } from "../lib/billing/renew-due";
import type { Tenant } from "./support/api";
import { makeTenant, ok } from "./support/api";
import { makeGroup, makeProduct } from "./support/catalog";
import { makeAccount } from "./support/payments";
import { ManualClock, systemClock, useClock } from "../lib/clock";

afterAll(() => useClock(systemClock));

describe("Inngest functions", () => {
  it("are the outbox deliverer (every minute), the billing run (hourly, fanning out) and one brand's billing, one at a time per brand", () => {
    expect(functions.map((f) => [f.id(), f.opts.triggers, f.opts.concurrency])).toEqual([
      ["deliver-outbox", [{ cron: "* * * * *" }, { event: "outbox/nudge" }], { limit: 1 }],
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
          await renewDue({ db: await getDb(), now: new Date(now), brandId: t.brand_id, maxChunks: 1, chunkSize: 2 });
          throw new Error("crashed half-way");
        },
      },
    ]);
    expect(crashed.error).toBeDefined();
    expect(await renewedPast(t, "2026-05-01")).toBe(2); // the chunk the crashed step committed
    // Inngest runs the step again (and those after it): nothing is renewed twice.
    const retried = await billOne(t.brand_id, now);
    const ids = retried.ctx.step.run.mock.calls.map((c: any[]) => c[0]);
    // Chunks of 2: the three subscriptions left take two renewal steps (and one finding none left),
    // then a second pass finds nothing more to generate or renew.
    expect(ids).toEqual(["settle-lost-charges", "generate-0-0", "renew-0-0", "renew-0-1", "renew-0-2", "generate-1-0", "renew-1-0", "dunning"]);
    for (const sub of subs) expect(await invoiceTotals(t, sub)).toEqual(["7.00", "7.00"]);
    expect(await renewedPast(t, "2026-05-01")).toBe(5);
  });
});

/** `n` monthly subscriptions of 7.00 created now, invoiced at once (their next period is the one due). */
async function dueSubscriptions(t: Tenant, n: number) {
  const group = await makeGroup(t);
  const product = await makeProduct(t, group.product_group_id, { setup_fee: "0.00", recurring_price: "7.00" });
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const { subscription } = await ok(t, "json", "Subscription/Create", {
      method: "POST",
      params: { customer_account_id: await makeAccount(t), product_id: product.product_id, override_initial_billing: "Y", auto_pay: "N" },
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

/** One brand's run (the event the fan-out sends), chunks of 2. */
function billOne(brandId: string, now: string, steps: { id: string; handler: () => unknown }[] = []) {
  return new InngestTestEngine({ function: billBrand }).execute({
    events: [{ name: BILL_BRAND, data: { brandId, now, chunkSize: 2 } }],
    steps,
  }) as Promise<any>;
}
