/**
 * Without Inngest every instance's timer runs the scheduled billing (lib/billing/run-billing.ts
 * runScheduledBilling): exactly one process bills a brand at a time (a PostgreSQL advisory lock per
 * brand, lib/billing/brand-lock.ts) and the others skip it. Checked with real processes: a worker
 * started with tsx over the same database.
 */
import { afterAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import postgres from "postgres";
import { makeTenant, ok, type Tenant } from "./support/api";
import { makeGroup, makeProduct } from "./support/catalog";
import { makeAccount } from "./support/payments";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { BILLING_LOCKS } from "../lib/billing/brand-lock";

afterAll(() => useClock(systemClock));

const run = promisify(execFile);
const NOW = "2026-04-28T12:00:00Z";
/** The scheduled run in another process, as an instance's timer would run it. */
async function otherProcess() {
  const { stdout } = await run("npx", ["tsx", "tests/support/billing-worker.ts"], {
    env: { ...process.env, BILLING_NOW: NOW, LOG_LEVEL: "silent" },
    timeout: 120_000,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as { brands: number; skipped: number; invoices: number; failed: number };
}

/** A brand with one monthly subscription whose next invoice is due at NOW. */
async function brandWithDueRenewal() {
  const t = await makeTenant();
  const group = await makeGroup(t);
  const product = await makeProduct(t, group.product_group_id, { setup_fee: "0.00", recurring_price: "7.00" });
  const { subscription } = await ok(t, "json", "Subscription/Create", {
    method: "POST",
    params: { customer_account_id: await makeAccount(t), product_id: product.product_id, override_initial_billing: "Y", auto_pay: "N" },
  });
  return { t, subscriptionId: subscription.subscription_id as string };
}
const invoicesOf = async ({ t, subscriptionId }: { t: Tenant; subscriptionId: string }) =>
  (await ok(t, "json", "Invoice/List", { params: { subscription_id: subscriptionId } })).invoices.length as number;

describe("the scheduled billing run across processes (no Inngest)", () => {
  it("skips a brand another process is billing, bills the others, and bills it once that process is done", async () => {
    useClock(new ManualClock("2026-04-01T10:00:00Z"));
    const [held, free] = [await brandWithDueRenewal(), await brandWithDueRenewal()];
    expect([await invoicesOf(held), await invoicesOf(free)]).toEqual([1, 1]);

    // This test process stands for an instance billing `held` now: it holds that brand's lock.
    const other = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      const [{ locked }] = await other`select pg_try_advisory_lock(${BILLING_LOCKS}, hashtext(${held.t.brand_id})) as locked`;
      expect(locked).toBe(true);
      const first = await otherProcess();
      expect(first).toMatchObject({ skipped: 1, failed: 0, invoices: 1 });
      expect([await invoicesOf(held), await invoicesOf(free)]).toEqual([1, 2]);
      await other`select pg_advisory_unlock(${BILLING_LOCKS}, hashtext(${held.t.brand_id}))`;
    } finally {
      await other.end({ timeout: 5 });
    }
    const second = await otherProcess();
    expect(second).toMatchObject({ skipped: 0, failed: 0, invoices: 1 });
    expect([await invoicesOf(held), await invoicesOf(free)]).toEqual([2, 2]);
  }, 300_000);

  it("two processes' timers firing together bill each due period once", async () => {
    useClock(new ManualClock("2026-04-01T10:00:00Z"));
    const brands = [await brandWithDueRenewal(), await brandWithDueRenewal(), await brandWithDueRenewal()];
    const [a, b] = await Promise.all([otherProcess(), otherProcess()]);
    expect(a.failed + b.failed).toBe(0);
    for (const brand of brands) expect(await invoicesOf(brand)).toBe(2);
    // Every brand was billed by one of them (each brand's invoice created once, by whichever held it).
    expect(a.invoices + b.invoices).toBe(brands.length);
  }, 300_000);
});
