"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useController, useForm, type FieldPath, type Resolver, type ResolverResult, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/define-action";
import { withAmountsIn } from "@/lib/wire/params";
import { exampleAmount } from "@/lib/money";
import { fieldMessage, inputFor, YES_NO, type Field, type FormValues } from "./form-input";
import { AccountPicker } from "./account-picker";
import styles from "./form.module.css";
import { useHydrated } from "../ui/use-hydrated";

/**
 * The dashboard's one form builder: a create/edit form declared as a list of fields over an
 * endpoint's own zod schema, validated in the browser with that schema and again on the server; a
 * server refusal naming a parameter lands on that field, any other above the form. Every value is a
 * string, as the API takes it.
 */

export { choices, fieldMessage, inputFor, YES_NO, type Field, type FormValues, type Option } from "./form-input";

/** The brand's currency, which amounts in a form are read in (the brand layout gives it). */
const AmountsCurrency = createContext<string | undefined>(undefined);

export function AmountsCurrencyProvider({ currency, children }: { currency: string; children: ReactNode }) {
  return <AmountsCurrency.Provider value={currency}>{children}</AmountsCurrency.Provider>;
}

export interface FormProps {
  fields: readonly Field[];
  /** The endpoint's schema (Create's, or Update's when editing); none: the server alone checks. */
  schema?: z.ZodType;
  /** Starting values: a new record's, or the record's current ones when editing. */
  defaults?: FormValues;
  /** Sent as they are (ids the page already knows). */
  fixed?: FormValues;
  /** Sent too: parameters built by widgets outside the fields (a JSON list of items). */
  extra?: FormValues;
  /** An edit form: sends what changed (see inputFor). */
  editing?: boolean;
  /** Edit: parameters sent even unchanged. */
  always?: readonly string[];
  submit: (input: FormValues) => Promise<ActionResult>;
  /** After success: where the saved record is shown... */
  savedHref?: (data: Record<string, unknown>) => string;
  /** ...or what to do (answer a message to show it above the form). */
  onDone?: (data: unknown, reset: () => void) => string | void;
  /** Empty the form after a save (a reply box). */
  resetOnSave?: boolean;
  submitLabel: string;
  busyLabel?: string;
  cancelHref?: string;
  onCancel?: () => void;
  /** Sees every change (a live estimate listens). */
  onValues?: (values: FormValues) => void;
  /** Rendered after the fields, inside the form (pickers, an estimate). */
  children?: ReactNode;
  /** Rendered with the live values after the fields, or beside them with layout split (a preview). */
  aside?: (values: FormValues) => ReactNode;
  /** grid: two columns from a tablet up; stack: one; split: the fields beside the aside on a wide screen. */
  layout?: "grid" | "stack" | "split";
  /** Shown, not changed (a staff role that may not): every field read-only, no buttons. */
  readOnly?: boolean;
}

export function Form({
  fields,
  schema,
  defaults = {},
  fixed,
  extra,
  editing = false,
  always,
  submit,
  savedHref,
  onDone,
  resetOnSave,
  submitLabel,
  busyLabel = "Saving…",
  cancelHref,
  onCancel,
  onValues,
  children,
  aside,
  layout = "grid",
  readOnly = false,
}: FormProps) {
  const router = useRouter();
  const initial: FormValues = Object.fromEntries(fields.map((f) => [f.name, defaults[f.name] ?? ""]));
  // The resolver checks the whole input as it would be sent (with the fixed and extra parameters);
  // only the fields' errors are kept, the rest is the server's to refuse. raw: the server parses
  // the same strings again, so the browser sends them as typed.
  // Amounts are read in the brand's currency, as the server reads them: the parse is synchronous
  // (mode sync), so it runs inside withAmountsIn. Without a currency (a form outside a brand) a
  // schema that needs one throws, and the server alone checks.
  const currency = useContext(AmountsCurrency);
  const current = useRef({ fields, fixed, extra, editing, always, schema, initial, currency });
  current.current = { fields, fixed, extra, editing, always, schema, initial, currency };
  const resolver: Resolver<FormValues> | undefined = schema
    ? async (values, context, options) => {
        const c = current.current;
        const whole = zodResolver(c.schema as z.ZodObject, undefined, { raw: true, mode: "sync" }) as unknown as Resolver<FormValues>;
        const check = () => whole(inputFor({ ...c, values }), context, options);
        let r: ResolverResult<FormValues>;
        try {
          r = await (c.currency ? withAmountsIn(c.currency, check) : check());
        } catch {
          return { values, errors: {} } as ResolverResult<FormValues>;
        }
        const errors = Object.fromEntries(Object.entries(r.errors).filter(([k]) => c.fields.some((f) => f.name === k)));
        return (Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} }) as ResolverResult<FormValues>;
      }
    : undefined;
  const form = useForm<FormValues>({ defaultValues: initial, resolver, mode: "onTouched" });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const values = form.watch();
  const shown = fields.filter((f) => !f.showIf || f.showIf(values));

  useEffect(() => {
    if (!onValues) return;
    onValues(form.getValues());
    const sub = form.watch((v) => onValues(v as FormValues));
    return () => sub.unsubscribe();
  }, [form, onValues]);

  const onSubmit = form.handleSubmit(
    async (v) => {
      setMessage(null);
      const result = await submit(inputFor({ fields, values: v, initial, editing, schema, always, fixed, extra }));
      if (!result.ok) {
        const { parameter, message: text } = result.error;
        if (parameter && shown.some((f) => f.name === parameter))
          form.setError(parameter as FieldPath<FormValues>, { type: "server", message: text }, { shouldFocus: true });
        else setMessage({ ok: false, text });
        return;
      }
      const reset = () => form.reset(initial);
      if (resetOnSave) reset();
      if (savedHref) {
        router.push(savedHref(result.data as Record<string, unknown>));
        router.refresh();
      }
      const text = onDone?.(result.data, reset);
      if (text) setMessage({ ok: true, text });
    },
    // An error on a field the form does not show (a hidden dependent field) still needs saying.
    (errors) => {
      const hidden = Object.entries(errors).find(([name]) => !shown.some((f) => f.name === name));
      if (hidden)
        setMessage({ ok: false, text: `${fields.find((f) => f.name === hidden[0])?.label ?? hidden[0]}: ${fieldMessage(String(hidden[1]?.message))}` });
    },
  );

  const body = (
    <>
      {message && (
        <p className={`alert ${message.ok ? "success" : "error"} span-all`} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      )}
      {shown.map((f) => (
        <FormField key={f.name} field={f} form={form} editing={editing} readOnly={readOnly} />
      ))}
      {children}
      {aside && layout !== "split" && <div className="span-all">{aside(values)}</div>}
      {!readOnly && (
        <FormActions busy={form.formState.isSubmitting} submitLabel={submitLabel} busyLabel={busyLabel} cancelHref={cancelHref} onCancel={onCancel} />
      )}
    </>
  );
  if (layout === "split")
    return (
      <form onSubmit={onSubmit} className={`form ${styles.split}`} noValidate>
        <div className={`grid-form ${styles.fields}`}>{body}</div>
        {aside && <div className={styles.aside}>{aside(values)}</div>}
      </form>
    );
  return (
    <form onSubmit={onSubmit} className={`form ${styles.fields}${layout === "grid" ? " grid-form" : ""}`} noValidate>
      {body}
    </form>
  );
}

/** Submit, and Cancel as a link back or a button (a form in a dialog). */
export function FormActions({
  busy,
  submitLabel,
  busyLabel = "Saving…",
  cancelHref,
  onCancel,
}: {
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  cancelHref?: string;
  onCancel?: () => void;
}) {
  const hydrated = useHydrated();
  return (
    <div className="form-actions span-all">
      <button type="submit" className="button primary" disabled={busy || !hydrated}>
        {busy ? busyLabel : submitLabel}
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
  );
}

/** One labelled field with its hint and error, wired for screen readers. */
export function FormField({
  field: f,
  form,
  editing,
  readOnly: allReadOnly = false,
}: {
  field: Field;
  form: UseFormReturn<FormValues>;
  editing: boolean;
  readOnly?: boolean;
}) {
  const { register, formState, watch, setValue } = form;
  const currency = useContext(AmountsCurrency);
  const error = formState.errors[f.name]?.message;
  const hintId = f.hint ? `${f.name}-hint` : "";
  const errorId = error ? `${f.name}-error` : "";
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const readOnly = allReadOnly || (editing && (f.fixedOnEdit || f.notOnUpdate));
  const common = { id: f.name, "aria-invalid": Boolean(error), "aria-describedby": describedBy, "aria-required": f.required || undefined };
  const kind = f.kind ?? (f.options ? "select" : "text");
  let control: ReactNode;
  if (readOnly) {
    const value = watch(f.name);
    const shown = f.options?.find((o) => o.value === value)?.label ?? value;
    control = <input {...common} type="text" readOnly value={shown} />;
  } else if (kind === "account") {
    control = <AccountField field={f} form={form} describedBy={describedBy} invalid={Boolean(error)} />;
  } else if (kind === "textarea") {
    control = <textarea {...common} rows={f.rows ?? 3} className={f.code ? "code" : undefined} spellCheck={!f.code} {...register(f.name)} />;
  } else if (kind === "select" || kind === "flag") {
    const options = kind === "flag" ? YES_NO : (f.options ?? []);
    // An explicit select that may stay empty offers "none"; a list of options says its own.
    const none = f.kind === "select" && !f.required;
    control = (
      <select {...common} {...register(f.name)}>
        {none && <option value="">—</option>}
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
    const inputMode = f.inputMode ?? (kind === "money" ? "decimal" : kind === "integer" ? "numeric" : undefined);
    const type = kind === "email" || kind === "password" || kind === "url" || kind === "tel" ? kind : "text";
    // An amount's example is in the brand's currency: 25.00, 2500 (JPY), 12.345 (KWD).
    const placeholder = f.placeholder ?? (kind === "money" && currency ? `${exampleAmount(currency)} ${currency}` : undefined);
    control = <input {...common} type={type} inputMode={inputMode} placeholder={placeholder} autoComplete={f.autoComplete ?? "off"} {...register(f.name)} />;
  }
  return (
    <div className={`field${f.wide || kind === "textarea" ? " span-all" : ""}`}>
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

/** The account picker bound to the form: its value is the account id, its errors the field's. */
function AccountField({ field: f, form, describedBy, invalid }: { field: Field; form: UseFormReturn<FormValues>; describedBy?: string; invalid: boolean }) {
  const { field } = useController({ control: form.control, name: f.name });
  return (
    <AccountPicker
      id={f.name}
      name={f.name}
      value={field.value ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      required={f.required}
      invalid={invalid}
      describedBy={describedBy}
      placeholder={f.placeholder}
    />
  );
}

const Hint = ({ field: f }: { field: Field }) =>
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
