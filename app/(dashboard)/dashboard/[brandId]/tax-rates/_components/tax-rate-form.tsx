"use client";

import { CreateTaxRateParams, UpdateTaxRateParams } from "@/lib/tax/schemas";
import { Form, type Field, type FormValues } from "@/components/forms/form";
import { createTaxRate, updateTaxRate } from "../actions";

const fields: Field[] = [
  { name: "name", label: "Name", required: true, hint: "As invoices show it, like VAT or GST" },
  { name: "percentage", label: "Percentage", required: true, hint: "Up to 4 decimals, like 20 or 8.875" },
  { name: "country", label: "Country", required: true, hint: "Two letters (ISO 3166), like FR or CA: the customers' country" },
  { name: "state", label: "State", hint: "The customers' state or region code; empty for the whole country (rates stack)" },
  { name: "inclusive", label: "Included in prices", kind: "flag", hint: "Yes: prices include it; the invoice shows its part" },
  {
    name: "reverse_charge",
    label: "Reverse charge",
    kind: "flag",
    hint: "Yes: a customer with a tax id in another country than yours pays none",
  },
  { name: "description", label: "Description", kind: "textarea" },
];

const NEW: FormValues = { name: "", percentage: "", country: "", state: "", inclusive: "N", reverse_charge: "N", description: "" };

/**
 * Create a tax rate, or edit one (TaxRate/Update: only what changed is sent; invoices already issued
 * keep what they charged). Issue 33; docs/tax.md.
 */
export function TaxRateForm({ brandId, rate }: { brandId: string; rate?: FormValues }) {
  const base = `/dashboard/${brandId}/tax-rates`;
  return (
    <Form
      fields={fields}
      schema={rate ? UpdateTaxRateParams : CreateTaxRateParams}
      defaults={rate ?? NEW}
      fixed={rate ? { tax_rate_id: rate.tax_rate_id } : undefined}
      editing={Boolean(rate)}
      submit={(input) => (rate ? updateTaxRate(brandId, input) : createTaxRate(brandId, input))}
      submitLabel={rate ? "Save changes" : "Create tax rate"}
      cancelHref={base}
      savedHref={() => base}
    />
  );
}
