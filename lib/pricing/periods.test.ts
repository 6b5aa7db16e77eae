import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  addDays,
  billingAnchor,
  daysInMonth,
  firstPartialPeriod,
  firstRenewal,
  nextBillingDay,
  nextRenewal,
  periodEnd,
  renewalAfter,
  unusedPart,
  type IntervalUnit,
} from "./periods";
import { prorate, proratedLines, prorationOf } from "./pricing";

const ends = (anchor: string, unit: IntervalUnit, count: number, n: number, day?: number) =>
  Array.from({ length: n }, (_, i) => periodEnd(anchor, unit, count, i + 1, day));

describe("periodEnd: renewal dates from the anchor", () => {
  it("monthly from January 31: the last day of shorter months, the 31st again after them", () => {
    expect(ends("2026-01-31", "month", 1, 6)).toEqual(["2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31"]);
    expect(ends("2028-01-31", "month", 1, 2)).toEqual(["2028-02-29", "2028-03-31"]);
  });

  it("yearly from February 29: February 28 in common years, 29 in leap years", () => {
    expect(ends("2028-02-29", "year", 1, 5)).toEqual(["2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29", "2033-02-28"]);
  });

  it("every 3 months, weekly (the anchor's weekday), every 30 days", () => {
    expect(ends("2026-11-30", "month", 3, 3)).toEqual(["2027-02-28", "2027-05-30", "2027-08-30"]);
    expect(ends("2026-11-26", "week", 1, 3)).toEqual(["2026-12-03", "2026-12-10", "2026-12-17"]);
    expect(ends("2026-01-31", "day", 30, 3)).toEqual(["2026-03-02", "2026-04-01", "2026-05-01"]);
  });

  it("a billing day stands for a clamped anchor's day", () => {
    expect(ends("2026-02-28", "month", 1, 3, 31)).toEqual(["2026-03-31", "2026-04-30", "2026-05-31"]);
    expect(periodEnd("2026-02-28", "month", 1, -1, 31)).toBe("2026-01-31");
  });

  const date = fc
    .date({ min: new Date("2024-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const unit = fc.constantFrom<IntervalUnit>("day", "week", "month", "year");

  it("consecutive periods tile, each on the anchor's day clamped to its month (or n × count days/weeks later); nextRenewal finds each from the one before", () => {
    fc.assert(
      fc.property(date, unit, fc.integer({ min: 1, max: 13 }), fc.option(fc.integer({ min: 1, max: 31 }), { nil: undefined }), (anchor, u, count, day) => {
        const billingDay = u === "month" || u === "year" ? day : undefined;
        let previous = anchor;
        for (let n = 1; n <= 30; n++) {
          const end = periodEnd(anchor, u, count, n, billingDay);
          expect(end > previous).toBe(true);
          if (u === "day" || u === "week") {
            expect(end).toBe(addDays(anchor, n * count * (u === "week" ? 7 : 1)));
          } else {
            const [y, m] = [Number(end.slice(0, 4)), Number(end.slice(5, 7))];
            const months = (y - Number(anchor.slice(0, 4))) * 12 + m - Number(anchor.slice(5, 7));
            expect(months).toBe(n * count * (u === "year" ? 12 : 1));
            expect(Number(end.slice(8, 10))).toBe(Math.min(billingDay ?? Number(anchor.slice(8, 10)), daysInMonth(y, m)));
          }
          expect(nextRenewal(anchor, u, count, previous, billingDay)).toBe(end);
          expect(renewalAfter(previous, { billingAnchor: anchor, billingDay: billingDay ?? null }, { intervalUnit: u, expirationInterval: count })).toBe(end);
          previous = end;
        }
      }),
    );
  });

  it("a billing day: the first period runs to the next such day (clamped), later ones anchor on it; the proration is within half a cent of the exact fraction", () => {
    fc.assert(
      fc.property(
        date,
        fc.constantFrom<IntervalUnit>("month", "year"),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (start, u, count, day, price) => {
          const product = { intervalUnit: u, expirationInterval: count, trial: false, trialIntervalDays: null };
          const anchor = billingAnchor(start, product, day);
          expect(firstRenewal(start, product, day)).toBe(anchor);
          expect(anchor > start).toBe(true);
          expect(anchor <= periodEnd(start, "month", 1, 1, day)).toBe(true);
          const [y, m] = [Number(anchor.slice(0, 4)), Number(anchor.slice(5, 7))];
          expect(Number(anchor.slice(8, 10))).toBe(Math.min(day, daysInMonth(y, m)));
          const part = firstPartialPeriod(start, anchor, product, day);
          expect(part.days).toBeGreaterThan(0);
          expect(part.days).toBeLessThanOrEqual(part.ofDays);
          const cents = prorate(price, part.days, part.ofDays);
          expect(Math.abs(cents - (price * part.days) / part.ofDays)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });

  it("nextBillingDay: later this month when the day is still ahead, else next month's (clamped)", () => {
    expect(nextBillingDay("2026-03-15", 1)).toBe("2026-04-01");
    expect(nextBillingDay("2026-03-15", 20)).toBe("2026-03-20");
    expect(nextBillingDay("2026-03-15", 15)).toBe("2026-04-15");
    expect(nextBillingDay("2026-02-10", 31)).toBe("2026-02-28");
    expect(nextBillingDay("2026-02-28", 31)).toBe("2026-03-31");
  });

  it("prorate rounds half away from zero", () => {
    expect(prorate(1000, 1, 8)).toBe(125);
    expect(prorate(1, 1, 2)).toBe(1);
    expect(prorate(-1, 1, 2)).toBe(-1);
    expect(prorate(3, 1, 2)).toBe(2);
    expect(prorate(2999, 17, 31)).toBe(1645); // 1644.61...
  });

  it("a prorated first period prices each line by the fraction, then the coupons", () => {
    const product = {
      setupFeeCents: 0,
      recurringPriceCents: 3100,
      expirationInterval: 1,
      intervalUnit: "month" as const,
      trial: false,
      trialIntervalDays: null,
      trialPriceCents: null,
      autoPayDiscount: false,
      autoPayDiscountCents: null,
    };
    const lines = proratedLines(
      { product, productName: "P", components: [], coupons: [{ code: "HALF", discountType: "percent", discountValue: 5000 }], autoPay: false },
      { days: 17, ofDays: 31 },
    );
    expect(lines.map((l) => l.amountCents)).toEqual([1700, -850]);
  });
});

describe("proration of a change mid-period (issue 32)", () => {
  const date = fc
    .date({ min: new Date("2024-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const charge = fc.integer({ min: 0, max: 999_999_999_999 });

  it("is (days left / days in the period) x (new - old) within half a cent of the exact fraction, half away from zero, over any calendar period", () => {
    fc.assert(
      fc.property(
        date,
        fc.constantFrom<IntervalUnit>("day", "week", "month", "year"),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 400 }),
        charge,
        charge,
        (anchor, u, count, into, before, after) => {
          const start = periodEnd(anchor, u, count, 1);
          const renewal = periodEnd(anchor, u, count, 2);
          const day = addDays(start, into);
          const part = unusedPart(start, renewal, day);
          if (day >= renewal) {
            expect(part).toBeNull();
            return;
          }
          expect(part).not.toBeNull();
          const { days, ofDays } = part!;
          expect(ofDays).toBe(Math.round((Date.parse(renewal) - Date.parse(start)) / 86_400_000));
          expect(days).toBe(Math.round((Date.parse(renewal) - Date.parse(day)) / 86_400_000));
          const cents = prorationOf(before, after, part!);
          // |cents - (after - before) x days / ofDays| <= 1/2, in exact integers: |2 ofDays cents - 2 days diff| <= ofDays.
          const exact2 = 2n * BigInt(after - before) * BigInt(days);
          const error = 2n * BigInt(ofDays) * BigInt(cents) - exact2;
          expect(error <= BigInt(ofDays) && error >= -BigInt(ofDays)).toBe(true);
          // An exact half goes away from zero; the sign follows the difference.
          if (error === BigInt(ofDays) || error === -BigInt(ofDays)) expect(Math.abs(cents) * 2 * ofDays > Math.abs(Number(exact2))).toBe(true);
          expect(Math.sign(cents) === 0 || Math.sign(cents) === Math.sign(after - before)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
