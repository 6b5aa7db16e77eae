"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, type FieldPath, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { CreateAccountParams, UpdateAccountParams } from "@/lib/accounts/schemas";
import { createAccount, updateAccount } from "../actions";

/** The form's fields: every value a string, as the API takes it. */
type Values = Record<(typeof FIELDS)[number]["name"], string> & { customer_account_id?: string };

const FIELDS = [
  { name: "first_name", label: "First name", required: true, autoComplete: "given-name" },
  { name: "last_name", label: "Last name", required: true, autoComplete: "family-name" },
  { name: "email_address", label: "Email", required: true, type: "email", autoComplete: "email" },
  { name: "company_name", label: "Company", autoComplete: "organization" },
  { name: "phone_number_country_code", label: "Phone country code", hint: "Like 1 or 44", autoComplete: "tel-country-code" },
  { name: "phone_number", label: "Phone number", autoComplete: "tel-national" },
  { name: "address", label: "Street address", autoComplete: "address-line1" },
  { name: "address_2", label: "Address line 2", autoComplete: "address-line2" },
  { name: "city", label: "City", hint: "Required outside the US", autoComplete: "address-level2" },
  { name: "state", label: "State or region", hint: "Required outside the US", autoComplete: "address-level1" },
  { name: "zip_code", label: "Postal code", autoComplete: "postal-code" },
  { name: "country", label: "Country", required: true, hint: "Two letters, like US or GB", autoComplete: "country" },
  { name: "locale", label: "Locale", required: true, hint: "Like en-US" },
  { name: "timezone_id", label: "Time zone", required: true, hint: "Like America/New_York" },
  { name: "tax_exempt", label: "Tax exempt", select: ["N", "Y"] },
  { name: "custom_field_1", label: "Custom field 1" },
  { name: "custom_field_2", label: "Custom field 2" },
] as const;

const NEW_DEFAULTS = Object.fromEntries(FIELDS.map((f) => [f.name, ""])) as Values;
Object.assign(NEW_DEFAULTS, { country: "US", locale: "en-US", timezone_id: "America/New_York", tax_exempt: "N" });

/**
 * Create or edit a customer account, validated in the browser with the API's own schema and again
 * on the server; a server refusal naming a parameter is shown on that field. Edit sends only the
 * fields that changed (an emptied optional field is cleared).
 */
export function AccountForm({ brandId, account }: { brandId: string; account?: Partial<Values> & { customer_account_id: string } }) {
  const router = useRouter();
  const editing = Boolean(account);
  const defaults: Values = { ...NEW_DEFAULTS, ...(account ? Object.fromEntries(Object.entries(account).map(([k, v]) => [k, v ?? ""])) : {}) };
  const form = useForm<Values>({
    defaultValues: defaults,
    // raw: the server parses the same strings again, so the browser sends them as typed.
    resolver: zodResolver((editing ? UpdateAccountParams : CreateAccountParams) as unknown as typeof CreateAccountParams, undefined, {
      raw: true,
    }) as unknown as Resolver<Values>,
    mode: "onTouched",
  });
  const { register, handleSubmit, formState, setError } = form;
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    let input: Record<string, string>;
    if (account) {
      input = { customer_account_id: account.customer_account_id };
      // Only what changed: an absent parameter is left alone, an emptied one cleared.
      for (const f of FIELDS) if ((values[f.name] ?? "") !== defaults[f.name]) input[f.name] = values[f.name] ?? "";
    } else {
      input = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));
    }
    const result = account ? await updateAccount(brandId, input) : await createAccount(brandId, input);
    if (!result.ok) {
      const field = FIELDS.find((f) => f.name === result.error.parameter);
      if (field) setError(field.name as FieldPath<Values>, { type: "server", message: result.error.message }, { shouldFocus: true });
      else setFormError(result.error.message);
      return;
    }
    const id = (result.data as { customer_account_id: string }).customer_account_id;
    router.push(`/dashboard/${brandId}/accounts/${id}`);
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} className="form grid-form" noValidate>
      {formError && (
        <p className="alert error span-all" role="alert">
          {formError}
        </p>
      )}
      {FIELDS.map((f) => {
        const error = formState.errors[f.name]?.message;
        const describedBy = ["hint" in f && f.hint ? `${f.name}-hint` : "", error ? `${f.name}-error` : ""].filter(Boolean).join(" ") || undefined;
        return (
          <div key={f.name} className="field">
            <label htmlFor={f.name}>
              {f.label}
              {"required" in f && f.required ? <span aria-hidden="true"> *</span> : null}
            </label>
            {"select" in f ? (
              <select id={f.name} {...register(f.name)} aria-invalid={Boolean(error)} aria-describedby={describedBy}>
                {f.select.map((v) => (
                  <option key={v} value={v}>
                    {v === "Y" ? "Yes" : "No"}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={f.name}
                type={"type" in f ? f.type : "text"}
                autoComplete={"autoComplete" in f ? f.autoComplete : "off"}
                aria-invalid={Boolean(error)}
                aria-required={"required" in f && f.required ? true : undefined}
                aria-describedby={describedBy}
                {...register(f.name)}
              />
            )}
            {"hint" in f && f.hint && (
              <p className="hint" id={`${f.name}-hint`}>
                {f.hint}
              </p>
            )}
            {error && (
              <p className="field-error" id={`${f.name}-error`} role="alert">
                {capitalise(String(error))}
              </p>
            )}
          </div>
        );
      })}
      <div className="form-actions span-all">
        <button type="submit" className="button primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? "Saving…" : editing ? "Save changes" : "Create account"}
        </button>
        <Link href={account ? `/dashboard/${brandId}/accounts/${account.customer_account_id}` : `/dashboard/${brandId}/accounts`} className="button secondary">
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** Zod's messages say "must be ..."; the server's name the parameter ("email_address must be ..."). */
function capitalise(message: string) {
  const m = message.replace(/^[a-z_0-9]+ (?=(must|is|are) )/, "");
  return m.charAt(0).toUpperCase() + m.slice(1);
}
