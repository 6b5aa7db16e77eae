import { z } from "zod";
import { country, email, flag, id, integer, keep, oneOf, opt, req, text } from "../wire/params";
import { isLocale, isTimezone } from "../reference/values";

/** Field validators shared with users (lib/users/schemas.ts). */
export const personName = () => text(100).min(1, { error: "must not be empty" });
export const locale = () => z.string().refine(isLocale, { error: "must be a locale listed by Reference/List, like en-US" });
export const timezone = () => z.string().refine(isTimezone, { error: "must be a time zone listed by Reference/List, like America/New_York" });
export const phoneCountryCode = () =>
  z
    .string()
    .regex(/^\+?\d{1,4}$/, { error: "must be a country calling code of 1 to 4 digits, like 1 or +44" })
    .transform((s) => s.replace(/^\+/, ""));
export const phoneNumber = () => z.string().regex(/^(?=(?:\D*\d){4,15}\D*$)[\d\s().-]+$/, { error: "must be a phone number of 4 to 15 digits" });
export const password = () => text(128).min(8, { error: "must be at least 8 characters" });
export const customField = () => text(255);

/** The address rules of Account/Create, applied to the record as it would be after a change. */
export function addressProblem(a: { country: string | null; city?: string | null; state?: string | null; unit?: string | null; unit_type?: string | null }) {
  if (a.unit && !a.unit_type) return { parameter: "unit_type", message: "is required when unit is given" };
  if (a.country && a.country !== "US") {
    if (!a.city) return { parameter: "city", message: "is required for an address outside the US" };
    if (!a.state) return { parameter: "state", message: "is required for an address outside the US" };
  }
  return null;
}

/** Optional, clearable account fields shared by Create and Update. */
const optionalFields = {
  company_name: opt(text(255), "Company name"),
  cc_email_address: opt(email(), "Receives copies of all emails to the account"),
  phone_number_country_code: opt(phoneCountryCode(), "Country calling code, like 1"),
  phone_number: opt(phoneNumber(), "Phone number"),
  address: opt(text(255), "Street address"),
  address_2: opt(text(255), "Second address line"),
  unit: opt(text(20), "Unit number (needs unit_type)"),
  unit_type: opt(text(20), "Kind of unit, like APT, SUITE or BLDG (required when unit is given)"),
  city: opt(text(100), "City (required outside the US)"),
  state: opt(text(100), "State or region (required outside the US)"),
  zip_code: opt(text(20), "Postal code"),
  tax_id: opt(text(50), "Tax identification number"),
  tax_exempt_reason: opt(text(255), "Why the account is tax exempt"),
  custom_field_1: opt(customField(), "Free field 1"),
  custom_field_2: opt(customField(), "Free field 2"),
};

const accountId = (description: string) => req(id(), description, { refersTo: "Account" });

export const ListAccountsParams = z.object({
  customer_account_id: opt(id(), "Only this account (exact match)", { refersTo: "Account" }),
  email_address: opt(text(254), "Accounts whose email address contains this"),
  first_name: opt(text(100), "Accounts whose first name contains this"),
  last_name: opt(text(100), "Accounts whose last name contains this"),
  company_name: opt(text(255), "Accounts whose company name contains this"),
  custom_field_1: opt(customField(), "Accounts whose custom_field_1 contains this"),
  custom_field_2: opt(customField(), "Accounts whose custom_field_2 contains this"),
  limit: opt(integer({ min: 1, max: 300 }), "At most this many accounts, 1 to 300 (default 300)"),
  order: opt(oneOf(["asc", "desc"]), "Oldest first (asc, default) or newest first (desc)"),
  offset: opt(integer({ min: 0 }), "Skip this many matching accounts"),
});

export const CreateAccountParams = z
  .object({
    first_name: req(personName(), "First name of the account holder", { example: "Jane" }),
    last_name: req(personName(), "Last name of the account holder", { example: "Doe" }),
    email_address: req(email(), "Email address, unique in the brand (case-insensitive)", { example: "jane@example.com" }),
    country: req(country(), "ISO 3166 two-letter country code", { example: "US" }),
    locale: req(locale(), "Locale, one of Reference/List", { example: "en-US" }),
    timezone_id: req(timezone(), "Time zone, one of Reference/List", { example: "America/New_York" }),
    tax_exempt: opt(flag(), "Y when the account pays no tax (default N)"),
    password: opt(password(), "Password of the initial user (random when omitted)"),
    skip_notification: opt(flag(), "Y sends no Account/Create email; blank applies the notification's defaults"),
    ...optionalFields,
  })
  .superRefine((v, c) => {
    const problem = addressProblem(v);
    if (problem) c.issues.push({ code: "custom", path: [problem.parameter], message: problem.message, input: v, params: { code: "MISSING_PARAMETER" } });
  });

/** Send only what changes; the fields Create requires can change but not be cleared. */
export const UpdateAccountParams = z.object({
  customer_account_id: accountId("The account to change"),
  first_name: keep(personName(), "First name of the account holder"),
  last_name: keep(personName(), "Last name of the account holder"),
  email_address: keep(email(), "Email address, unique in the brand (case-insensitive)"),
  country: keep(country(), "ISO 3166 two-letter country code"),
  locale: keep(locale(), "Locale, one of Reference/List"),
  timezone_id: keep(timezone(), "Time zone, one of Reference/List"),
  tax_exempt: keep(flag(), "Y when the account pays no tax"),
  ...optionalFields,
});

export const AccountIdParams = z.object({ customer_account_id: accountId("The account") });

export type ListAccountsInput = z.output<typeof ListAccountsParams>;
export type CreateAccountInput = z.output<typeof CreateAccountParams>;
export type UpdateAccountInput = z.output<typeof UpdateAccountParams>;
export type AccountIdInput = z.output<typeof AccountIdParams>;
