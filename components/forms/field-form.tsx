"use client";

import Link from "next/link";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useForm, type FieldPath, type Resolver, type ResolverResult } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { ActionResult } from "@/lib/auth/staff-action";

/** One field of a form: every value is a string, as the API takes it. */
export interface FieldSpec {
  name: string;
  label: string;
  required?: boolean;
  type?: "text" | "email" | "date" | "password" | "number";
  hint?: string;
  options?: readonly { value: string; label: string }[];
  multiline?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "decimal" | "text";
  /** Takes the whole row of the two-column grid. */
  wide?: boolean;
}

type Values = Record<string, string>;

/**
 * A form over an endpoint's string parameters, validated in the browser with the endpoint's own
 * zod schema (when given) and again on the server; a refusal naming a parameter lands on that
 * field, any other above the form. `extra` parameters (built by widgets outside the plain fields,
 * like a JSON list) are sent too; `onValues` sees every change (a live estimate listens).
 */
export function FieldForm({
  fields,
  defaults = {},
  schema,
  submit,
  onDone,
  submitLabel,
  busyLabel = "Saving…",
  cancelHref,
  extra,
  onValues,
  children,
  hidden = {},
  changedOnly = false,
}: {
  fields: readonly FieldSpec[];
  defaults?: Values;
  schema?: z.ZodType;
  submit: (input: Values) => Promise<ActionResult>;
  onDone: (data: unknown) => void;
  submitLabel: string;
  busyLabel?: string;
  cancelHref: string;
  extra?: Values;
  onValues?: (values: Values) => void;
  children?: ReactNode;
  /** Parameters sent as they are (an id the page already knows). */
  hidden?: Values;
  /** An edit form: only required and changed fields are sent. */
  changedOnly?: boolean;
}) {
  const initial = Object.fromEntries(fields.map((f) => [f.name, defaults[f.name] ?? ""]));
  // The schema checks the whole input (the fields with the extra and hidden parameters); only the
  // fields' errors are shown here, the rest is the server's to refuse. raw: the server parses the
  // same strings again, so the browser sends them as typed.
  const sent = useRef({ ...extra, ...hidden });
  sent.current = { ...extra, ...hidden };
  const resolver: Resolver<Values> | undefined = schema
    ? async (values, context, options) => {
        const whole = zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<Values>;
        // As it is sent: a create form leaves empty fields out (an edit form sends an emptied one to clear it).
        const input = changedOnly ? values : Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));
        const r = await whole({ ...sent.current, ...input }, context, options);
        const errors = Object.fromEntries(Object.entries(r.errors).filter(([k]) => fields.some((f) => f.name === k)));
        return (Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} }) as ResolverResult<Values>;
      }
    : undefined;
  const form = useForm<Values>({ defaultValues: initial, resolver, mode: "onTouched" });
  const { register, handleSubmit, formState, setError, watch } = form;
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!onValues) return;
    onValues(form.getValues());
    const sub = watch((v) => onValues(v as Values));
    return () => sub.unsubscribe();
  }, [watch, onValues, form]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    // Edit forms send the required fields and what changed (an emptied field clears); others what is filled in.
    const own = Object.entries(values).filter(([k, v]) =>
      changedOnly ? v !== initial[k] || fields.some((f) => f.name === k && f.required) : v !== "" && v !== undefined,
    );
    const input = { ...Object.fromEntries(own), ...extra, ...hidden };
    const result = await submit(input);
    if (!result.ok) {
      const field = fields.find((f) => f.name === result.error.parameter);
      if (field) setError(field.name as FieldPath<Values>, { type: "server", message: result.error.message }, { shouldFocus: true });
      else setFormError(result.error.message);
      return;
    }
    onDone(result.data);
  });

  return (
    <form onSubmit={onSubmit} className="form grid-form" noValidate>
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
          <div key={f.name} className={`field${f.wide ? " span-all" : ""}`}>
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
            ) : f.multiline ? (
              <textarea rows={3} {...common} />
            ) : (
              <input type={f.type ?? "text"} autoComplete={f.autoComplete ?? "off"} inputMode={f.inputMode} {...common} />
            )}
            {f.hint && (
              <p className="hint" id={`${f.name}-hint`}>
                {f.hint}
              </p>
            )}
            {error && (
              <p className="field-error" id={`${f.name}-error`} role="alert">
                {fieldMessage(String(error))}
              </p>
            )}
          </div>
        );
      })}
      {children}
      <div className="form-actions span-all">
        <button type="submit" className="button primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? busyLabel : submitLabel}
        </button>
        <Link href={cancelHref} className="button secondary">
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** Zod's messages say "must be ..."; the server's name the parameter ("amount must be ..."): shown on the field without it. */
export function fieldMessage(message: string) {
  const m = message.replace(/^[a-z_0-9]+ (?=(must|is|are|needs) )/, "");
  return m.charAt(0).toUpperCase() + m.slice(1);
}

export const YES_NO = [
  { value: "N", label: "No" },
  { value: "Y", label: "Yes" },
] as const;
