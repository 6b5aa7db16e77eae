import { describe, expect, it } from "vitest";
import { toInvoiceLines } from "./invoice-lines";
import type { Line } from "./pricing";

const lines: Line[] = [
  { kind: "recurring", name: "Pro", amountCents: 2000, quantity: 1 },
  { kind: "component", name: "Seats", amountCents: 1500, quantity: 3, componentId: "seats" },
  { kind: "component", name: "Support", amountCents: 499, quantity: 1, componentId: "support" },
  { kind: "coupon", name: "Coupon TEN", amountCents: -399, quantity: 1, couponCode: "TEN" },
];
const components = [
  { id: "seats", taxable: "Y" as const },
  { id: "support", taxable: "N" as const },
];

describe("invoice lines from pricing lines", () => {
  it("keep unit price x quantity, map kinds, and mark untaxable components exempt", () => {
    const out = toInvoiceLines(lines, { product: { taxExempt: "N" }, account: { taxExempt: "N" }, components });
    expect(out.map((l) => [l.kind, l.itemPrice, l.quantity, l.taxExempt])).toEqual([
      ["recurring", 2000, 1, "N"],
      ["component", 500, 3, "N"],
      ["component", 499, 1, "Y"],
      ["discount", -399, 1, "N"],
    ]);
  });

  it("are all exempt for a tax-exempt customer account", () => {
    const tax = { product: { taxExempt: "N" as const }, account: { taxExempt: "Y" as const }, components };
    expect(toInvoiceLines(lines, tax).every((l) => l.taxExempt === "Y")).toBe(true);
  });

  it("a tax-exempt product's own lines are exempt, its taxable components' lines are not (issue 33)", () => {
    const out = toInvoiceLines(lines, { product: { taxExempt: "Y" }, account: { taxExempt: "N" }, components });
    expect(out.map((l) => [l.itemName, l.taxExempt])).toEqual([
      ["Pro", "Y"],
      ["Seats", "N"],
      ["Support", "Y"],
      ["Coupon TEN", "Y"],
    ]);
  });
});
