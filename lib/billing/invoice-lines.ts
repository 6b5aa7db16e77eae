import type { NewLine } from "../invoices/lines";
import type { InvoiceLineKind } from "../../db/schema";
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

/**
 * Pricing lines as invoice lines (unit price x quantity). Everything is tax exempt when the product
 * or the customer is; a component line is when its component is not taxable.
 */
export function toInvoiceLines(lines: readonly Line[], opts: { exempt: boolean; untaxedComponents: ReadonlySet<string> }): NewLine[] {
  return lines.map((l) => ({
    itemName: l.name,
    itemPrice: l.quantity > 1 ? l.amountCents / l.quantity : l.amountCents,
    quantity: Math.max(1, l.quantity),
    kind: KIND[l.kind],
    componentId: l.componentId ?? null,
    taxExempt: opts.exempt || (l.componentId !== undefined && opts.untaxedComponents.has(l.componentId)) ? "Y" : "N",
  }));
}
