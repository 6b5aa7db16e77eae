/**
 * The overview's MRR and renewal amounts for subscriptions with several coupons (lib/insights/overview.ts
 * groups each subscription with a coupon on its own: its charge is not the sum of its coupons' rows),
 * checked to the cent against each subscription's next charge as the API prices it (next_renewal_amount).
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { brands } from "../db/schema";
import { systemContext } from "../lib/auth/context";
import { brandOverview, normalisedToMonth } from "../lib/insights/overview";
import { ok, makeTenant, type Tenant } from "./support/api";
import { makeComponent, makeCoupon, makeGroup, makeProduct } from "./support/catalog";
import { makeAccount } from "./support/payments";

const cents = (s: string) => Math.round(Number(s) * 100);

describe("overview figures of subscriptions with several coupons", () => {
  it("MRR and the renewals' amounts are the subscriptions' next charges, stacked coupons, capped ones and single ones alike", async () => {
    const t: Tenant = await makeTenant();
    const group = await makeGroup(t);
    const monthly = (await makeProduct(t, group.product_group_id, { recurring_price: "20.00", expiration_interval: "30", setup_fee: "0.00" })).product_id;
    const cheap = (await makeProduct(t, group.product_group_id, { recurring_price: "9.00", expiration_interval: "14", setup_fee: "0.00" })).product_id;
    const yearly = (await makeProduct(t, group.product_group_id, { recurring_price: "333.33", expiration_interval: "365", setup_fee: "0.00" })).product_id;
    const extra = (await makeComponent(t, group.product_group_id, { unit_price: "4.99" })).component_id;
    const coupon = async (params: Record<string, string>) => (await makeCoupon(t, { stackable: "Y", duration: "forever", ...params })).coupon_code as string;
    const tenPercent = await coupon({ discount_type: "percent", discount_value: "10" });
    const fifteenPercent = await coupon({ discount_type: "percent", discount_value: "15" });
    const fiveOff = await coupon({ discount_type: "amount", discount_value: "5.00" });
    const hundredOff = await coupon({ discount_type: "amount", discount_value: "100.00" });
    const yearlyHalf = await coupon({ discount_type: "percent", discount_value: "50", product_ids: yearly });

    const subscribe = async (product: string, codes: string[], components: string[] = []) => {
      const params: Record<string, string> = { customer_account_id: await makeAccount(t), product_id: product, override_initial_billing: "Y", auto_pay: "N" };
      if (codes.length) params.coupon_code = codes.join(",");
      if (components.length) params.attached_components = JSON.stringify(components.map((component_id) => ({ component_id, units: "1" })));
      return (await ok(t, "json", "Subscription/Create", { method: "POST", params })).subscription.subscription_id as string;
    };
    // Three stacked (two percents, each rounded on its own, and an amount), on a price with a component;
    // two amounts taking off more than the charge; a product-only coupon with a percent; one coupon; none.
    await subscribe(monthly, [tenPercent, fifteenPercent, fiveOff], [extra]);
    await subscribe(cheap, [fiveOff, hundredOff]);
    await subscribe(yearly, [yearlyHalf, tenPercent, fiveOff]);
    await subscribe(monthly, [fifteenPercent]);
    await subscribe(cheap, [], [extra]);

    const listed = (await ok(t, "json", "Subscription/List", { params: {} })).subscriptions as any[];
    expect(listed).toHaveLength(5);
    const days = { [monthly]: 30, [cheap]: 14, [yearly]: 365 };
    const charges = listed.map((s) => ({ charge: cents(s.next_renewal_amount), days: days[s.product_id] }));
    // Hand-checked: 24.99 less 2.50 and 3.75 (each percent of 24.99, rounded) less 5.00 = 13.74.
    expect(charges.map((c) => c.charge).sort((a, b) => a - b)).toEqual([0, 1374, 1399, 1700, 12833]);

    const db = await getDb();
    const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
    const o = await brandOverview(systemContext(db, brand), "30d");
    expect(o.active).toBe(5);
    expect(o.mrr).toBe(Math.round(charges.reduce((sum, c) => sum + (c.charge * 365) / 12 / c.days, 0)));
    // Created today: each renews one interval from now, so all but the yearly one within 30 days, none within 7.
    const renew30 = charges.filter((c) => c.days <= 30);
    expect(o.renewals).toEqual([
      { days: 7, count: 0, amount: 0 },
      { days: 30, count: 4, amount: renew30.reduce((s, c) => s + c.charge, 0) },
    ]);
  });
});

describe("MRR's normalisation to a month", () => {
  const days = (count: number, amount: bigint) => ({ unit: "day" as const, count, amount });
  it("adds the periods' charges exactly before rounding half away from zero (a sum of repeating decimals can be exactly half a cent)", () => {
    // 2 cents every 73 days and 1 every 365: 2 × 365/876 + 365/4380 = 5/6 + 1/12 = 0.9166…; 1 cent a 5-day and 1 a 10-day: 6.083… + 3.041… = 9.125.
    expect(normalisedToMonth([days(73, 2n), days(365, 1n)])).toBe(1);
    expect(normalisedToMonth([days(5, 1n), days(10, 1n)])).toBe(9);
    // 6 cents a week and 1 a year: 6 × 52/12 + 1/12 = 26.0833 -> 26; 1 cent 2 weeks and 1 cent a 24-day: 52/24 + 365/288 = 3.4340
    expect(
      normalisedToMonth([
        { unit: "week", count: 1, amount: 6n },
        { unit: "year", count: 1, amount: 1n },
      ]),
    ).toBe(26);
    expect(normalisedToMonth([{ unit: "week", count: 2, amount: 1n }, days(24, 1n)])).toBe(3);
    // 1 cent every 2 months and 6 a year: 0.5 + 0.5 = 1, rounded once at the total (each alone would round to 1: 2).
    expect(
      normalisedToMonth([
        { unit: "month", count: 2, amount: 1n },
        { unit: "year", count: 1, amount: 6n },
      ]),
    ).toBe(1);
    // 3 cents every 2 months: 1.5 -> 2, half away from zero.
    expect(normalisedToMonth([{ unit: "month", count: 2, amount: 3n }])).toBe(2);
    expect(
      normalisedToMonth([
        { unit: "month", count: 1, amount: 2_999n },
        { unit: "year", count: 1, amount: 29_900n },
        { unit: "month", count: 3, amount: 9_000n },
      ]),
    ).toBe(Math.round(2_999 + 29_900 / 12 + 9_000 / 3));
    expect(normalisedToMonth([])).toBe(0);
  });
});
