import type { UserRow } from "./read";

/** API parameter names to columns, shared by Create and Update (password is handled apart). */
export const USER_COLUMNS = {
  first_name: "firstName",
  last_name: "lastName",
  email_address: "emailAddress",
  access_level: "accessLevel",
  phone_number_country_code: "phoneNumberCountryCode",
  phone_number: "phoneNumber",
  locale: "locale",
  timezone_id: "timezoneId",
  avatar_uri: "avatarUri",
  custom_field_1: "customField1",
  custom_field_2: "customField2",
  verified: "verified",
} as const satisfies Record<string, keyof UserRow>;
