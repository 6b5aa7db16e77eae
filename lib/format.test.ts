import { describe, expect, it } from "vitest";
import { formatDate, formatInstant, formatMoney, formatPeriod, formatPercent, formatsFor, statusLabel, statusLook, statusOptions } from "./format";
import { INVOICE_STATUS, STATUS } from "../db/schema/status";

describe("the one formatter", () => {
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

  it("money: negative amounts, a currency, compact chart labels", () => {
    expect(formatMoney(-250, "USD")).toBe("-$2.50");
    expect(formatMoney(0, "USD")).toBe("$0.00");
    expect(formatMoney(2500, "JPY")).toBe("¥2,500");
    expect(formatMoney(12345, "KWD")).toBe("KWD 12.345");
    expect(formatMoney(123456, "JPY", "en-US", { compact: true })).toBe("¥123.5k");
    expect(formatMoney(123456, "EUR", "de-DE")).toMatch(/1\.234,56\s€/);
    expect(formatMoney(123_456, "USD", "en-US", { compact: true })).toBe("$1.2k");
    expect(formatMoney(-250_000_000, "USD", "en-US", { compact: true })).toBe("-$2.5M");
    expect(formatMoney(4_900, "USD", "en-US", { compact: true })).toBe("$49");
  });

  it("a coupon's percent off, kept in hundredths of a percent", () => {
    expect(formatPercent(1000)).toBe("10%");
    expect(formatPercent(1250)).toBe("12.5%");
    expect(formatPercent(333)).toBe("3.33%");
  });

  it("dates: a day, a month, nothing; the staff's instant stamp is UTC", () => {
    expect(formatDate("2026-04")).toBe("Apr 2026");
    expect(formatDate("2026-10-27")).toBe("Oct 27, 2026");
    expect(formatDate(null)).toBe("—");
    expect(formatInstant(new Date("2026-11-22T15:04:59Z"))).toBe("2026-11-22 15:04 UTC");
    expect(formatInstant("2026-11-22T15:04:59Z", { timeZone: "America/New_York" })).toBe("Nov 22, 2026, 10:04 AM");
    expect(formatInstant(null)).toBe("—");
  });

  it("statuses are words from one table: staff read the ledger, customers their bill", () => {
    expect(statusLabel("record", STATUS.SUSPENDED)).toBe("Suspended");
    expect(statusLabel("record", STATUS.DELETED)).toBe("Deleted");
    expect(statusLabel("record", STATUS.DELETED, "customer")).toBe("Cancelled");
    expect(statusLabel("invoice", INVOICE_STATUS.PARTIALLY_PAID)).toBe("Partly paid");
    expect(statusLabel("invoice", INVOICE_STATUS.DELETED, "customer")).toBe("Void");
    expect(statusLook("invoice", INVOICE_STATUS.UNPAID, "customer")).toEqual(["Unpaid", "bad"]);
    expect(statusLabel("payment", "succeeded")).toBe("Succeeded");
    expect(statusLabel("payment", "succeeded", "customer")).toBe("Paid");
    expect(statusLabel("payment", "reversed")).toBe("Refunded");
    // A filter's URL carries the value as a string; every ledger status has a word.
    expect(statusOptions("record")).toEqual([
      { value: "1", label: "Active" },
      { value: "2", label: "Suspended" },
      { value: "3", label: "Deleted" },
    ]);
    expect(statusLook("invoice", 9)).toEqual(["9", "info"]);
    expect(formatsFor("en-US", "UTC").status("invoice", INVOICE_STATUS.DELETED)).toBe("Void");
  });
});

describe("formatPeriod: a billing period as people say it", () => {
  it("one unit by its word, more as 'Every n units', none as a one-time purchase", () => {
    expect(formatPeriod("month", 1)).toBe("Monthly");
    expect(formatPeriod("month", 3)).toBe("Every 3 months");
    expect(formatPeriod("year", 1)).toBe("Yearly");
    expect(formatPeriod("year", 2)).toBe("Every 2 years");
    expect(formatPeriod("week", 1)).toBe("Weekly");
    expect(formatPeriod("week", 2)).toBe("Every 2 weeks");
    expect(formatPeriod("day", 30)).toBe("Every 30 days");
    expect(formatPeriod("day", 1)).toBe("Daily");
    expect(formatPeriod("month", 0)).toBe("One time");
  });
});
