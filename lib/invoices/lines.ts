import { eq } from "drizzle-orm";
import { invoiceLines, type InvoiceLineKind } from "../../db/schema";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";
import { newId } from "../ids";
import { formatCents } from "../money";
import type { AttachedItem } from "./schemas";

/** A line to put on an invoice; item_price in cents (negative only for discounts). */
export interface NewLine {
  itemName: string;
  itemPrice: number;
  quantity?: number;
  taxExempt?: "Y" | "N";
  kind: InvoiceLineKind;
  componentId?: string | null;
}

/** A manual invoice's attached_items as lines; a tax-exempt account's items are all tax exempt. */
export const manualLines = (items: readonly AttachedItem[], account: { taxExempt: "Y" | "N" }): NewLine[] =>
  items.map((i) => ({
    itemName: i.item_name,
    itemPrice: i.item_price,
    quantity: i.quantity,
    taxExempt: account.taxExempt === "Y" ? "Y" : (i.tax_exempt ?? "N"),
    kind: "item",
  }));

/** The largest invoice total an amount on the wire can express (9999999999.99). */
export const MAX_INVOICE_TOTAL = 999_999_999_999;

export const linesTotal = (lines: readonly NewLine[]) => lines.reduce((sum, l) => sum + l.itemPrice * (l.quantity ?? 1), 0);

/** An invoice total must be an amount: never negative, never beyond what the wire can carry. */
export function assertLinesTotal(lines: readonly NewLine[], parameter = "attached_items") {
  const total = linesTotal(lines);
  if (total < 0 || total > MAX_INVOICE_TOTAL) {
    throw new DomainError("INVALID_PARAMETER", `${parameter} must add up to between 0.00 and ${formatCents(MAX_INVOICE_TOTAL)}`, { parameter });
  }
  return total;
}

/** Replaces all lines of an invoice (positions 1..n). */
/** Rows for invoice_lines, numbered from `firstPosition` (used by every writer of invoice lines). */
export const lineRows = (brandId: string, invoiceId: string, lines: readonly NewLine[], now: Date, firstPosition = 1) =>
  lines.map((l, i) => ({
    id: newId(),
    brandId,
    invoiceId,
    position: firstPosition + i,
    itemName: l.itemName,
    itemPrice: l.itemPrice,
    quantity: l.quantity ?? 1,
    taxExempt: l.taxExempt ?? "N",
    kind: l.kind,
    componentId: l.componentId ?? null,
    createdAt: now,
  }));

export async function replaceLines(ctx: Context, invoiceId: string, lines: readonly NewLine[]) {
  await ctx.db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  if (!lines.length) return;
  await ctx.db.insert(invoiceLines).values(lineRows(ctx.brand.id, invoiceId, lines, ctx.now()));
}
