"use client";

import { CreateDunningRuleParams, UpdateDunningRuleParams } from "@/lib/dunning/schemas";
import { Form, type Field, type FormValues } from "@/components/forms/form";
import type { FilterOption } from "@/components/data-table/data-table";
import { createDunningRule, updateDunningRule } from "../actions";
import { ENFORCEMENT_OPTIONS } from "./enforcement";

const fields = (groups: FilterOption[]): Field[] => [
  {
    name: "product_group_id",
    label: "Product group",
    required: true,
    kind: "select",
    options: groups,
    hint: "Its subscriptions' overdue invoices are checked",
  },
  { name: "name", label: "Name", required: true },
  { name: "overdue_days", label: "Days overdue", required: true, kind: "integer", hint: "Applies on exactly this day after the due date" },
  { name: "overdue_amount", label: "Unpaid amount at least", required: true, kind: "money", hint: "0 for any unpaid invoice" },
  {
    name: "enforcement_action",
    label: "Action",
    required: true,
    kind: "select",
    options: ENFORCEMENT_OPTIONS,
    hint: "A reminder sends the Invoice/Reminder notification; cancelling ends the subscription",
  },
  {
    name: "post_url",
    label: "Post to",
    kind: "url",
    hint: "https://… receives the invoice, account, balance and days overdue",
    showIf: (v) => v.enforcement_action === "POST",
  },
  { name: "description", label: "Description", required: true, kind: "textarea", hint: "At least 15 characters" },
];

const NEW: FormValues = {
  product_group_id: "",
  name: "",
  overdue_days: "7",
  overdue_amount: "0",
  enforcement_action: "REMIND",
  post_url: "",
  description: "",
};

/** Create or edit a dunning rule (Update sends every field again, spec). */
export function RuleForm({ brandId, groups, group, rule }: { brandId: string; groups: FilterOption[]; group?: string; rule?: FormValues }) {
  const base = `/dashboard/${brandId}/dunning-rules`;
  return (
    <Form
      fields={fields(groups)}
      schema={rule ? UpdateDunningRuleParams : CreateDunningRuleParams}
      defaults={rule ?? { ...NEW, product_group_id: group ?? groups[0]?.value ?? "" }}
      fixed={rule ? { rule_id: rule.rule_id } : undefined}
      editing={Boolean(rule)}
      submit={(input) => (rule ? updateDunningRule(brandId, input) : createDunningRule(brandId, input))}
      submitLabel={rule ? "Save changes" : "Create dunning rule"}
      cancelHref={rule ? `${base}/${rule.rule_id}` : base}
      savedHref={(r) => `${base}/${r.rule_id}`}
    />
  );
}
