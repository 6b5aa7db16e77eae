import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { InvoiceLine } from "../../db/schema/money";
import {
  applicableRates,
  creditNoteAmounts,
  creditNoteTaxes,
  roundHalfAway,
  taxAmounts,
  taxNotes,
  withTax,
  type TaxRateInput,
  type TaxSubject,
} from "./compute";
import { formatPercentage, parsePercentage } from "../percentage";

const line = (itemPrice: number, o: Partial<InvoiceLine> = {}): InvoiceLine => ({
  itemName: "Line",
  itemPrice,
  quantity: 1,
  taxExempt: "N",
  kind: "item",
  componentId: null,
  ...o,
});
const rate = (percentage: string, o: Partial<TaxRateInput> = {}): TaxRateInput => ({
  id: `rate-${percentage}-${o.state ?? ""}`,
  name: "VAT",
  percentage: parsePercentage(percentage)!,
  country: "FR",
  state: null,
  inclusive: "N",
  reverseCharge: "N",
  ...o,
});
const subject = (rates: TaxRateInput[], account: Partial<TaxSubject["account"]> = {}, brandCountry = "FR"): TaxSubject => ({
  account: { taxExempt: "N", taxExemptReason: null, country: "FR", state: null, taxId: null, ...account },
  brand: { country: brandCountry },
  rates,
});
const taxes = (lines: InvoiceLine[], s: TaxSubject) => taxAmounts(withTax(lines, s));

describe("percentages are exact", () => {
  it("reads up to 4 decimals from 0 to 100 as ten-thousandths, and writes them back", () => {
    expect(parsePercentage("20")).toBe(200_000);
    expect(parsePercentage("8.875")).toBe(88_750);
    expect(parsePercentage("0.0001")).toBe(1);
    expect(parsePercentage("100")).toBe(1_000_000);
    for (const bad of ["100.0001", "8.87501", "-1", "1e2", " 5", "5.", ".5", "", "abc"]) expect(parsePercentage(bad), bad).toBeNull();
    expect(formatPercentage(88_750)).toBe("8.875");
    expect(formatPercentage(200_000)).toBe("20");
    expect(formatPercentage(1)).toBe("0.0001");
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), (p) => parsePercentage(formatPercentage(p)) === p));
  });
});

describe("tax on an invoice", () => {
  it("rounds half away from zero once per rate, not per line", () => {
    // 3 lines of 5 cents at 10%: 0.5 each, 1.5 in all -> 2 (per line it would be 3).
    const t = taxes([line(5), line(5), line(5)], subject([rate("10")]));
    expect(t.taxTotal).toBe(2);
    expect(roundHalfAway({ n: 1n, d: 2n })).toBe(1);
    expect(roundHalfAway({ n: -1n, d: 2n })).toBe(-1);
    expect(roundHalfAway({ n: 5n, d: 4n })).toBe(1);
    // 8.875% of 10.00 is 0.8875 -> 0.89.
    expect(taxes([line(1000)], subject([rate("8.875")])).taxTotal).toBe(89);
  });

  it("stacks a country's and a state's rates (GST + PST), and skips other states, countries and archived rates", () => {
    const rates = [
      rate("5", { name: "GST", country: "CA" }),
      rate("7", { name: "PST", country: "CA", state: "BC" }),
      rate("9.975", { name: "QST", country: "CA", state: "QC" }),
      rate("20", { country: "FR" }),
      rate("13", { name: "Old", country: "CA", archivedAt: new Date() }),
    ];
    const t = taxes([line(10_000)], subject(rates, { country: "CA", state: "bc" }));
    expect(t.taxes.map((x) => [x.name, x.amount])).toEqual([
      ["GST", 500],
      ["PST", 700],
    ]);
    expect(t).toMatchObject({ subtotal: 10_000, taxTotal: 1200, total: 11_200 });
    expect(applicableRates(rates, { taxExempt: "N", taxExemptReason: null, country: "CA", state: "ON", taxId: null }).map((r) => r.name)).toEqual(["GST"]);
  });

  it("an inclusive rate extracts the part of the lines it is and leaves the total", () => {
    const t = taxes([line(12_000)], subject([rate("20", { inclusive: "Y" })]));
    expect(t).toMatchObject({ subtotal: 12_000, taxTotal: 2000, total: 12_000 });
    expect(t.taxes[0]).toMatchObject({ inclusive: "Y", taxedAmount: 12_000, amount: 2000 });
  });

  it("exempt lines are not taxed; discounts come off the taxed amount first, in proportion", () => {
    // 60.00 taxable, 40.00 exempt, a 10.00 coupon: the taxable lines carry 6.00 of it -> 54.00 taxed.
    const lines = [line(6000), line(4000, { taxExempt: "Y" }), line(-1000, { kind: "discount" })];
    const t = taxes(lines, subject([rate("20")]));
    expect(t.taxes[0]).toMatchObject({ taxedAmount: 5400, amount: 1080 });
    expect(t.total).toBe(9000 + 1080);
  });

  it("a tax exempt account pays none, and its invoice says so with the reason it had then", () => {
    const lines = withTax([line(10_000)], subject([rate("20")], { taxExempt: "Y", taxExemptReason: " Registered charity " }));
    expect(lines.filter((l) => l.kind === "tax")).toEqual([
      {
        itemName: "Tax exempt: Registered charity",
        itemPrice: 0,
        quantity: 1,
        taxExempt: "Y",
        kind: "tax",
        componentId: null,
        taxExemptReason: "Registered charity",
      },
    ]);
    expect(taxAmounts(lines)).toMatchObject({ subtotal: 10_000, taxTotal: 0, total: 10_000, taxes: [] });
    expect(taxNotes(lines)).toEqual(["Tax exempt: Registered charity"]);
    // Without a reason it still says so; taxed again once the account is no longer exempt, the statement goes.
    expect(taxNotes(withTax(lines, subject([rate("20")], { taxExempt: "Y" })))).toEqual(["Tax exempt"]);
    expect(taxNotes(withTax(lines, subject([rate("20")])))).toEqual([]);
  });

  it("a reverse charged invoice states both tax ids", () => {
    const s = {
      ...subject([rate("19", { country: "DE", reverseCharge: "Y" })], { country: "DE", taxId: "DE123456789" }),
      brand: { country: "FR", taxId: "FR999" },
    };
    expect(taxNotes(withTax([line(10_000)], s))).toEqual([
      "Reverse charge: VAT is accounted for by the customer. Customer tax ID DE123456789; seller tax ID FR999.",
    ]);
  });

  it("a credit note's tax part is its share of each of the invoice's taxes", () => {
    const lines = withTax([line(10_000)], subject([rate("20"), rate("5", { name: "Eco", inclusive: "Y" })]));
    const { total } = taxAmounts(lines);
    // The whole invoice credited gives back all its tax; a part of it, its share (rounded half away from zero).
    expect(creditNoteTaxes(lines, total)).toEqual(taxAmounts(lines).taxes);
    const third = creditNoteTaxes(lines, Math.round(total / 3));
    expect(third.map((t) => [t.name, t.amount, t.taxedAmount])).toEqual([
      ["VAT", Math.round(taxAmounts(lines).taxes[0].amount / 3), 3333],
      ["Eco", 159, 3333],
    ]);
    expect(creditNoteAmounts(Math.round(total / 3), third)).toMatchObject({
      taxTotal: third[0].amount + 159,
      subtotal: Math.round(total / 3) - third[0].amount,
    });
    expect(creditNoteTaxes(withTax([line(10_000)], subject([])), 5000)).toEqual([]);
  });

  it("reverse charge: an account with a tax id in another country pays none of a reverse charged rate", () => {
    const rates = [rate("19", { country: "DE", reverseCharge: "Y" })];
    const abroad = taxes([line(10_000)], subject(rates, { country: "DE", taxId: "DE123456789" }));
    expect(abroad.taxes[0]).toMatchObject({ reverseCharge: "Y", amount: 0, taxedAmount: 10_000, customerTaxId: "DE123456789" });
    expect(abroad.total).toBe(10_000);
    // Without a tax id, or in the brand's own country, it is charged.
    expect(taxes([line(10_000)], subject(rates, { country: "DE" })).taxTotal).toBe(1900);
    expect(taxes([line(10_000)], subject(rates, { country: "DE", taxId: "DE1" }, "DE")).taxTotal).toBe(1900);
  });

  it("is computed again from the lines: taxing a taxed invoice changes nothing, a new rate replaces the old", () => {
    const once = withTax([line(999)], subject([rate("20")]));
    expect(withTax(once, subject([rate("20")]))).toEqual(once);
    const later = taxAmounts(withTax(once, subject([rate("21")])));
    expect(later.taxes.map((x) => x.percentage)).toEqual([210_000]);
    expect(later.total).toBe(999 + 210);
  });
});

// Lines of any kind the tax reads, discounts not above what is sold.
const soldLine = fc.record({
  itemPrice: fc.integer({ min: 0, max: 5_000_000 }),
  quantity: fc.integer({ min: 1, max: 7 }),
  taxExempt: fc.constantFrom("Y" as const, "N" as const),
  kind: fc.constantFrom("item" as const, "setup_fee" as const, "recurring" as const, "component" as const, "usage" as const),
});
const invoiceLines = fc
  .tuple(fc.array(soldLine, { maxLength: 8 }), fc.array(fc.integer({ min: 0, max: 3_000_000 }), { maxLength: 3 }))
  .map(([sold, discounts]) => {
    const lines = sold.map((l) => line(l.itemPrice, l));
    let room = lines.reduce((s, l) => s + l.itemPrice * l.quantity, 0);
    for (const d of discounts) {
      const off = Math.min(d, room);
      room -= off;
      if (off > 0) lines.push(line(-off, { kind: "discount" }));
    }
    return lines;
  });
const rates = fc.array(
  fc.record({ percentage: fc.integer({ min: 0, max: 1_000_000 }), inclusive: fc.constantFrom("Y" as const, "N" as const), state: fc.constantFrom(null, "BC") }),
  { maxLength: 3 },
);

describe("tax properties", () => {
  it("per invoice and rate |tax - exact| <= half a minor unit; total = subtotal + exclusive tax; exempt means zero", () => {
    fc.assert(
      fc.property(invoiceLines, rates, fc.boolean(), (lines, rs, exempt) => {
        const s = subject(
          rs.map((r, i) => rate("0", { ...r, id: `r${i}` })),
          { country: "FR", state: "BC", taxExempt: exempt ? "Y" : "N" },
        );
        const out = taxAmounts(withTax(lines, s));
        if (exempt) return out.taxTotal === 0 && out.taxes.length === 0 && out.total === out.subtotal;
        // The reference: every line's exact share, summed as one fraction (bigint), rate by rate.
        const amount = (l: InvoiceLine) => BigInt(l.itemPrice) * BigInt(l.quantity);
        const sold = lines.filter((l) => l.kind !== "discount").reduce((a, l) => a + amount(l), 0n);
        const discounts = lines.filter((l) => l.kind === "discount").reduce((a, l) => a + amount(l), 0n);
        const taxable = lines.filter((l) => l.kind !== "discount" && l.taxExempt === "N").reduce((a, l) => a + amount(l), 0n);
        const included = rs.filter((r) => r.inclusive === "Y").reduce((a, r) => a + BigInt(r.percentage), 0n);
        const HUNDRED = 1_000_000n;
        expect(out.taxes.length).toBe(rs.length);
        out.taxes.forEach((t, i) => {
          // exact = taxable x (sold + discounts) / sold x p / (100% + included)
          const n = sold === 0n ? 0n : taxable * (sold + discounts) * BigInt(rs[i].percentage);
          const d = (sold === 0n ? 1n : sold) * (HUNDRED + included);
          const diff = 2n * BigInt(t.amount) * d - 2n * n;
          expect(diff < 0n ? -diff : diff).toBeLessThanOrEqual(d);
        });
        const exclusive = out.taxes.filter((t) => t.inclusive === "N").reduce((a, t) => a + t.amount, 0);
        expect(out.total).toBe(out.subtotal + exclusive);
        expect(out.subtotal).toBe(lines.reduce((a, l) => a + l.itemPrice * l.quantity, 0));
        return true;
      }),
      { numRuns: 500 },
    );
  });
});
