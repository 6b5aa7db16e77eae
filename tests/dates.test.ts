import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatInstant } from "../lib/dates";

describe("formatInstant", () => {
  it("is toISOString without milliseconds for every instant from year 0 to 9999", () => {
    const min = Date.UTC(0, 0, 1);
    const max = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    fc.assert(
      fc.property(fc.integer({ min, max }), (ms) => {
        const d = new Date(ms);
        expect(formatInstant(d)).toBe(`${d.toISOString().slice(0, 19)}Z`);
      }),
      { numRuns: 20_000 },
    );
  });

  it("gets the edges of days, months, leap years and the epoch right", () => {
    for (const iso of [
      "1970-01-01T00:00:00.000Z",
      "1969-12-31T23:59:59.999Z",
      "2024-02-29T23:59:59.999Z",
      "2100-03-01T00:00:00.000Z",
      "2000-02-29T12:00:00.500Z",
      "2026-11-22T15:04:05.000Z",
    ]) {
      expect(formatInstant(new Date(iso))).toBe(`${iso.slice(0, 19)}Z`);
    }
  });
});
