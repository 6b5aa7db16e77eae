"use client";
import type { InputHTMLAttributes, ReactNode } from "react";
import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from "react-hook-form";
import type { ActionError } from "@/lib/auth/portal-action";

/** A labelled input (or textarea) with its error below, tied to it for screen readers. */
export function TextField({
  label,
  registration,
  error,
  hint,
  multiline,
  rows = 4,
  ...input
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  multiline?: boolean;
  rows?: number;
} & InputHTMLAttributes<HTMLInputElement>) {
  const name = registration.name;
  const describedBy = [error ? `${name}-error` : null, hint ? `${name}-hint` : null].filter(Boolean).join(" ") || undefined;
  const common = { ...registration, "aria-invalid": Boolean(error), "aria-describedby": describedBy };
  return (
    <label className="p-field">
      <span>{label}</span>
      {multiline ? <textarea {...common} rows={rows} /> : <input {...input} {...common} />}
      {hint ? (
        <small id={`${name}-hint`} className="p-field-hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={`${name}-error`} className="p-field-error">
          {error}
        </small>
      ) : null}
    </label>
  );
}

/** A form's message at its top: the refusal that belongs to no field, or what was done. */
export function FormAlert({ error, notice }: { error?: string; notice?: string | null }) {
  if (error)
    return (
      <div className="p-alert error" role="alert">
        {error}
      </div>
    );
  if (notice)
    return (
      <div className="p-alert info" role="status">
        {notice}
      </div>
    );
  return null;
}

/**
 * Shows a portal action's refusal where it belongs: on the field the server named (without the
 * parameter's name at the start of its message), else at the top of the form.
 */
export function showActionError<F extends FieldValues>(error: ActionError, setError: UseFormSetError<F>, fields: readonly string[]) {
  const field = error.parameter && fields.includes(error.parameter) ? error.parameter : null;
  if (field) setError(field as Path<F>, { message: capitalise(error.message.replace(new RegExp(`^${field} `), "")) });
  else setError("root" as Path<F>, { message: error.message });
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
