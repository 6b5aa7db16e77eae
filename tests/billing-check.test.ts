/**
 * The billing ledger checker (lib/billing/check-ledger.ts, npm run billing:check): silent on a ledger
 * billing wrote, and each rule reports the breach written into the tables behind billing's back,
 * naming the records, scoped to one brand when asked.
 */
import { describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { getDb, resultRows } from "../db/client";
import { createDatabase, dropDatabase, urlFor, withConnection } from "./support/pg";
import { makeTenant, ok, type Tenant } from "./support/api";
import { makeCoupon, makeGroup, makeProduct } from "./support/catalog";
import { makeAccount, makeInvoice } from "./support/payments";
import { checkLedger, type LedgerRule } from "../lib/billing/check-ledger";
import { ManualClock, useClock } from "../lib/clock";
import { runBilling } from "../lib/billing/run-billing";
import { allBrandsContext } from "../lib/auth/context";

const clock = new ManualClock("2026-05-01T10:00:00Z");
useClock(clock);

/** A brand billed for real: a 10-day subscription with a coupon, its renewal invoice generated ahead. */
async function billedBrand() {
  clock.set("2026-05-01T10:00:00Z");
  const t = await makeTenant();
  const group = await makeGroup(t);
  const product = await makeProduct(t, group.product_group_id, { setup_fee: "0.00", recurring_price: "20.00", expiration_interval: "10" });
  const coupon = await makeCoupon(t, { discount_type: "percent", discount_value: "10", duration: "forever" });
  const account = await makeAccount(t);
  const sub = (
    await ok(t, "json", "Subscription/Create", {
      method: "POST",
      params: { customer_account_id: account, product_id: product.product_id, override_initial_billing: "Y", auto_pay: "N", coupon_code: coupon.coupon_code },
    })
  ).subscription.subscription_id as string;
  clock.set("2026-05-09T10:00:00Z");
  await runBilling({ ctx: allBrandsContext(await getDb(), clock.now()) });
  const db = await getDb();
  const invoices = resultRows<{ id: string; billing_period_start: string }>(
    await db.execute(sql`select id, billing_period_start::text from invoices where subscription_id = ${sub} order by billing_period_start`),
  );
  expect(invoices.map((i) => i.billing_period_start)).toEqual(["2026-05-01", "2026-05-11"]);
  return { t, account, sub, first: invoices[0].id, upcoming: invoices[1].id };
}

const rulesFound = async (t: Tenant) => [...new Set((await checkLedger(await getDb(), { brandId: t.brand_id })).map((v) => v.rule))].sort();
const exec = (q: ReturnType<typeof sql>) => getDb().then((db) => db.execute(q));

describe("the billing ledger checker", () => {
  it("finds nothing in a ledger billing wrote, and nothing of another brand", async () => {
    const b = await billedBrand();
    expect(await checkLedger(await getDb(), { brandId: b.t.brand_id })).toEqual([]);
    const other = await billedBrand();
    await exec(sql`update customer_accounts set prepaid_balance = -1 where id = ${other.account}`);
    expect(await checkLedger(await getDb(), { brandId: b.t.brand_id })).toEqual([]);
    expect(await rulesFound(other.t)).toEqual(["negative_prepaid_balance"]);
  });

  const breaches: [string, LedgerRule[], (b: Awaited<ReturnType<typeof billedBrand>>) => ReturnType<typeof sql>][] = [
    [
      "a started period billed by a voided invoice (its coupon cycle is then counted by no invoice)",
      ["coupon_cycles_mismatch", "period_invoice_missing"],
      (b) => sql`update invoices set voided_at = now(), deleted_at = now() where id = ${b.first}`,
    ],
    [
      "a period billed by another subscription's invoice",
      ["period_invoice_missing"],
      (b) => sql`update subscription_periods set invoice_id = ${b.upcoming} where invoice_id = ${b.first}`,
    ],
    [
      "one invoice for two periods",
      ["coupon_cycles_mismatch", "invoice_bills_two_periods", "period_invoice_missing"],
      (b) =>
        sql`insert into subscription_periods (id, brand_id, subscription_id, period_start, period_end, invoice_id, created_at)
            values (gen_random_uuid(), ${b.t.brand_id}, ${b.sub}, '2026-04-21', '2026-05-01', ${b.first}, now())`,
    ],
    [
      "a period started without its record (its invoice then bills no started period)",
      ["coupon_cycles_mismatch", "current_period_unrecorded", "unstarted_period_invoiced"],
      (b) => sql`delete from subscription_periods where subscription_id = ${b.sub}`,
    ],
    [
      "an invoice left live for a renewal that will not happen",
      ["unstarted_period_invoiced"],
      (b) => sql`update subscriptions set status = 2 where id = ${b.sub}`,
    ],
    [
      "a negative total (then any payment is above it)",
      ["negative_total", "paid_above_total"],
      // A discount line is the only negative one the invoices_items check admits.
      (b) =>
        sql`update invoices set items = '[{"itemName":"Coupon X","itemPrice":-500,"quantity":1,"taxExempt":"N","kind":"discount","componentId":null}]'::jsonb where id = ${b.upcoming}`,
    ],
    [
      "more paid than the total",
      ["paid_above_total"],
      (b) =>
        sql`insert into payments (id, brand_id, customer_account_id, invoice_id, target, processed_by, amount, status, created_at, updated_at)
            values (gen_random_uuid(), ${b.t.brand_id}, ${b.account}, ${b.upcoming}, 'invoice', 'recorded', 999999, 'succeeded', now(), now())`,
    ],
    ["a negative prepaid balance", ["negative_prepaid_balance"], (b) => sql`update customer_accounts set prepaid_balance = -250 where id = ${b.account}`],
    [
      "coupon cycles counted that no invoice carries",
      ["coupon_cycles_mismatch"],
      (b) => sql`update subscription_coupons set cycles_applied = 3 where subscription_id = ${b.sub}`,
    ],
  ];

  it.each(breaches)("reports %s", async (_name, rules, breach) => {
    const b = await billedBrand();
    await exec(breach(b));
    expect(await rulesFound(b.t)).toEqual([...rules].sort());
    const found = await checkLedger(await getDb(), { brandId: b.t.brand_id });
    expect(found.every((v) => v.brandId === b.t.brand_id && v.detail.length > 0)).toBe(true);
    expect(found.some((v) => v.subscriptionId === b.sub || v.customerAccountId === b.account)).toBe(true);
  });

  it("npm run billing:check lists the violations and exits 1; 0 on a clean ledger", async () => {
    const b = await billedBrand();
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/billing-check.ts", ...args], {
        env: { ...process.env, LOG_LEVEL: "silent", DATABASE_ROLE: "app" },
      }).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
      );
    const clean = await run(["--brand", b.t.brand_id]);
    expect(clean).toMatchObject({ code: 0 });
    expect(clean.out).toContain("no violation");
    await exec(sql`update subscription_coupons set cycles_applied = 7 where subscription_id = ${b.sub}`);
    const broken = await run(["--brand", b.t.brand_id, "--json"]);
    expect(broken.code).toBe(1);
    const { violations } = JSON.parse(broken.out);
    expect(violations).toEqual([expect.objectContaining({ rule: "coupon_cycles_mismatch", subscriptionId: b.sub, brandId: b.t.brand_id })]);
    expect(violations[0].detail).toMatch(/7 cycles counted, 1 started periods discounted/);
  });

  it("npm run billing:check never migrates the database it audits: one behind the code is refused (exit 2), unchanged", async () => {
    const name = `${process.env.TEST_DATABASE_NAME}_unmigrated`;
    await createDatabase(name);
    try {
      const r = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/billing-check.ts"], {
        env: { ...process.env, DATABASE_URL: urlFor(name), LOG_LEVEL: "silent" },
      }).then(
        () => ({ code: 0, err: "" }),
        (e: { code: number; stderr: string }) => ({ code: e.code, err: e.stderr }),
      );
      expect(r.code).toBe(2);
      expect(r.err).toContain("npm run db:migrate");
      const tables = await withConnection(
        urlFor(name),
        (c) => c<{ n: number }[]>`select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
      );
      expect(tables[0].n).toBe(0);
    } finally {
      await dropDatabase(name);
    }
  });

  it("checks a manual invoice too, and a manual invoice alone is no violation", async () => {
    const t = await makeTenant();
    const account = await makeAccount(t);
    const invoice = await makeInvoice(t, account, "12.00");
    expect(await checkLedger(await getDb(), { brandId: t.brand_id })).toEqual([]);
    await exec(sql`insert into payments (id, brand_id, customer_account_id, invoice_id, target, processed_by, amount, status, created_at, updated_at)
            values (gen_random_uuid(), ${t.brand_id}, ${account}, ${invoice}, 'invoice', 'recorded', 1201, 'succeeded', now(), now())`);
    expect(await rulesFound(t)).toEqual(["paid_above_total"]);
  });
});
