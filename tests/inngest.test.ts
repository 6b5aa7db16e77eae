import { afterAll, describe, expect, it } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { functions } from "../inngest/functions";
import { runBilling } from "../inngest/functions/run-billing";
import { makeTenant, ok } from "./support/api";
import { makeGroup, makeProduct } from "./support/catalog";
import { makeAccount } from "./support/payments";
import { ManualClock, systemClock, useClock } from "../lib/clock";

afterAll(() => useClock(systemClock));

describe("Inngest functions", () => {
  it("are the outbox deliverer (every minute) and the billing run (hourly), each one at a time", () => {
    expect(functions.map((f) => [f.id(), f.opts.triggers, f.opts.concurrency])).toEqual([
      ["deliver-outbox", [{ cron: "* * * * *" }, { event: "outbox/nudge" }], { limit: 1 }],
      ["run-billing", [{ cron: "5 * * * *" }, { event: "billing/run" }], { limit: 1 }],
    ]);
  });

  it("the billing run generates the invoices that are due, through the same verb as the timer", async () => {
    const clock = new ManualClock("2026-04-01T10:00:00Z");
    useClock(clock);
    const t = await makeTenant();
    const group = await makeGroup(t);
    const product = await makeProduct(t, group.product_group_id, { setup_fee: "0.00", recurring_price: "7.00" });
    const sub = (
      await ok(t, "json", "Subscription/Create", {
        method: "POST",
        params: { customer_account_id: await makeAccount(t), product_id: product.product_id, override_initial_billing: "Y", auto_pay: "N" },
      })
    ).subscription;
    clock.set("2026-04-28T12:00:00Z");
    const { result } = await new InngestTestEngine({ function: runBilling }).execute();
    expect(result).toMatchObject({ invoices: 1 });
    const invoices = (await ok(t, "json", "Invoice/List", { params: { subscription_id: sub.subscription_id } })).invoices;
    expect(invoices.map((i: any) => i.total).sort()).toEqual(["7.00", "7.00"]);
  });
});
