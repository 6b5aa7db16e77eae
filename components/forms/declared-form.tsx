"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { useForm, type FieldPath, type Resolver, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { ActionResult } from "@/lib/auth/staff-action";

/**
 * A create/edit form declared as a table of fields over an endpoint's own zod schema: validated in
 * the browser with that schema, again on the server; a server refusal naming a parameter lands on
 * that field. Every value is a string, as the API takes it.
 */

export type FormValues = Record<string, string>;

export interface FieldDef {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  kind?: "text" | "textarea" | "select" | "flag" | "money" | "integer" | "url" | "checks";
  /** select and checks: the choices (checks keeps them comma-separated in one value). */
  options?: { value: string; label: string }[];
  /** Cannot change once created: shown read-only on edit (and still sent where Update wants it). */
  fixedOnEdit?: boolean;
  /** Not a parameter of Update at all (product_group_id of a product): shown read-only, never sent. */
  notOnUpdate?: boolean;
  /** Only relevant for some values of other fields (a trial's length when trial is Y). */
  showIf?: (values: FormValues) => boolean;
  /** Takes the form's full width. */
  wide?: boolean;
  autoComplete?: string;
}

/** Zod's messages say "must be ..."; the server's name the parameter ("name must be ..."). */
export function fieldMessage(message: string) {
  const m = message.replace(/^[A-Za-z_0-9]+ (?=(must|is|are|has) )/, "");
  return m.charAt(0).toUpperCase() + m.slice(1);
}

/**
 * What to send. Create: the non-empty values. Edit: the required fields every time (Update re-sends
 * them, spec) and the others only when changed (absent keeps, empty clears).
 */
export function inputFor(fields: FieldDef[], values: FormValues, defaults: FormValues, id?: { name: string; value: string }) {
  if (!id) return Object.fromEntries(fields.filter((f) => (values[f.name] ?? "") !== "").map((f) => [f.name, values[f.name]]));
  const input: FormValues = { [id.name]: id.value };
  for (const f of fields) {
    if (f.notOnUpdate) continue;
    const v = values[f.name] ?? "";
    if (f.required || f.fixedOnEdit || v !== (defaults[f.name] ?? "")) input[f.name] = v;
  }
  return input;
}

/** One labelled input with its hint and error, wired for screen readers. */
export function FormField({ field: f, form, editing }: { field: FieldDef; form: UseFormReturn<FormValues>; editing: boolean }) {
  const { register, formState, watch, setValue } = form;
  const error = formState.errors[f.name]?.message;
  const hintId = f.hint ? `${f.name}-hint` : "";
  const errorId = error ? `${f.name}-error` : "";
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const readOnly = editing && (f.fixedOnEdit || f.notOnUpdate);
  const common = { id: f.name, "aria-invalid": Boolean(error), "aria-describedby": describedBy, "aria-required": f.required || undefined };
  const kind = f.kind ?? "text";
  let control: ReactNode;
  if (readOnly) {
    const value = watch(f.name);
    const shown = f.options?.find((o) => o.value === value)?.label ?? value;
    control = <input {...common} type="text" readOnly value={shown} />;
  } else if (kind === "textarea") {
    control = <textarea {...common} rows={3} {...register(f.name)} />;
  } else if (kind === "select" || kind === "flag") {
    const options = kind === "flag" ? YES_NO : (f.options ?? []);
    control = (
      <select {...common} style={{ maxWidth: "100%" }} {...register(f.name)}>
        {!f.required && kind === "select" && <option value="">—</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (kind === "checks") {
    const chosen = new Set((watch(f.name) ?? "").split(",").filter(Boolean));
    const toggle = (v: string, on: boolean) => {
      const next = new Set(chosen);
      if (on) next.add(v);
      else next.delete(v);
      setValue(f.name, [...next].join(","), { shouldDirty: true, shouldValidate: true });
    };
    return (
      <fieldset className={`field${f.wide ? " span-all" : ""}`} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} aria-describedby={describedBy}>
        <legend style={{ padding: 0, fontWeight: 600, fontSize: 14, marginBottom: 4 }}>{f.label}</legend>
        {(f.options ?? []).length === 0 ? (
          <p className="muted">None to choose from.</p>
        ) : (
          <div style={{ display: "grid", gap: "0.25rem", maxHeight: "12rem", overflowY: "auto" }}>
            {f.options!.map((o) => (
              <label key={o.value} style={{ display: "flex", alignItems: "center", gap: 8, fontWeight: 400 }}>
                <input
                  type="checkbox"
                  style={{ minHeight: 0, width: 18, height: 18, margin: 0 }}
                  checked={chosen.has(o.value)}
                  onChange={(e) => toggle(o.value, e.target.checked)}
                />
                {o.label}
              </label>
            ))}
          </div>
        )}
        <Hint field={f} />
        <FieldError name={f.name} error={error} />
      </fieldset>
    );
  } else {
    const inputMode = kind === "money" ? "decimal" : kind === "integer" ? "numeric" : undefined;
    control = <input {...common} type={kind === "url" ? "url" : "text"} inputMode={inputMode} autoComplete={f.autoComplete ?? "off"} {...register(f.name)} />;
  }
  return (
    // minWidth 0: a long option or value must not widen the grid column past a narrow screen.
    <div className={`field${f.wide || kind === "textarea" ? " span-all" : ""}`} style={{ minWidth: 0 }}>
      <label htmlFor={f.name}>
        {f.label}
        {f.required && !readOnly ? <span aria-hidden="true"> *</span> : null}
      </label>
      {control}
      <Hint field={f} />
      <FieldError name={f.name} error={error} />
    </div>
  );
}

const YES_NO = [
  { value: "N", label: "No" },
  { value: "Y", label: "Yes" },
];

const Hint = ({ field: f }: { field: FieldDef }) =>
  f.hint ? (
    <p className="hint" id={`${f.name}-hint`}>
      {f.hint}
    </p>
  ) : null;

const FieldError = ({ name, error }: { name: string; error: unknown }) =>
  error ? (
    <p className="field-error" id={`${name}-error`} role="alert">
      {fieldMessage(String(error))}
    </p>
  ) : null;

/** A server refusal: on its field when the form shows it, else above the form. */
export function showRefusal(
  form: UseFormReturn<FormValues>,
  visible: string[],
  error: { message: string; parameter: string | null },
  onForm: (m: string) => void,
) {
  if (error.parameter && visible.includes(error.parameter)) {
    form.setError(error.parameter as FieldPath<FormValues>, { type: "server", message: error.message }, { shouldFocus: true });
  } else onForm(fieldMessage(error.message));
}

export interface DeclaredFormProps {
  fields: FieldDef[];
  /** The endpoint's schema (Create's, or Update's when editing). */
  schema: z.ZodType;
  defaults: FormValues;
  /** Editing: the record's id parameter. */
  id?: { name: string; value: string };
  submit: (input: FormValues) => Promise<ActionResult>;
  submitLabel: string;
  cancelHref: string;
  /** Where a saved record is shown. */
  savedHref: (data: Record<string, unknown>) => string;
}

export function DeclaredForm({ fields, schema, defaults, id, submit, submitLabel, cancelHref, savedHref }: DeclaredFormProps) {
  const router = useRouter();
  const editing = Boolean(id);
  const form = useForm<FormValues>({
    defaultValues: { ...defaults, ...(id ? { [id.name]: id.value } : {}) },
    // raw: the server parses the same strings again, so the browser sends them as typed.
    resolver: zodResolver(schema as z.ZodObject, undefined, { raw: true }) as unknown as Resolver<FormValues>,
    mode: "onTouched",
  });
  const [formError, setFormError] = useState<string | null>(null);
  const values = form.watch();
  const shown = fields.filter((f) => !f.showIf || f.showIf(values));

  const onSubmit = form.handleSubmit(
    async (v) => {
      setFormError(null);
      const result = await submit(inputFor(fields, v, defaults, id));
      if (!result.ok)
        return showRefusal(
          form,
          shown.map((f) => f.name),
          result.error,
          setFormError,
        );
      router.push(savedHref(result.data as Record<string, unknown>));
      router.refresh();
    },
    // An error on a field the form does not show (a hidden dependent field) still needs saying.
    (errors) => {
      const hidden = Object.entries(errors).find(([name]) => !shown.some((f) => f.name === name));
      if (hidden) setFormError(`${fields.find((f) => f.name === hidden[0])?.label ?? hidden[0]}: ${fieldMessage(String(hidden[1]?.message))}`);
    },
  );

  return (
    <form onSubmit={onSubmit} className="form grid-form" noValidate>
      {formError && (
        <p className="alert error span-all" role="alert">
          {formError}
        </p>
      )}
      {shown.map((f) => (
        <FormField key={f.name} field={f} form={form} editing={editing} />
      ))}
      <FormActions busy={form.formState.isSubmitting} submitLabel={submitLabel} cancelHref={cancelHref} />
    </form>
  );
}

export function FormActions({ busy, submitLabel, cancelHref }: { busy: boolean; submitLabel: string; cancelHref: string }) {
  return (
    <div className="form-actions span-all">
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? "Saving…" : submitLabel}
      </button>
      <Link href={cancelHref} className="button secondary">
        Cancel
      </Link>
    </div>
  );
}
