"use client";
import type { InputHTMLAttributes } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import type { ActionError } from "@/lib/actions/define-action";
import { addPayMethod } from "../_lib/billing-actions";
import "./billing.css";

/**
 * The card and bank account fields of PayMethod/Create, shared by the pay methods page and "pay
 * with a new card". The numbers go from the form to the server action and on to the gateway
 * adapter; nothing here keeps them (the form is reset once the gateway has answered).
 */
export type NewPayMethodFields = {
  pay_method_type: "CC" | "BA";
  holder_name: string;
  card_number: string;
  expiration_month: string;
  expiration_year: string;
  cvv: string;
  routing_number: string;
  account_number: string;
  account_type: "checking" | "savings";
};

export const EMPTY_PAY_METHOD: NewPayMethodFields = {
  pay_method_type: "CC",
  holder_name: "",
  card_number: "",
  expiration_month: "",
  expiration_year: "",
  cvv: "",
  routing_number: "",
  account_number: "",
  account_type: "checking",
};

const CARD = ["holder_name", "card_number", "expiration_month", "expiration_year", "cvv"] as const;
const BANK = ["holder_name", "routing_number", "account_number", "account_type"] as const;

/** Adds the card or bank account the fields hold (only the fields of its type are sent). */
export function savePayMethod(values: NewPayMethodFields) {
  const type = values.pay_method_type;
  const fields = type === "CC" ? CARD : BANK;
  return addPayMethod({ pay_method_type: type, ...Object.fromEntries(fields.map((f) => [f, values[f]])) });
}

/**
 * Puts a server refusal on the field it names ("card_number must be ..." reads "Must be ..."
 * under Card number), or above the form when it names none of them.
 */
export function showError<T extends FieldValues>(form: UseFormReturn<T>, error: ActionError, fields: readonly string[]) {
  const parameter = error.parameter && fields.includes(error.parameter) ? error.parameter : null;
  if (!parameter) return form.setError("root", { message: error.message });
  const message = error.message.startsWith(`${parameter} `) ? error.message.slice(parameter.length + 1) : error.message;
  form.setError(parameter as FieldPath<T>, { message: message.charAt(0).toUpperCase() + message.slice(1) }, { shouldFocus: true });
}

export const PAY_METHOD_FIELDS = [...new Set([...CARD, ...BANK])];

/** Any form that holds the pay method fields (among others of its own). */
type Props<T extends NewPayMethodFields = NewPayMethodFields> = { form: UseFormReturn<T>; idPrefix: string };
const narrow = <T extends NewPayMethodFields>(p: Props<T>) => p as unknown as Props;

type FieldProps<T extends FieldValues> = { form: UseFormReturn<T>; idPrefix: string; name: FieldPath<T>; label: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "form" | "name"
>;

/** One labelled input whose error, when it has one, is tied to it for screen readers. */
export function Field<T extends FieldValues>({ form, idPrefix, name, label, ...input }: FieldProps<T>) {
  const error = form.getFieldState(name, form.formState).error?.message;
  const errorId = `${idPrefix}-${name}-error`;
  return (
    <label className="p-field">
      <span>{label}</span>
      <input {...input} {...form.register(name)} aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} />
      {error ? (
        <small id={errorId} className="p-field-error">
          {error}
        </small>
      ) : null}
    </label>
  );
}

export function CardFields<T extends NewPayMethodFields>(given: Props<T>) {
  const props = narrow(given);
  return (
    <>
      <Field {...props} name="holder_name" label="Name on card" autoComplete="cc-name" />
      <Field {...props} name="card_number" label="Card number" inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" />
      <div className="p-row">
        <Field {...props} name="expiration_month" label="Expiry month" inputMode="numeric" autoComplete="cc-exp-month" placeholder="MM" maxLength={2} />
        <Field {...props} name="expiration_year" label="Expiry year" inputMode="numeric" autoComplete="cc-exp-year" placeholder="YYYY" maxLength={4} />
        <Field {...props} name="cvv" label="Security code" inputMode="numeric" autoComplete="cc-csc" placeholder="CVC" maxLength={4} />
      </div>
    </>
  );
}

export function BankFields<T extends NewPayMethodFields>(given: Props<T>) {
  const props = narrow(given);
  const { form, idPrefix } = props;
  return (
    <>
      <Field {...props} name="holder_name" label="Account holder's name" autoComplete="name" />
      <div className="p-row">
        <Field {...props} name="routing_number" label="Routing number" inputMode="numeric" maxLength={9} />
        <Field {...props} name="account_number" label="Account number" inputMode="numeric" maxLength={17} />
      </div>
      <label className="p-field" htmlFor={`${idPrefix}-account-type`}>
        <span>Account type</span>
        <select id={`${idPrefix}-account-type`} {...form.register("account_type")}>
          <option value="checking">Checking</option>
          <option value="savings">Savings</option>
        </select>
      </label>
    </>
  );
}
