"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useForm, type FieldPath, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { ActionResult } from "@/lib/auth/staff-action";
import styles from "./params-form.module.css";

export interface FieldSpec {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  type?: "text" | "email" | "password" | "url" | "number";
  autoComplete?: string;
  /** A select of these values (label shown); an empty value means "none". */
  options?: readonly { value: string; label: string }[];
  /** A textarea of this many rows. */
  rows?: number;
  /** Monospace (templates, HTML). */
  code?: boolean;
  /** Spans both columns of the grid. */
  wide?: boolean;
}

type Values = Record<string, string>;

/**
 * A form over one endpoint's string parameters, validated in the browser with the endpoint's own
 * zod schema and again on the server; a server refusal naming a parameter lands on that field.
 * Editing (`initial` given) sends only what changed, plus `always` (parameters the endpoint
 * requires on every update) and `fixed` (ids).
 */
export function ParamsForm({
  schema,
  fields,
  initial,
  defaults,
  fixed = {},
  always = [],
  submit,
  onSaved,
  submitLabel,
  cancelHref,
  aside,
  layout = "grid",
  resetOnSave,
}: {
  schema: z.ZodType;
  fields: readonly FieldSpec[];
  /** The record's current values: edit mode. */
  initial?: Values;
  /** Starting values of a new record. */
  defaults?: Values;
  fixed?: Values;
  always?: readonly string[];
  submit: (input: Values) => Promise<ActionResult>;
  onSaved: (data: unknown) => void;
  submitLabel: string;
  /** None: no Cancel link (a form inside a page). */
  cancelHref?: string;
  /** Rendered after the fields with the live values (e.g. a preview). */
  aside?: (values: Values) => ReactNode;
  /** split: the fields beside the aside (an editor beside its preview) on a wide screen. */
  layout?: "grid" | "stack" | "split";
  /** Empty the form after a save (a reply box), rather than leaving the page. */
  resetOnSave?: boolean;
}) {
  const start: Values = Object.fromEntries(fields.map((f) => [f.name, (initial ?? defaults)?.[f.name] ?? ""]));
  const form = useForm<Values>({
    defaultValues: { ...start, ...fixed },
    // raw: the server parses the same strings again, so the browser sends them as typed.
    resolver: zodResolver(schema as z.ZodObject, undefined, { raw: true }) as unknown as Resolver<Values>,
    mode: "onTouched",
  });
  const { register, handleSubmit, formState, setError, watch } = form;
  const cancel = cancelHref ? (
    <Link href={cancelHref} className="button secondary">
      Cancel
    </Link>
  ) : null;
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const input: Values = { ...fixed };
    for (const f of fields) {
      const v = values[f.name] ?? "";
      if (initial) {
        // Only what changed: an absent parameter is left alone, an emptied one cleared.
        if (v !== start[f.name] || always.includes(f.name)) input[f.name] = v;
      } else if (v !== "") input[f.name] = v;
    }
    const result = await submit(input);
    if (!result.ok) {
      const field = fields.find((f) => f.name === result.error.parameter);
      if (field) setError(field.name as FieldPath<Values>, { type: "server", message: result.error.message }, { shouldFocus: true });
      else setFormError(result.error.message);
      return;
    }
    if (resetOnSave) form.reset();
    onSaved(result.data);
  });

  const body = (
    <>
      {formError && (
        <p className="alert error span-all" role="alert">
          {formError}
        </p>
      )}
      {fields.map((f) => {
        const error = formState.errors[f.name]?.message;
        const describedBy = [f.hint ? `${f.name}-hint` : "", error ? `${f.name}-error` : ""].filter(Boolean).join(" ") || undefined;
        const common = {
          id: f.name,
          "aria-invalid": Boolean(error),
          "aria-required": f.required ? true : undefined,
          "aria-describedby": describedBy,
          ...register(f.name),
        };
        return (
          <div key={f.name} className={`field ${f.wide || f.rows ? "span-all" : ""}`}>
            <label htmlFor={f.name}>
              {f.label}
              {f.required ? <span aria-hidden="true"> *</span> : null}
            </label>
            {f.options ? (
              <select {...common}>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : f.rows ? (
              <textarea rows={f.rows} className={f.code ? "code" : undefined} spellCheck={!f.code} {...common} />
            ) : (
              <input type={f.type ?? "text"} autoComplete={f.autoComplete ?? "off"} {...common} />
            )}
            {f.hint && (
              <p className="hint" id={`${f.name}-hint`}>
                {f.hint}
              </p>
            )}
            {error && (
              <p className="field-error" id={`${f.name}-error`} role="alert">
                {readable(String(error))}
              </p>
            )}
          </div>
        );
      })}
      {aside && layout !== "split" && <div className="span-all">{aside(watch())}</div>}
      <div className="form-actions span-all">
        <button type="submit" className="button primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? "Saving…" : submitLabel}
        </button>
        {cancel}
      </div>
    </>
  );
  if (layout === "split") {
    return (
      <form onSubmit={onSubmit} className={`form ${styles.split}`} noValidate>
        <div className={`grid-form ${styles.fields}`}>{body}</div>
        {aside && <div className={styles.aside}>{aside(watch())}</div>}
      </form>
    );
  }
  return (
    <form onSubmit={onSubmit} className={`form ${styles.fields} ${layout === "grid" ? "grid-form" : ""}`} noValidate>
      {body}
    </form>
  );
}

/** Zod's messages say "must be ..."; the server's name the parameter ("email_address must be ..."). */
export function readable(message: string) {
  const m = message.replace(/^[a-z_0-9]+ (?=(must|is|are|or|cannot|applies|uses) )/, "");
  return m.charAt(0).toUpperCase() + m.slice(1);
}

/** Y/N flags as a select. */
export const YES_NO = [
  { value: "N", label: "No" },
  { value: "Y", label: "Yes" },
] as const;
