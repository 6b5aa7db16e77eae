import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { calendarDate, qualifyCoupon, type QualifiableCoupon, type QualificationQuery } from "./coupon-qualification";

const PRODUCT = "01a20000-0000-7000-8000-000000000001";
const OTHER_PRODUCT = "01a20000-0000-7000-8000-000000000002";

const coupon = (over: Partial<QualifiableCoupon> = {}): QualifiableCoupon => ({
  status: "active",
  expirationDate: null,
  duration: "forever",
  durationCycles: null,
  maxRedemptions: null,
  redemptionCount: 0,
  productIds: [],
  ...over,
});

const query = (over: Partial<QualificationQuery> = {}): QualificationQuery => ({
  productId: PRODUCT,
  now: new Date("2026-03-10T12:00:00Z"),
  cyclesApplied: 0,
  alreadyRedeemedBySubscription: false,
  ...over,
});

const reason = (c: QualifiableCoupon, q: QualificationQuery) => {
  const r = qualifyCoupon(c, q);
  return r.qualifies ? "qualifies" : r.reason;
};

describe("qualifyCoupon", () => {
  it("an active, unrestricted coupon qualifies", () => {
    expect(qualifyCoupon(coupon(), query())).toEqual({ qualifies: true });
  });

  it("only active coupons qualify", () => {
    expect(reason(coupon({ status: "inactive" }), query())).toBe("status");
    expect(reason(coupon({ status: "deleted" }), query())).toBe("status");
  });

  it("qualifies through its expiration date and not after, in the given time zone", () => {
    const c = coupon({ expirationDate: "2026-03-10" });
    expect(reason(c, query({ now: new Date("2026-03-10T23:59:59Z") }))).toBe("qualifies");
    expect(reason(c, query({ now: new Date("2026-03-11T00:00:00Z") }))).toBe("expired");
    // 03:00 UTC on the 11th is still the 10th in New York.
    expect(reason(c, query({ now: new Date("2026-03-11T03:00:00Z"), timeZone: "America/New_York" }))).toBe("qualifies");
    expect(calendarDate(new Date("2026-03-11T03:00:00Z"), "America/New_York")).toBe("2026-03-10");
  });

  it("a once coupon is used up after one cycle, a cycles coupon after its cycles", () => {
    expect(reason(coupon({ duration: "once" }), query({ cyclesApplied: 0 }))).toBe("qualifies");
    expect(reason(coupon({ duration: "once" }), query({ cyclesApplied: 1 }))).toBe("one_time_used");
    expect(reason(coupon({ duration: "cycles", durationCycles: 3 }), query({ cyclesApplied: 2 }))).toBe("qualifies");
    expect(reason(coupon({ duration: "cycles", durationCycles: 3 }), query({ cyclesApplied: 3 }))).toBe("one_time_used");
    expect(reason(coupon({ duration: "forever" }), query({ cyclesApplied: 10_000 }))).toBe("qualifies");
  });

  it("a restricted coupon qualifies only for its products", () => {
    const c = coupon({ productIds: [OTHER_PRODUCT] });
    expect(reason(c, query())).toBe("product_restricted");
    expect(reason(c, query({ productId: OTHER_PRODUCT }))).toBe("qualifies");
  });

  it("max_redemptions stops new redemptions, not the subscriptions that already redeemed it", () => {
    const c = coupon({ maxRedemptions: 2, redemptionCount: 2 });
    expect(reason(c, query())).toBe("max_redemptions");
    expect(reason(c, query({ alreadyRedeemedBySubscription: true }))).toBe("qualifies");
    expect(reason(coupon({ maxRedemptions: 2, redemptionCount: 1 }), query())).toBe("qualifies");
  });

  it("gives the most fundamental reason first", () => {
    const everythingWrong = coupon({
      status: "inactive",
      expirationDate: "2020-01-01",
      duration: "once",
      productIds: [OTHER_PRODUCT],
      maxRedemptions: 1,
      redemptionCount: 5,
    });
    expect(reason(everythingWrong, query({ cyclesApplied: 1 }))).toBe("status");
    expect(reason({ ...everythingWrong, status: "active" }, query({ cyclesApplied: 1 }))).toBe("expired");
    expect(reason({ ...everythingWrong, status: "active", expirationDate: null }, query({ cyclesApplied: 1 }))).toBe("product_restricted");
    expect(reason({ ...everythingWrong, status: "active", expirationDate: null, productIds: [] }, query({ cyclesApplied: 1 }))).toBe("one_time_used");
  });
});

describe("qualifyCoupon properties", () => {
  const ids = fc.constantFrom(PRODUCT, OTHER_PRODUCT, "01a20000-0000-7000-8000-000000000003");
  const isoDay = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
  const arbCoupon: fc.Arbitrary<QualifiableCoupon> = fc.record({
    status: fc.constantFrom("active", "inactive", "deleted"),
    expirationDate: fc.option(isoDay, { nil: null }),
    duration: fc.constantFrom("once" as const, "forever" as const, "cycles" as const),
    durationCycles: fc.option(fc.integer({ min: 1, max: 24 }), { nil: null }),
    maxRedemptions: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
    redemptionCount: fc.integer({ min: 0, max: 60 }),
    productIds: fc.uniqueArray(ids, { maxLength: 3 }),
  });
  const arbQuery: fc.Arbitrary<QualificationQuery> = fc.record({
    productId: ids,
    now: fc.date({ min: new Date("2025-01-01T00:00:00Z"), max: new Date("2028-01-01T00:00:00Z"), noInvalidDate: true }),
    cyclesApplied: fc.integer({ min: 0, max: 30 }),
    alreadyRedeemedBySubscription: fc.boolean(),
  });

  it("a qualifying coupon is active, unexpired, allowed for the product, not used up and not over its limit", () => {
    fc.assert(
      fc.property(arbCoupon, arbQuery, (c, q) => {
        const ok = qualifyCoupon(c, q).qualifies;
        const expected =
          c.status === "active" &&
          (c.expirationDate === null || q.now.toISOString().slice(0, 10) <= c.expirationDate) &&
          (c.productIds.length === 0 || c.productIds.includes(q.productId)) &&
          (c.duration === "forever" || q.cyclesApplied < (c.duration === "once" ? 1 : (c.durationCycles ?? 0))) &&
          (q.alreadyRedeemedBySubscription || c.maxRedemptions === null || c.redemptionCount < c.maxRedemptions);
        expect(ok).toBe(expected);
      }),
    );
  });

  it("time only takes qualification away: once disqualified at some moment, later moments are never better", () => {
    fc.assert(
      fc.property(arbCoupon, arbQuery, fc.integer({ min: 0, max: 400 * 86_400_000 }), (c, q, later) => {
        const then = qualifyCoupon(c, q);
        const after = qualifyCoupon(c, { ...q, now: new Date(q.now.getTime() + later) });
        if (!then.qualifies) expect(after.qualifies).toBe(false);
      }),
    );
  });

  it("more applied cycles never make a coupon qualify again", () => {
    fc.assert(
      fc.property(arbCoupon, arbQuery, fc.integer({ min: 1, max: 10 }), (c, q, more) => {
        if (!qualifyCoupon(c, q).qualifies) expect(qualifyCoupon(c, { ...q, cyclesApplied: q.cyclesApplied + more }).qualifies).toBe(false);
      }),
    );
  });

  it("is pure: the same arguments always give the same answer and the arguments are not changed", () => {
    fc.assert(
      fc.property(arbCoupon, arbQuery, (c, q) => {
        const [cBefore, qBefore] = [structuredClone(c), structuredClone(q)];
        expect(qualifyCoupon(c, q)).toEqual(qualifyCoupon(c, q));
        expect([c, q]).toEqual([cBefore, qBefore]);
      }),
    );
  });
});
