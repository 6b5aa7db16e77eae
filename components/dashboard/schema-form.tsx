"use client";

import Link from "next/link";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";

type Result = { ok: true; data: unknown } | { ok: false; error: { code: string; message: string; parameter: string | null } };

export interface FormField {
  name: string;
  label: string;
  required?: boolean;
  type?: "text" | "email" | "url" | "tel";
  hint?: string;
  options?: { value: string; label: string }[];
  multiline?: boolean;
  autoComplete?: string;
}

/**
 * A form over an endpoint's own schema, declared as a list of fields: checked in the browser with
 * that schema (raw strings, as the server parses them again), sent through a server action, and a
 * server refusal naming a parameter shown on its field. `changedOnly` (edit forms) sends the fixed
 * parameters plus only the fields that changed, so an emptied optional field is cleared.
 */
export function SchemaForm({
  fields,
  schema,
  defaults = {},
  fixed = {},
  submit,
  submitLabel,
  busyLabel = "Saving…",
  cancelHref,
  onCancel,
  changedOnly,
  grid,
  onDone,
}: {
  fields: FormField[];
  schema: z.ZodObject;
  defaults?: Record<string, string>;
  fixed?: Record<string, string>;
  submit: (input: Record<string, string>) => Promise<Result>;
  submitLabel: string;
  busyLabel?: string;
  cancelHref?: string;
  onCancel?: () => void;
  changedOnly?: boolean;
  grid?: boolean;
  /** Runs after success with the action's data; answers a message to show, if any. */
  onDone: (data: unknown, reset: () => void) => string | void;
}) {
  const initial = Object.fromEntries(fields.map((f) => [f.name, defaults[f.name] ?? ""]));
  const { register, handleSubmit, formState, setError, reset } = useForm<Record<string, string>>({
    defaultValues: { ...initial, ...fixed },
    resolver: zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<Record<string, string>>,
    mode: "onTouched",
  });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    const input: Record<string, string> = { ...fixed };
    for (const f of fields) {
      const v = values[f.name] ?? "";
      if (changedOnly ? v !== initial[f.name] : v !== "") input[f.name] = v;
    }
    const r = await submit(input);
    if (!r.ok) {
      if (fields.some((f) => f.name === r.error.parameter)) setError(r.error.parameter!, { type: "server", message: r.error.message }, { shouldFocus: true });
      else setMessage({ ok: false, text: r.error.message });
      return;
    }
    const text = onDone(r.data, () => reset({ ...initial, ...fixed }));
    if (text) setMessage({ ok: true, text });
  });

  return (
    <form onSubmit={onSubmit} className={`form ${grid ? "grid-form" : ""}`} noValidate>
      {message && (
        <p className={`alert ${message.ok ? "success" : "error"} span-all`} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      )}
      {fields.map((f) => {
        const error = formState.errors[f.name]?.message;
        const describedBy = [f.hint ? `${f.name}-hint` : "", error ? `${f.name}-error` : ""].filter(Boolean).join(" ") || undefined;
        const common = {
          id: f.name,
          "aria-invalid": Boolean(error),
          "aria-required": f.required || undefined,
          "aria-describedby": describedBy,
          ...register(f.name),
        };
        return (
          <div key={f.name} className={`field ${f.multiline ? "span-all" : ""}`}>
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
              <textarea rows={4} {...common} />
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
                {tidy(String(error))}
              </p>
            )}
          </div>
        );
      })}
      <div className="form-actions span-all">
        <button type="submit" className="button primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? busyLabel : submitLabel}
        </button>
        {cancelHref && (
          <Link href={cancelHref} className="button secondary">
            Cancel
          </Link>
        )}
        {onCancel && (
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** Zod's messages say "must be ..."; the server's name the parameter ("email must be ..."). */
function tidy(message: string) {
  const m = message.replace(/^[a-z_0-9]+ (?=(must|is|are) )/, "");
  return m.charAt(0).toUpperCase() + m.slice(1);
}
