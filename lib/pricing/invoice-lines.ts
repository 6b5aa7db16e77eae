import type { InvoiceLine, InvoiceLineKind } from "../../db/schema/index";
import type { Line, LineKind } from "./pricing";

const KIND: Record<LineKind, InvoiceLineKind> = {
  setup_fee: "setup_fee",
  trial: "recurring",
  recurring: "recurring",
  component: "component",
  usage: "usage",
  auto_pay_discount: "discount",
  coupon: "discount",
};

/** Whose tax status decides a line's tax_exempt flag. */
export interface TaxSubject {
  product: { taxExempt: "Y" | "N" } | null;
  account: { taxExempt: "Y" | "N" } | null | undefined;
  components: readonly { id: string; taxable: "Y" | "N" }[];
}

/**
 * Pricing lines as invoice lines (unit price x quantity), as stored (invoices.items). Everything is
 * tax exempt when the customer account is; a component's lines are when the component is not
 * taxable, the others when the product is tax exempt (issue 33: a taxable component of an exempt
 * product is taxed).
 */
export function toInvoiceLines(lines: readonly Line[], tax: TaxSubject): InvoiceLine[] {
  const accountExempt = tax.account?.taxExempt === "Y";
  const productExempt = accountExempt || tax.product?.taxExempt === "Y";
  const untaxed = new Set(tax.components.filter((c) => c.taxable === "N").map((c) => c.id));
  return lines.map((l) => ({
    itemName: l.name,
    itemPrice: l.quantity > 1 ? l.amountCents / l.quantity : l.amountCents,
    quantity: Math.max(1, l.quantity),
    kind: KIND[l.kind],
    componentId: l.componentId ?? null,
    taxExempt: (l.componentId != null ? accountExempt || untaxed.has(l.componentId) : productExempt) ? "Y" : "N",
    ...(l.couponCode ? { couponCode: l.couponCode } : {}),
  }));
}
