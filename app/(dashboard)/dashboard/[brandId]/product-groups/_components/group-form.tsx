"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useFieldArray, useForm, type FieldErrors, type FieldPath, type Resolver } from "react-hook-form";
import { CreateProductGroupParams, UpdateProductGroupParams } from "@/lib/catalog/schemas";
import { GroupVariableSchema, VARIABLE_SLOTS, VARIABLE_TYPES, type VariableSlot } from "@/lib/catalog/variables";
import { FormActions, FormField, fieldMessage, inputFor, type Field, type FormValues } from "@/components/forms/form";
import type { UseFormReturn } from "react-hook-form";
import { createProductGroup, updateProductGroup } from "../actions";
import { useHydrated } from "@/components/ui/use-hydrated";

/** One variable slot as the editor holds it: options as comma-separated text. */
export interface VariableRow {
  slot: VariableSlot;
  name: string;
  prompt: "Y" | "N";
  type: string;
  options: string;
  description: string;
  swapable: "Y" | "N";
  category: string;
}

interface Values {
  name: string;
  description: string;
  action_url: string;
  variables: VariableRow[];
}

const FIELDS: Field[] = [
  { name: "name", label: "Name", required: true },
  { name: "action_url", label: "Action URL", kind: "url", hint: "Optional: subscription events of this group's products are posted here (https://…)" },
  { name: "description", label: "Description", required: true, kind: "textarea" },
];

/** The variable object as the API takes it in VARn (options on any type; only Options needs them). */
const variableJson = (r: VariableRow) =>
  JSON.stringify({
    name: r.name.trim(),
    prompt: r.prompt,
    type: r.type,
    options: r.options
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    description: r.description,
    swapable: r.swapable,
    category: r.category,
  });

/** VAR1..VAR10 for the rows; a slot no row holds any more is sent empty (cleared). */
function variableParams(rows: VariableRow[]) {
  const out: Record<string, string> = Object.fromEntries(VARIABLE_SLOTS.map((s) => [s, ""]));
  for (const r of rows) out[r.slot] = variableJson(r);
  return out;
}

/** The base fields with the endpoint's schema, each variable with the variable schema, errors on the row's own input. */
const resolver: Resolver<Values> = async (values) => {
  const errors: FieldErrors<Values> = {};
  const base = CreateProductGroupParams.safeParse({ name: values.name, description: values.description, action_url: values.action_url });
  if (!base.success) for (const i of base.error.issues) (errors as Record<string, unknown>)[String(i.path[0])] ??= { type: "validate", message: i.message };
  const rowErrors: Record<string, { type: string; message: string }>[] = [];
  values.variables.forEach((r, n) => {
    const parsed = GroupVariableSchema.safeParse(JSON.parse(variableJson(r)));
    if (parsed.success) return;
    const issue = parsed.error.issues[0];
    const key = issue.path[0] === "options" ? "options" : issue.path[0] === "type" ? "type" : "name";
    rowErrors[n] = { [key]: { type: "validate", message: issue.message } };
  });
  if (rowErrors.length) (errors as Record<string, unknown>).variables = rowErrors;
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

const emptyRow = (slot: VariableSlot): VariableRow => ({
  slot,
  name: "",
  prompt: "Y",
  type: "TEXT",
  options: "",
  description: "",
  swapable: "N",
  category: "",
});

/**
 * Create or edit a product group and its custom variables (VAR1..VAR10, one row each: add, edit,
 * remove). Edit sends what changed; a removed variable's slot is sent empty, which clears it.
 */
export function GroupForm({
  brandId,
  group,
}: {
  brandId: string;
  group?: { product_group_id: string; base: Omit<Values, "variables">; variables: VariableRow[] };
}) {
  const router = useRouter();
  const hydrated = useHydrated();
  const baseDefaults = { name: "", description: "", action_url: "", ...group?.base };
  const form = useForm<Values>({ defaultValues: { ...baseDefaults, variables: group?.variables ?? [] }, resolver, mode: "onTouched" });
  const rows = useFieldArray({ control: form.control, name: "variables" });
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const vars = variableParams(values.variables);
    let input = inputFor({
      fields: FIELDS,
      values: values as unknown as FormValues,
      initial: baseDefaults,
      editing: Boolean(group),
      schema: group ? UpdateProductGroupParams : CreateProductGroupParams,
      fixed: group ? { product_group_id: group.product_group_id } : {},
    });
    if (group) {
      // Only the slots whose variable changed (or went).
      const before = variableParams(group.variables);
      input = { ...input, ...Object.fromEntries(VARIABLE_SLOTS.filter((s) => vars[s] !== before[s]).map((s) => [s, vars[s]])) };
    } else input = { ...input, ...Object.fromEntries(Object.entries(vars).filter(([, v]) => v)) };
    const result = group ? await updateProductGroup(brandId, input) : await createProductGroup(brandId, input);
    if (!result.ok) {
      const p = result.error.parameter;
      const row = values.variables.findIndex((r) => r.slot === p);
      if (row >= 0) form.setError(`variables.${row}.name`, { type: "server", message: result.error.message }, { shouldFocus: true });
      else if (p && FIELDS.some((f) => f.name === p))
        form.setError(p as FieldPath<Values>, { type: "server", message: result.error.message }, { shouldFocus: true });
      else setFormError(fieldMessage(result.error.message));
      return;
    }
    router.push(`/dashboard/${brandId}/product-groups/${(result.data as { product_group_id: string }).product_group_id}`);
    router.refresh();
  });

  const used = new Set(form.watch("variables").map((r) => r.slot));
  const freeSlot = VARIABLE_SLOTS.find((s) => !used.has(s));
  const asFields = form as unknown as UseFormReturn<FormValues>;

  return (
    <form onSubmit={onSubmit} className="form grid-form" noValidate>
      {formError && (
        <p className="alert error span-all" role="alert">
          {formError}
        </p>
      )}
      {FIELDS.map((f) => (
        <FormField key={f.name} field={f} form={asFields} editing={Boolean(group)} />
      ))}
      <fieldset className="span-all" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <legend style={{ padding: 0 }}>
          <strong>Custom variables</strong> <span className="muted">({rows.fields.length} of 10)</span>
        </legend>
        <p className="hint">
          Values a subscription of this group carries (VAR1 to VAR10), such as a shirt size. Prompted ones are asked for when the product prompts for variables.
        </p>
        {rows.fields.length === 0 && <p className="muted">No variables yet.</p>}
        {rows.fields.map((row, n) => (
          <VariableEditor key={row.id} form={form} n={n} slot={row.slot} onRemove={() => rows.remove(n)} />
        ))}
        <button type="button" className="button secondary" disabled={!freeSlot || !hydrated} onClick={() => freeSlot && rows.append(emptyRow(freeSlot))}>
          {freeSlot ? "Add variable" : "All 10 variables are used"}
        </button>
      </fieldset>
      <FormActions
        busy={form.formState.isSubmitting}
        submitLabel={group ? "Save changes" : "Create product group"}
        cancelHref={group ? `/dashboard/${brandId}/product-groups/${group.product_group_id}` : `/dashboard/${brandId}/product-groups`}
      />
    </form>
  );
}

function VariableEditor({ form, n, slot, onRemove }: { form: UseFormReturn<Values>; n: number; slot: VariableSlot; onRemove: () => void }) {
  const { register, formState, watch } = form;
  const hydrated = useHydrated();
  const errors = formState.errors.variables?.[n];
  const type = watch(`variables.${n}.type`);
  const types: string[] = VARIABLE_TYPES.includes(type as (typeof VARIABLE_TYPES)[number]) ? [...VARIABLE_TYPES] : [...VARIABLE_TYPES, type];
  const idFor = (key: string) => `var-${slot}-${key}`;
  const err = (key: "name" | "type" | "options") =>
    errors?.[key]?.message ? (
      <p className="field-error" id={idFor(`${key}-error`)} role="alert">
        {fieldMessage(String(errors[key]!.message))}
      </p>
    ) : null;
  const invalid = (key: "name" | "type" | "options") => ({
    "aria-invalid": Boolean(errors?.[key]),
    "aria-describedby": errors?.[key] ? idFor(`${key}-error`) : undefined,
  });
  return (
    <div className="card grid-form" role="group" aria-label={`Variable ${slot}`} style={{ marginBottom: "0.75rem" }}>
      <div className="field">
        <label htmlFor={idFor("name")}>
          {slot} name<span aria-hidden="true"> *</span>
        </label>
        <input id={idFor("name")} {...invalid("name")} aria-required {...register(`variables.${n}.name`)} />
        {err("name")}
      </div>
      <div className="field">
        <label htmlFor={idFor("type")}>{slot} type</label>
        <select id={idFor("type")} {...invalid("type")} {...register(`variables.${n}.type`)}>
          {types.map((t) => (
            <option key={t} value={t}>
              {t === "Options" ? "Options (a list to choose from)" : t}
            </option>
          ))}
        </select>
        {err("type")}
      </div>
      <div className="field span-all">
        <label htmlFor={idFor("options")}>
          {slot} options{type === "Options" && <span aria-hidden="true"> *</span>}
        </label>
        <input id={idFor("options")} {...invalid("options")} placeholder="S, M, L" {...register(`variables.${n}.options`)} />
        <p className="hint">{type === "Options" ? "Separated by commas; a subscription chooses one of them" : "Optional, separated by commas; kept as sent"}</p>
        {err("options")}
      </div>
      <div className="field">
        <label htmlFor={idFor("prompt")}>{slot} asked when subscribing</label>
        <select id={idFor("prompt")} {...register(`variables.${n}.prompt`)}>
          <option value="Y">Yes</option>
          <option value="N">No</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={idFor("swapable")}>{slot} can be changed later</label>
        <select id={idFor("swapable")} {...register(`variables.${n}.swapable`)}>
          <option value="N">No</option>
          <option value="Y">Yes</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={idFor("category")}>{slot} category</label>
        <input id={idFor("category")} {...register(`variables.${n}.category`)} />
      </div>
      <div className="field">
        <label htmlFor={idFor("description")}>{slot} description</label>
        <input id={idFor("description")} {...register(`variables.${n}.description`)} />
      </div>
      <div className="span-all">
        <button type="button" className="button link" onClick={onRemove} disabled={!hydrated}>
          Remove {slot}
        </button>
      </div>
    </div>
  );
}
