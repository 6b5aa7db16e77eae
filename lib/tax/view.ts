import type { InvoiceTax, taxRates } from "../../db/schema";
import { formatAmount } from "../money";
import { formatPercentage } from "../percentage";

export type TaxRateRow = typeof taxRates.$inferSelect;

/** The wire: a tax rate as the API answers it (namespace tax_rate). */
export const taxRateToWire = (r: TaxRateRow) => ({
  tax_rate_id: r.id,
  name: r.name,
  percentage: formatPercentage(r.percentage),
  country: r.country,
  state: r.state,
  inclusive: r.inclusive,
  reverse_charge: r.reverseCharge,
  description: r.description,
  archived: r.archivedAt,
  created: r.createdAt,
  updated: r.updatedAt,
});

/** The wire: one tax an invoice used (its snapshot), in the invoice's taxes. */
export const invoiceTaxToWire = (t: InvoiceTax, currency: string) => ({
  tax_rate_id: t.taxRateId,
  name: t.name,
  percentage: formatPercentage(t.percentage),
  inclusive: t.inclusive,
  reverse_charge: t.reverseCharge,
  taxed_amount: formatAmount(t.taxedAmount, currency),
  tax: formatAmount(t.amount, currency),
  // "Reverse charge": the customer accounts for the tax; the invoice names both tax ids (empty otherwise).
  customer_tax_id: t.customerTaxId ?? null,
  seller_tax_id: t.sellerTaxId ?? null,
});
