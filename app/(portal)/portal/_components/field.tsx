"use client";
import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import type { FieldValues, Path, UseFormRegisterReturn, UseFormSetError } from "react-hook-form";
import type { ActionError } from "@/lib/actions/define-action";

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
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const common = { ...registration, id, "aria-invalid": Boolean(error), "aria-describedby": describedBy };
  // The label holds only its text (the hint and the error are descriptions), so the field's name stays short.
  return (
    <div className="p-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea {...common} rows={rows} /> : <input {...input} {...common} />}
      {hint ? (
        <small id={`${id}-hint`} className="p-field-hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={`${id}-error`} className={`p-field-error ${registration.name}-error`}>
          {error}
        </small>
      ) : null}
    </div>
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
