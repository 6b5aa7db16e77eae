/**
 * Money properties of the billing run with fast-check, against the real database: for any catalog
 * and any moment, a generated invoice equals the sum of its lines and is never negative, and
 * running the billing day again changes nothing.
 */
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { makeTenant, ok } from "../support/api";
import { makeComponent, makeCoupon, makeGroup, makeProduct } from "../support/catalog";
import { makeAccount } from "../support/payments";
import { ManualClock, systemClock, useClock } from "../../lib/clock";
import { runBilling } from "../../lib/billing/run-billing";
import { allBrandsContext } from "../../lib/auth/context";

afterAll(() => useClock(systemClock));

const amount = fc.integer({ min: 0, max: 50_000 }).map((c) => (c / 100).toFixed(2));

/** Every invoice of a brand with its total and the sum of its lines, in cents, straight from the tables. */
async function ledger(brandId: string) {
  const db = await getDb();
  const rows = (await db.execute(sql`
    select i.id, i.subscription_id, i.billing_period_start, jsonb_array_length(i.items) as n,
           (select coalesce(sum((l->>'itemPrice')::bigint * (l->>'quantity')::int), 0) from jsonb_array_elements(i.items) l)::bigint as lines
    from invoices i where i.brand_id = ${brandId} order by i.id`)) as unknown as { id: string; lines: string; n: number }[];
  return rows.map((r) => ({ ...r, lines: Number(r.lines) }));
}

describe("the billing run, for any catalog and moment", () => {
  it("invoices equal the sum of their lines, are never negative, and a rerun changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          setup: amount,
          price: amount,
          interval: fc.integer({ min: 1, max: 60 }),
          componentPrice: amount,
          units: fc.integer({ min: 0, max: 20 }),
          percent: fc.integer({ min: 1, max: 100 }),
          autoPayDiscount: fc.option(
            fc.integer({ min: 1, max: 500 }).map((c) => (c / 100).toFixed(2)),
            { nil: undefined },
          ),
          daysLater: fc.integer({ min: 0, max: 120 }),
        }),
        async (p) => {
          const clock = new ManualClock("2026-02-01T09:00:00Z");
          useClock(clock);
          const t = await makeTenant();
          const group = await makeGroup(t);
          const productParams: Record<string, string> = { setup_fee: p.setup, recurring_price: p.price, expiration_interval: String(p.interval) };
          if (p.autoPayDiscount && Number(p.autoPayDiscount) <= Number(p.price))
            Object.assign(productParams, { auto_pay_discount: "Y", auto_pay_discount_amount: p.autoPayDiscount });
          const product = await makeProduct(t, group.product_group_id, productParams);
          const seats = await makeComponent(t, group.product_group_id, {
            component_type: "quantitative",
            unit_price: p.componentPrice,
            starting_quantity: "1",
            maximum_units: "50",
          });
          const coupon = await makeCoupon(t, { discount_value: String(p.percent), duration: "forever" });
          await ok(t, "json", "Subscription/Create", {
            method: "POST",
            params: {
              customer_account_id: await makeAccount(t),
              product_id: product.product_id,
              override_initial_billing: "Y",
              auto_pay: "Y",
              coupon_code: coupon.coupon_code,
              attached_components: JSON.stringify([{ component_id: seats.component_id, units: String(p.units) }]),
            },
          });
          clock.advance({ days: p.daysLater });
          const db = await getDb();
          await runBilling({ ctx: allBrandsContext(db, clock.now()) });
          const first = await ledger(t.brand_id);
          for (const inv of first) expect(inv.lines).toBeGreaterThanOrEqual(0);
          const body = await ok(t, "json", "Invoice/List", {
            params: { subscription_id: (await ok(t, "json", "Subscription/List")).subscriptions[0].subscription_id },
          });
          for (const inv of body.invoices) {
            const cents = inv.items.reduce((s: number, i: any) => s + Math.round(Number(i.item_price) * 100) * Number(i.quantity), 0);
            expect(Math.round(Number(inv.total) * 100)).toBe(cents);
          }
          await runBilling({ ctx: allBrandsContext(db, clock.now()) });
          expect(await ledger(t.brand_id)).toEqual(first);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
