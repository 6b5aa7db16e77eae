import type { customerUserLogins, customerUsers } from "../../db/schema";

export type UserRow = typeof customerUsers.$inferSelect;
export type LoginRow = typeof customerUserLogins.$inferSelect;

/** A user as the API shows it. Built field by field so no password hash can ever slip out. */
export const userView = (u: UserRow) => ({
  user_id: u.id,
  customer_account_id: u.customerAccountId,
  username: u.username,
  first_name: u.firstName,
  last_name: u.lastName,
  email_address: u.emailAddress,
  access_level: u.accessLevel,
  phone_number_country_code: u.phoneNumberCountryCode,
  phone_number: u.phoneNumber,
  locale: u.locale,
  timezone_id: u.timezoneId,
  avatar_uri: u.avatarUri,
  custom_field_1: u.customField1,
  custom_field_2: u.customField2,
  verified: u.verified,
  last_phone_verification_date: u.lastPhoneVerificationDate,
  last_email_verification_date: u.lastEmailVerificationDate,
  status: u.status,
  created: u.createdAt,
  updated: u.updatedAt,
  deleted: u.deletedAt,
});

export const loginView = (l: LoginRow) => ({
  logged_in: l.loggedInAt,
  method: l.method,
  ip_address: l.ipAddress,
  url: l.url,
});

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
