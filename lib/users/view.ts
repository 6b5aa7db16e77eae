import { readUser, type LoginRead, type UserRead, type UserRow } from "./read";

const yn = (b: boolean) => (b ? "Y" : "N");

/**
 * The wire: a user as the API answers it, from its read row (User/List by user_id: with its
 * login_history). Only lib/api calls it (and the write verbs through userView).
 */
export const userToWire = (u: UserRead & { loginHistory?: LoginRead[] }) => ({
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
  verified: yn(u.verified),
  last_phone_verification_date: u.lastPhoneVerificationAt,
  last_email_verification_date: u.lastEmailVerificationAt,
  status: u.status,
  created: u.createdAt,
  updated: u.updatedAt,
  deleted: u.deletedAt,
  ...(u.loginHistory && { login_history: u.loginHistory.map(loginToWire) }),
});

const loginToWire = (l: LoginRead) => ({
  logged_in: l.loggedInAt,
  method: l.method,
  ip_address: l.ipAddress,
  url: l.url,
});

/** What the write verbs answer today: the wire of the user as it now stands. */
export const userView = (u: UserRow) => userToWire(readUser(u));
