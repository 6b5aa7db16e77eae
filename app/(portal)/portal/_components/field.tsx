"use client";
import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
  type UseFormSetError,
} from "react-hook-form";
import type { ActionError, ActionResult } from "@/lib/actions/define-action";

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

/**
 * A portal form sent through a portal action: `send` sends its values (or answers nothing, a check
 * of its own having marked a field); a refusal lands on the field it names (one of `fields`) or above
 * the form; on success `done` says what was done (shown above the form) or moves on.
 */
export function useActionForm<F extends FieldValues>({
  defaults,
  fields,
  send,
  done,
}: {
  defaults: DefaultValues<F>;
  fields: readonly string[];
  send: (values: F, form: UseFormReturn<F>) => Promise<ActionResult | void>;
  done: (data: unknown, form: UseFormReturn<F>) => string | void;
}) {
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<F>({ defaultValues: defaults });
  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    const answer = await send(values, form);
    if (!answer) return;
    if (!answer.ok) return showActionError(answer.error, form.setError, fields);
    setNotice(done(answer.data, form) ?? null);
  });
  return { form, errors: form.formState.errors, notice, onSubmit };
}

/** A useActionForm's form: its message at the top, its fields, and its button (saying `busyLabel` while it sends). */
export function ActionForm<F extends FieldValues>({
  of,
  label,
  busyLabel,
  children,
}: {
  of: ReturnType<typeof useActionForm<F>>;
  label: string;
  busyLabel: string;
  children: ReactNode;
}) {
  const busy = of.form.formState.isSubmitting;
  return (
    <form onSubmit={of.onSubmit} noValidate>
      <FormAlert error={of.errors.root?.message} notice={of.notice} />
      {children}
      <button className="p-button" type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </form>
  );
}
