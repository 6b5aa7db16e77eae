"use client";

import { Form, type Field, type FormValues } from "@/components/forms/form";
import { CreateAccountParams, UpdateAccountParams } from "@/lib/accounts/schemas";
import { createAccount, updateAccount } from "../actions";

const FIELDS: Field[] = [
  { name: "first_name", label: "First name", required: true, autoComplete: "given-name" },
  { name: "last_name", label: "Last name", required: true, autoComplete: "family-name" },
  { name: "email_address", label: "Email", required: true, kind: "email", autoComplete: "email" },
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
  { name: "tax_exempt", label: "Tax exempt", kind: "flag" },
  { name: "custom_field_1", label: "Custom field 1" },
  { name: "custom_field_2", label: "Custom field 2" },
];

const NEW_DEFAULTS: FormValues = { country: "US", locale: "en-US", timezone_id: "America/New_York", tax_exempt: "N" };

/**
 * Create or edit a customer account, validated in the browser with the API's own schema and again
 * on the server; a server refusal naming a parameter is shown on that field. Edit sends only the
 * fields that changed (an emptied optional field is cleared).
 */
export function AccountForm({ brandId, account }: { brandId: string; account?: Record<string, string | null | undefined> & { customer_account_id: string } }) {
  const base = `/dashboard/${brandId}/accounts`;
  return (
    <Form
      fields={FIELDS}
      schema={account ? UpdateAccountParams : CreateAccountParams}
      defaults={account ? Object.fromEntries(Object.entries(account).map(([k, v]) => [k, v ?? ""])) : NEW_DEFAULTS}
      fixed={account ? { customer_account_id: account.customer_account_id } : undefined}
      editing={Boolean(account)}
      submit={(input) => (account ? updateAccount(brandId, input) : createAccount(brandId, input))}
      savedHref={(a) => `${base}/${a.customer_account_id}`}
      submitLabel={account ? "Save changes" : "Create account"}
      cancelHref={account ? `${base}/${account.customer_account_id}` : base}
    />
  );
}
