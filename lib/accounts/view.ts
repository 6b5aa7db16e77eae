import { formatAmount } from "../money";
import type { AccountRow } from "./columns";
import { readAccount, type AccountRead } from "./read";

/**
 * The wire: a customer account as the API answers it (namespace customer_account), from its read
 * row. Only lib/api calls it (and, until they answer read rows, the write verbs through accountView).
 * Its email_verification_code is kept only as a hash and shown once, by Account/Create
 * (lib/users/create-account.ts).
 */
export const accountToWire = (a: AccountRead) => ({
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
  tax_exempt: a.taxExempt ? "Y" : "N",
  tax_exempt_reason: a.taxExemptReason,
  custom_field_1: a.customField1,
  custom_field_2: a.customField2,
  security_code: a.securityCode,
  prepaid_balance: formatAmount(a.prepaidBalanceCents, a.currency),
  currency: a.currency,
  status: a.status,
  created: a.createdAt,
  updated: a.updatedAt,
  deleted: a.deletedAt,
});

/** What the write verbs answer today: the wire of the account as it now stands. */
export const accountView = (a: AccountRow, currency: string) => accountToWire(readAccount(a, currency));
