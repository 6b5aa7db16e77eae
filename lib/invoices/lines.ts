import { eq, sql, type SQL } from "drizzle-orm";
import { invoices, payments, type InvoiceLine, type InvoiceLineKind, type InvoiceTax } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";
import { formatAmount } from "../money";
import type { AttachedItem } from "./schemas";

/** A line to put on an invoice; item_price in cents (negative only for discounts). */
export interface NewLine {
  itemName: string;
  itemPrice: number;
  quantity?: number;
  taxExempt?: "Y" | "N";
  kind: InvoiceLineKind;
  componentId?: string | null;
  couponCode?: string;
  /** A `tax` line's snapshot (lib/tax/compute.ts). */
  tax?: InvoiceTax;
  /** The exemption line's snapshot of the account's reason (lib/tax/compute.ts). */
  taxExemptReason?: string;
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

/** The largest invoice total in minor units, the largest amount the wire carries (9999999999.99 dollars, 999999999999 yen; lib/money.ts). */
export const MAX_INVOICE_TOTAL = 999_999_999_999;

export const linesTotal = (lines: readonly NewLine[]) => lines.reduce((sum, l) => sum + l.itemPrice * (l.quantity ?? 1), 0);

/** An invoice total must be an amount: never negative, never beyond what the wire can carry. */
export function assertLinesTotal(lines: readonly NewLine[], currency: string, parameter = "attached_items") {
  const total = linesTotal(lines);
  if (total < 0 || total > MAX_INVOICE_TOTAL) {
    const [least, most] = [formatAmount(0, currency), formatAmount(MAX_INVOICE_TOTAL, currency)];
    throw new DomainError("INVALID_PARAMETER", `${parameter} must add up to between ${least} and ${most}`, { parameter });
  }
  return total;
}

/** Lines as stored on the invoice (invoices.items), with the defaults filled in. */
export const storedLines = (lines: readonly NewLine[]): InvoiceLine[] =>
  lines.map((l) => ({
    itemName: l.itemName,
    itemPrice: l.itemPrice,
    quantity: l.quantity ?? 1,
    taxExempt: l.taxExempt ?? "N",
    kind: l.kind,
    componentId: l.componentId ?? null,
    ...(l.couponCode ? { couponCode: l.couponCode } : {}),
    ...(l.tax ? { tax: l.tax } : {}),
    ...(l.taxExemptReason !== undefined ? { taxExemptReason: l.taxExemptReason } : {}),
  }));

/** An invoice's total in SQL, from its stored lines: what invoiceAmounts (./amounts.ts) adds up in code. */
export const linesTotalSql = (items: SQL) =>
  sql<number>`(select coalesce(sum((l->>'itemPrice')::bigint * (l->>'quantity')::int), 0) from jsonb_array_elements(${items}) l)`;

/**
 * What is still owed on the invoice aliased `i` in SQL: its lines' total (the generated total_cents)
 * less its credit notes' and its succeeded payments. The payments are looked up by brand and invoice, their index: without
 * the brand every invoice would scan all the payments.
 */
export const owedSql = (i: SQL) =>
  sql<number>`(${i}.total_cents - ${i}.credited_cents - coalesce((select sum(p.amount) from ${payments} p where p.brand_id = ${i}.brand_id and p.invoice_id = ${i}.id and p.status = 'succeeded'), 0))`;

/** Replaces all lines of an invoice. */
export async function replaceLines(ctx: Context, invoiceId: string, lines: readonly NewLine[]) {
  await ctx.db
    .update(invoices)
    .set({ items: storedLines(lines) })
    .where(inBrand(ctx, invoices, eq(invoices.id, invoiceId)));
}

/** Adds lines after the invoice's last one, untaxed (lib/tax re-taxes a whole invoice: billing replaces its lines instead). */
export async function appendLines(ctx: Context, invoiceId: string, lines: readonly NewLine[]) {
  if (!lines.length) return;
  await ctx.db
    .update(invoices)
    .set({ items: sql`${invoices.items} || ${JSON.stringify(storedLines(lines))}::jsonb` })
    .where(inBrand(ctx, invoices, eq(invoices.id, invoiceId)));
}

/** Whether the lines discount for this coupon (lines written before couponCode was kept are known by their name). */
export const carriesCoupon = (items: readonly { kind: string; itemName: string; couponCode?: string }[], code: string) =>
  items.some((l) => l.kind === "discount" && (l.couponCode ? l.couponCode.toLowerCase() === code.toLowerCase() : l.itemName === `Coupon ${code}`));
