import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { z } from "zod";
import { amountRule, formatAmount, isCurrency, minorUnits, parseAmount, toMajor } from "./money";
import { money, withAmountsIn } from "./wire/params";

/** Issue 31: amounts on the wire have exactly their currency's decimals (ISO 4217 exponent). */
describe("currencies and their minor units", () => {
  it("knows the ISO 4217 exponents the issue names", () => {
    expect(["USD", "EUR", "JPY", "KWD", "BHD"].map(minorUnits)).toEqual([2, 2, 0, 3, 3]);
  });

  // Stored amounts are minor units read with these exponents: a runtime (ICU) update that changed
  // one would silently misread a brand's money by a factor of ten or more, so the whole table is pinned.
  // ICU differs from ISO 4217 for the currencies in ICU_NOT_ISO (ISO: 2, or 3 for IQD; ICU: 0).
  it("pins every exponent the runtime gives", () => {
    const byExponent: Record<number, string[]> = {};
    for (const c of Intl.supportedValuesOf("currency")) (byExponent[minorUnits(c)] ??= []).push(c);
    expect(byExponent[3]).toEqual(["BHD", "JOD", "KWD", "LYD", "OMR", "TND"]);
    expect(byExponent[0]).toEqual([
      "AFN", "ALL", "BIF", "CLP", "COP", "DJF", "GNF", "HUF", "IDR", "IQD", "IRR", "ISK", "JPY", "KMF", "KPW", "KRW", "LAK",
      "LBP", "MGA", "MMK", "PKR", "PYG", "RWF", "SLL", "SOS", "SYP", "UGX", "VND", "VUV", "XAF", "XOF", "XPF", "YER",
    ]); // prettier-ignore
    expect(Object.keys(byExponent).sort()).toEqual(["0", "2", "3"]);
  });

  it("codes are ISO 4217's in circulation, upper case", () => {
    expect(["USD", "JPY", "KWD", "EUR", "CHF"].every(isCurrency)).toBe(true);
    expect(["usd", "XYZ", "US", "DEM", "CLF", ""].some(isCurrency)).toBe(false);
  });

  it("formats with exactly the currency's decimals: 2500 yen, 12.345 dinars, 25.00 dollars", () => {
    expect(formatAmount(2500, "JPY")).toBe("2500");
    expect(formatAmount(12345, "KWD")).toBe("12.345");
    expect(formatAmount(5, "BHD")).toBe("0.005");
    expect(formatAmount(2500, "USD")).toBe("25.00");
    expect(formatAmount(-505, "USD")).toBe("-5.05");
    expect(formatAmount(-7, "JPY")).toBe("-7");
    expect(toMajor(12345, "KWD")).toBe(12.345);
  });

  it("parses fewer decimals than the currency has, never more", () => {
    expect(parseAmount("25", "USD")).toBe(2500);
    expect(parseAmount("25.5", "USD")).toBe(2550);
    expect(parseAmount("12.3", "KWD")).toBe(12300);
    expect(parseAmount("2500", "JPY")).toBe(2500);
    expect(parseAmount("-5.00", "USD")).toBe(-500);
    for (const [amount, currency] of [
      ["25.001", "USD"],
      ["25.0", "JPY"],
      ["1.2345", "KWD"],
      ["", "USD"],
      [".5", "USD"],
      ["5.", "USD"],
      ["1e3", "USD"],
    ]) {
      expect(() => parseAmount(amount, currency), `${amount} ${currency}`).toThrow();
    }
  });

  it("property: parse(format(x)) = x for any amount in minor units, in a currency of each exponent", () => {
    for (const currency of ["JPY", "USD", "KWD"]) {
      fc.assert(
        fc.property(fc.integer({ min: -999_999_999_999, max: 999_999_999_999 }), (minor) => {
          const wire = formatAmount(minor, currency);
          expect(parseAmount(wire, currency)).toBe(minor);
          // Exactly the currency's decimals, always.
          expect(wire.split(".")[1]?.length ?? 0).toBe(minorUnits(currency));
        }),
      );
    }
  });

  it("the money() parameter reads the parse's currency and refuses more decimals with the rule", () => {
    const schema = z.object({ amount: money() });
    expect(withAmountsIn("JPY", () => schema.parse({ amount: "2500" }))).toEqual({ amount: 2500 });
    expect(withAmountsIn("KWD", () => schema.parse({ amount: "12.345" }))).toEqual({ amount: 12345 });
    expect(withAmountsIn("USD", () => schema.parse({ amount: "25" }))).toEqual({ amount: 2500 });
    const refused = withAmountsIn("JPY", () => schema.safeParse({ amount: "25.00" }));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe("must be an amount with no decimals, like 2500");
    expect(amountRule("USD")).toBe("must be an amount with at most two decimals, like 25.00");
    expect(amountRule("KWD")).toBe("must be an amount with at most three decimals, like 12.345");
    // Outside a parse that knows the brand's currency, an amount is never guessed.
    expect(() => schema.parse({ amount: "25.00" })).toThrow(/brand's currency/);
  });
});
