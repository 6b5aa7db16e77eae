import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { billableUnits, couponLines, initialLines, percentOf, recurringLines, sumLines, usageLines, type PricedComponent, type PricedProduct } from "./pricing";
import { addDays, daysOverdue, firstRenewal, invoiceGenerationAt, invoiceHorizon } from "./periods";

const product: PricedProduct = {
  setupFeeCents: 1000,
  recurringPriceCents: 2500,
  expirationInterval: 30,
  intervalUnit: "day",
  trial: false,
  trialIntervalDays: null,
  trialPriceCents: null,
  autoPayDiscount: true,
  autoPayDiscountCents: 200,
};
const comp = (c: Partial<PricedComponent>): PricedComponent => ({
  id: c.name ?? "c",
  name: "Extra",
  type: "traditional",
  unitPriceCents: 500,
  setupFeeCents: 0,
  startingQuantity: 0,
  maximumUnits: null,
  units: 1,
  ...c,
});
const base = { product, productName: "Pro", components: [], coupons: [], autoPay: false };

describe("recurring charge", () => {
  it("product, traditional and quantitative components, auto pay discount and coupons, to the cent", () => {
    const lines = recurringLines({
      ...base,
      autoPay: true,
      components: [
        comp({ name: "Support", unitPriceCents: 999 }),
        comp({ name: "Seats", type: "quantitative", unitPriceCents: 300, startingQuantity: 2, maximumUnits: 10, units: 12 }),
      ],
      coupons: [
        { code: "TENOFF", discountType: "percent", discountValue: 1000 },
        { code: "FIVE", discountType: "amount", discountValue: 500 },
      ],
    });
    // 25.00 + 9.99 + (10 - 2) * 3.00 = 58.99; auto pay -2.00 = 56.99; 10% = 5.70; then 5.00.
    expect(lines.map((l) => [l.kind, l.amountCents, l.quantity])).toEqual([
      ["recurring", 2500, 1],
      ["component", 999, 1],
      ["component", 2400, 8],
      ["auto_pay_discount", -200, 1],
      ["coupon", -570, 1],
      ["coupon", -500, 1],
    ]);
    expect(sumLines(lines)).toBe(4629);
  });

  it("no auto pay discount without auto pay", () => {
    expect(sumLines(recurringLines(base))).toBe(2500);
  });

  it("quantitative units within the free starting quantity cost nothing", () => {
    expect(billableUnits({ startingQuantity: 5, maximumUnits: 10 }, 3)).toBe(0);
    expect(billableUnits({ startingQuantity: 5, maximumUnits: 10 }, 50)).toBe(5);
  });
});

describe("up-front charge", () => {
  it("setup fees of product and components plus the first period", () => {
    const lines = initialLines({ ...base, components: [comp({ name: "Support", setupFeeCents: 1500 })] });
    expect(lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ["setup_fee", 1000],
      ["setup_fee", 1500],
      ["recurring", 2500],
      ["component", 500],
    ]);
  });

  it("a trial replaces the first period by the trial price; a free trial costs only the setup fees", () => {
    const trial = { ...product, trial: true, trialIntervalDays: 14, trialPriceCents: 0 };
    expect(sumLines(initialLines({ ...base, product: trial, components: [comp({})] }))).toBe(1000);
    expect(sumLines(initialLines({ ...base, product: { ...trial, trialPriceCents: 199 } }))).toBe(1199);
  });
});

describe("metered usage", () => {
  it("is billed above the starting quantity", () => {
    const metered = { ...comp({ name: "API calls", type: "metered", unitPriceCents: 2, startingQuantity: 1000 }), usage: 1500 };
    expect(usageLines([metered])).toEqual([{ kind: "usage", name: "API calls usage", amountCents: 1000, quantity: 500, componentId: "API calls" }]);
    expect(usageLines([{ ...metered, usage: 999 }])).toEqual([]);
  });
});

describe("periods", () => {
  it("first renewal after the trial or one period; one-time products never renew", () => {
    expect(firstRenewal("2026-01-31", product)).toBe("2026-03-02");
    expect(firstRenewal("2026-01-01", { ...product, trial: true, trialIntervalDays: 14 })).toBe("2026-01-15");
    expect(firstRenewal("2026-01-01", { ...product, expirationInterval: 0 })).toBeNull();
  });

  it("invoices are generated 72 hours before the renewal, in the brand's time zone", () => {
    expect(invoiceGenerationAt("2026-03-10", "UTC").toISOString()).toBe("2026-03-07T00:00:00.000Z");
    expect(invoiceGenerationAt("2026-01-10", "America/New_York").toISOString()).toBe("2026-01-07T05:00:00.000Z");
    // 72 real hours across the DST change: the renewal starts at 04:00Z (EDT), so 04:00Z three days before.
    expect(invoiceGenerationAt("2026-03-10", "America/New_York").toISOString()).toBe("2026-03-07T04:00:00.000Z");
    expect(invoiceHorizon(new Date("2026-03-07T00:00:00Z"), "UTC")).toBe("2026-03-10");
    expect(invoiceHorizon(new Date("2026-03-06T23:59:59Z"), "UTC")).toBe("2026-03-09");
  });

  it("days overdue count whole calendar days in the zone", () => {
    expect(daysOverdue("2026-03-10", new Date("2026-03-10T23:00:00Z"), "UTC")).toBe(0);
    expect(daysOverdue("2026-03-10", new Date("2026-03-11T00:00:00Z"), "UTC")).toBe(1);
    expect(daysOverdue("2026-03-10", new Date("2026-03-11T03:00:00Z"), "America/New_York")).toBe(0);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe("properties", () => {
  const arbComponent = fc.record({
    type: fc.constantFrom("traditional", "metered", "quantitative") as fc.Arbitrary<PricedComponent["type"]>,
    unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
    setupFeeCents: fc.integer({ min: 0, max: 100_000 }),
    startingQuantity: fc.integer({ min: 0, max: 50 }),
    maximumUnits: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
    units: fc.integer({ min: 0, max: 1000 }),
  });
  const arbCoupon = fc.record({
    code: fc.string({ minLength: 1, maxLength: 8 }),
    discountType: fc.constantFrom("percent", "amount") as fc.Arbitrary<"percent" | "amount">,
    discountValue: fc.integer({ min: 0, max: 10_000 }),
  });
  const arbProduct = fc.record({
    setupFeeCents: fc.integer({ min: 0, max: 1_000_000 }),
    recurringPriceCents: fc.integer({ min: 0, max: 1_000_000 }),
    expirationInterval: fc.integer({ min: 0, max: 365 }),
    intervalUnit: fc.constantFrom("day", "week", "month", "year") as fc.Arbitrary<PricedProduct["intervalUnit"]>,
    trial: fc.boolean(),
    trialIntervalDays: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
    trialPriceCents: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
    autoPayDiscount: fc.boolean(),
    autoPayDiscountCents: fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: null }),
  });

  it("a charge equals the sum of its lines, is never negative and uses whole cents", () => {
    fc.assert(
      fc.property(arbProduct, fc.array(arbComponent, { maxLength: 5 }), fc.array(arbCoupon, { maxLength: 4 }), fc.boolean(), (p, cs, coupons, autoPay) => {
        const components = cs.map((c, i) => ({ ...c, id: `c${i}`, name: `C${i}` }));
        for (const lines of [
          recurringLines({ product: p, productName: "P", components, coupons, autoPay }),
          initialLines({ product: p, productName: "P", components, coupons, autoPay }),
        ]) {
          expect(sumLines(lines)).toBeGreaterThanOrEqual(0);
          for (const l of lines) expect(Number.isSafeInteger(l.amountCents)).toBe(true);
        }
      }),
    );
  });

  it("coupons never take off more than the charge, and 100% takes off all of it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(arbCoupon, { maxLength: 6 }), (charge, coupons) => {
        const off = -sumLines(couponLines(charge, coupons));
        expect(off).toBeGreaterThanOrEqual(0);
        expect(off).toBeLessThanOrEqual(charge);
      }),
    );
    expect(sumLines(couponLines(4999, [{ code: "ALL", discountType: "percent", discountValue: 10_000 }]))).toBe(-4999);
    expect(percentOf(5, 5000)).toBe(3);
  });
});
