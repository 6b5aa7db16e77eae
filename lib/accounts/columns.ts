import type { customerAccounts } from "../../db/schema";

export type AccountRow = typeof customerAccounts.$inferSelect;

/** API parameter names to columns, shared by Create and Update. */
export const ACCOUNT_COLUMNS = {
  first_name: "firstName",
  last_name: "lastName",
  email_address: "emailAddress",
  company_name: "companyName",
  cc_email_address: "ccEmailAddress",
  phone_number_country_code: "phoneNumberCountryCode",
  phone_number: "phoneNumber",
  address: "address",
  address_2: "address2",
  unit: "unit",
  unit_type: "unitType",
  city: "city",
  state: "state",
  zip_code: "zipCode",
  country: "country",
  locale: "locale",
  timezone_id: "timezoneId",
  tax_id: "taxId",
  tax_exempt: "taxExempt",
  tax_exempt_reason: "taxExemptReason",
  custom_field_1: "customField1",
  custom_field_2: "customField2",
} as const satisfies Record<string, keyof AccountRow>;

/** The supplied parameters as column values (undefined = not supplied, null = clear). */
export function columnsFrom(input: object, columns: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [param, column] of Object.entries(columns)) {
    const value = (input as Record<string, unknown>)[param];
    if (value !== undefined) out[column] = value;
  }
  return out;
}
