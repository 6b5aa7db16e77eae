import type { customerAccounts } from "../../db/schema";
import { formatCents } from "../money";

export type AccountRow = typeof customerAccounts.$inferSelect;

/**
 * A customer account as the API shows it (namespace customer_account). Its email_verification_code
 * is kept only as a hash and shown once, by Account/Create (lib/users/create-account.ts).
 */
export const accountView = (a: AccountRow) => ({
  customer_account_id: a.id,
  first_name: a.firstName,
  last_name: a.lastName,
  email_address: a.emailAddress,
  company_name: a.companyName,
  cc_email_address: a.ccEmailAddress,
  phone_number_country_code: a.phoneNumberCountryCode,
  phone_number: a.phoneNumber,
  address: a.address,
  address_2: a.address2,
  unit: a.unit,
  unit_type: a.unitType,
  city: a.city,
  state: a.state,
  zip_code: a.zipCode,
  country: a.country,
  locale: a.locale,
  timezone_id: a.timezoneId,
  tax_id: a.taxId,
  tax_exempt: a.taxExempt,
  tax_exempt_reason: a.taxExemptReason,
  custom_field_1: a.customField1,
  custom_field_2: a.customField2,
  security_code: a.securityCode,
  prepaid_balance: formatCents(a.prepaidBalance),
  status: a.status,
  created: a.createdAt,
  updated: a.updatedAt,
  deleted: a.deletedAt,
});

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
