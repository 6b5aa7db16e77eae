import { describe, expect, it } from "vitest";
import { formatsFor } from "./format";

describe("portal formats", () => {
  it("money and dates in the customer's locale; instants in their time zone; calendar dates never shift", () => {
    const us = formatsFor("en-US", "America/New_York");
    expect(us.money(123456)).toBe("$1,234.56");
    expect(us.date("2026-11-22")).toBe("Nov 22, 2026");
    // 02:30 UTC on the 23rd is still the 22nd in New York.
    expect(us.day(new Date("2026-11-23T02:30:00Z"))).toBe("Nov 22, 2026");
    const fr = formatsFor("fr-CA", "America/Montreal");
    expect(fr.money(123456)).toMatch(/1\s234,56\s\$\s?US/);
    expect(fr.date("2026-11-22")).toMatch(/22 nov\. 2026/);
    const tokyo = formatsFor("en-US", "Asia/Tokyo");
    expect(tokyo.date("2026-11-22")).toBe("Nov 22, 2026");
    expect(tokyo.day(new Date("2026-11-22T20:00:00Z"))).toBe("Nov 23, 2026");
  });

  it("an unknown locale or time zone falls back instead of failing the page", () => {
    const f = formatsFor("not a locale!", "Mars/Base");
    expect(f.money(100)).toBe("$1.00");
    expect(f.timeZone).toBe("UTC");
  });
});
