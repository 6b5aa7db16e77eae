"use client";

import { CreateComponentParams, UpdateComponentParams } from "@/lib/catalog/schemas";
import { Form, type Field, type FormValues } from "@/components/forms/form";
import type { FilterOption } from "@/components/data-table/data-table";
import { createComponent, updateComponent } from "../actions";
import { COMPONENT_TYPE_OPTIONS } from "./types";

const fields = (groups: FilterOption[]): Field[] => [
  { name: "product_group_id", label: "Product group", required: true, kind: "select", options: groups, fixedOnEdit: true, hint: "Cannot change later" },
  { name: "component_type", label: "Type", required: true, kind: "select", options: COMPONENT_TYPE_OPTIONS, fixedOnEdit: true, hint: "Cannot change later" },
  { name: "name", label: "Name", required: true },
  {
    name: "unit_price",
    label: "Unit price",
    required: true,
    kind: "money",
    hint: "Per unit (metered, quantitative) or per period (traditional), like 4.99",
  },
  { name: "setup_fee", label: "Setup fee", kind: "money", hint: "Charged once, added to the product's setup fee" },
  { name: "taxable", label: "Taxable", required: true, kind: "flag" },
  { name: "starting_quantity", label: "Units included free", kind: "integer", showIf: (v) => v.component_type !== "traditional" },
  { name: "maximum_units", label: "Most units", kind: "integer", hint: "At least the units included", showIf: (v) => v.component_type === "quantitative" },
  { name: "description", label: "Description", required: true, kind: "textarea" },
  { name: "custom_field_1", label: "Custom field 1" },
  { name: "custom_field_2", label: "Custom field 2" },
];

const NEW: FormValues = {
  product_group_id: "",
  component_type: "traditional",
  name: "",
  unit_price: "",
  setup_fee: "",
  taxable: "Y",
  starting_quantity: "",
  maximum_units: "",
  description: "",
  custom_field_1: "",
  custom_field_2: "",
};

/** Create a component of a group, or edit one (its group and type stay; Update sends them again, spec). */
export function ComponentForm({ brandId, groups, group, component }: { brandId: string; groups: FilterOption[]; group?: string; component?: FormValues }) {
  const base = `/dashboard/${brandId}/components`;
  return (
    <Form
      fields={fields(groups)}
      schema={component ? UpdateComponentParams : CreateComponentParams}
      defaults={component ?? { ...NEW, product_group_id: group ?? groups[0]?.value ?? "" }}
      fixed={component ? { component_id: component.component_id } : undefined}
      editing={Boolean(component)}
      submit={(input) => (component ? updateComponent(brandId, input) : createComponent(brandId, input))}
      submitLabel={component ? "Save changes" : "Create component"}
      cancelHref={component ? `${base}/${component.component_id}` : base}
      savedHref={(c) => `${base}/${c.component_id}`}
    />
  );
}
