"use client";

import { CreateProductParams, UpdateProductParams } from "@/lib/catalog/schemas";
import { Form, type Field, type FormValues } from "@/components/forms/form";
import type { FilterOption } from "@/components/data-table/data-table";
import { createProduct, updateProduct } from "../actions";

const PERIOD_UNITS: FilterOption[] = [
  { value: "day", label: "Days" },
  { value: "week", label: "Weeks" },
  { value: "month", label: "Months" },
  { value: "year", label: "Years" },
];

const fields = (groups: FilterOption[]): Field[] => [
  { name: "product_group_id", label: "Product group", required: true, kind: "select", options: groups, notOnUpdate: true, hint: "Cannot change later" },
  { name: "name", label: "Name", required: true },
  { name: "recurring_price", label: "Recurring price", required: true, kind: "money", hint: "Charged every billing period" },
  { name: "expiration_interval", label: "Billing period", required: true, kind: "integer", hint: "How many units before it renews; 0 for a one-time purchase" },
  {
    name: "interval_unit",
    label: "Period unit",
    required: true,
    kind: "select",
    options: PERIOD_UNITS,
    hint: "Months and years renew on the start's day of month (the last day in shorter months)",
  },
  { name: "setup_fee", label: "Setup fee", required: true, kind: "money", hint: "Charged once at the start; 0 for none" },
  { name: "tax_exempt", label: "Tax exempt", required: true, kind: "flag" },
  { name: "trial", label: "Starts with a trial", required: true, kind: "flag" },
  { name: "trial_interval", label: "Trial length (days)", kind: "integer", hint: "Required with a trial", showIf: (v) => v.trial === "Y" },
  { name: "trial_price", label: "Trial price", kind: "money", hint: "Empty or 0 for a free trial", showIf: (v) => v.trial === "Y" },
  { name: "auto_pay_discount", label: "Auto pay discount", required: true, kind: "flag" },
  {
    name: "auto_pay_discount_amount",
    label: "Discount per period",
    kind: "money",
    hint: "Required with the discount; at most the recurring price",
    showIf: (v) => v.auto_pay_discount === "Y",
  },
  {
    name: "prompt_for_variables",
    label: "Ask for the group's variables",
    required: true,
    kind: "flag",
    hint: "When subscribing, for variables marked as asked",
  },
  { name: "description", label: "Description", required: true, kind: "textarea" },
  { name: "custom_field_1", label: "Custom field 1" },
  { name: "custom_field_2", label: "Custom field 2" },
];

const NEW: FormValues = {
  product_group_id: "",
  name: "",
  description: "",
  recurring_price: "",
  expiration_interval: "30",
  interval_unit: "day",
  setup_fee: "0",
  tax_exempt: "N",
  trial: "N",
  trial_interval: "",
  trial_price: "",
  auto_pay_discount: "N",
  auto_pay_discount_amount: "",
  prompt_for_variables: "N",
  custom_field_1: "",
  custom_field_2: "",
};

/** Create a product in a group, or edit one (Update sends every required field again, spec). */
export function ProductForm({ brandId, groups, group, product }: { brandId: string; groups: FilterOption[]; group?: string; product?: FormValues }) {
  const base = `/dashboard/${brandId}/products`;
  return (
    <Form
      fields={fields(groups)}
      schema={product ? UpdateProductParams : CreateProductParams}
      defaults={product ?? { ...NEW, product_group_id: group ?? groups[0]?.value ?? "" }}
      fixed={product ? { product_id: product.product_id } : undefined}
      editing={Boolean(product)}
      submit={(input) => (product ? updateProduct(brandId, input) : createProduct(brandId, input))}
      submitLabel={product ? "Save changes" : "Create product"}
      cancelHref={product ? `${base}/${product.product_id}` : base}
      savedHref={(p) => `${base}/${p.product_id}`}
    />
  );
}
