import { z } from "zod";
import { email, flag, id, imageUrl, integer, keep, oneOf, opt, req, text, url } from "../wire/params";
import { customField, locale, password, personName, phoneCountryCode, phoneNumber, timezone } from "../accounts/schemas";
import { EMAIL_CODE_PATTERN, PHONE_CODE_PATTERN } from "./secrets";
import { IDENTITY_SERVICES } from "../adapters/oauth";

type Issues = z.core.$RefinementCtx["issues"];
const missing = (issues: Issues, parameter: string, message: string, input: unknown) =>
  issues.push({ code: "custom", path: [parameter], message, input, params: { code: "MISSING_PARAMETER" } });
const invalid = (issues: Issues, parameter: string, message: string, input: unknown) => issues.push({ code: "custom", path: [parameter], message, input });

const userId = (description: string) => req(id(), description, { refersTo: "User" });
const accessLevel = () => oneOf(["ADMIN", "USER"]);
const avatar = () => imageUrl();

export const ListUsersParams = z.object({
  user_id: opt(id(), "Only this user; the answer then carries its login_history", { refersTo: "User" }),
  customer_account_id: opt(id(), "Only users of this customer account", { refersTo: "Account" }),
  email_address: opt(text(254), "Users with this email address (ignoring case)"),
  username: opt(text(100), "Users whose username contains this"),
  custom_field_1: opt(customField(), "Users whose custom_field_1 contains this"),
  custom_field_2: opt(customField(), "Users whose custom_field_2 contains this"),
});

export const CreateUserParams = z.object({
  customer_account_id: req(id(), "The customer account the user belongs to", { refersTo: "Account" }),
  first_name: req(personName(), "First name", { example: "John" }),
  last_name: req(personName(), "Last name", { example: "Doe" }),
  email_address: req(email(), "Email address, unique on the customer account", { example: "john@example.com" }),
  access_level: req(accessLevel(), "ADMIN or USER; only an ADMIN staff user may create an ADMIN", { example: "USER" }),
  locale: req(locale(), "Locale, one of Reference/List", { example: "en-US" }),
  timezone_id: req(timezone(), "Time zone, one of Reference/List", { example: "America/New_York" }),
  send_new_user_email: req(flag(), "Y sends the new-user email to the user (the User/Create notification; it carries the password when it was generated)", {
    example: "N",
  }),
  phone_number_country_code: opt(phoneCountryCode(), "Country calling code, like 1"),
  phone_number: opt(phoneNumber(), "Phone number (for SMS and call verification)"),
  password: opt(password(), "Password (random when blank)"),
  custom_field_1: opt(customField(), "Free field 1"),
  custom_field_2: opt(customField(), "Free field 2"),
  avatar_uri: opt(avatar(), "Address of a gif, jpg, jpeg or png picture"),
});

/** Only supplied parameters change, except access_level which is always sent (spec). */
export const UpdateUserParams = z.object({
  user_id: userId("The user to change"),
  access_level: req(accessLevel(), "ADMIN or USER; only an ADMIN staff user may make a user ADMIN", { example: "USER" }),
  first_name: keep(personName(), "First name"),
  last_name: keep(personName(), "Last name"),
  email_address: keep(email(), "Email address, unique on the customer account"),
  phone_number_country_code: opt(phoneCountryCode(), "Country calling code, like 1"),
  phone_number: opt(phoneNumber(), "Phone number"),
  password: keep(password(), "New password"),
  custom_field_1: opt(customField(), "Free field 1"),
  custom_field_2: opt(customField(), "Free field 2"),
  avatar_uri: opt(avatar(), "Address of a gif, jpg, jpeg or png picture"),
  locale: keep(locale(), "Locale, one of Reference/List"),
  timezone_id: keep(timezone(), "Time zone, one of Reference/List"),
  verified: keep(flag(), "Y or N, for a two-step verification system of your own"),
});

export const UserIdParams = z.object({ user_id: userId("The user") });

export const AuthenticateUserParams = z
  .object({
    email_address: opt(email(), "Sign in by email address (or username)"),
    username: opt(text(100), "Sign in by username (or email_address)"),
    password: opt(text(128), "The password, in plain text (required unless override_password_requirement is Y)"),
    override_password_requirement: opt(flag(), "Y signs in by email_address without a password (third-party sign-in)"),
    ip_address: opt(z.union([z.ipv4(), z.ipv6()], { error: "must be an IPv4 or IPv6 address" }), "Recorded in the login history"),
    url: opt(url(), "Recorded in the login history"),
    temporary_token: opt(text(200), "A token from User/CreateToken or third-party sign-in, sent alone"),
  })
  .superRefine((v, c) => {
    if (v.temporary_token) {
      for (const p of ["email_address", "username", "password"] as const) {
        if (v[p]) invalid(c.issues, p, "must not be sent with temporary_token", v);
      }
    } else if (v.override_password_requirement === "Y") {
      if (v.username) invalid(c.issues, "username", "cannot be used with override_password_requirement; send email_address", v);
      else if (!v.email_address) missing(c.issues, "email_address", "is required when override_password_requirement is Y", v);
    } else {
      if (!v.email_address && !v.username) missing(c.issues, "email_address", "or username is required", v);
      else if (!v.password) missing(c.issues, "password", "is required unless override_password_requirement is Y", v);
    }
  });

export const CreateTokenParams = z.object({
  customer_account_id: req(id(), "The customer account of the user", { refersTo: "Account" }),
  user_id: userId("The user the token signs in"),
  expiration: opt(integer({ min: 1, max: 10 }), "Minutes the token stays valid, 1 to 10 (default 1)"),
  cfp_redirect: opt(
    text(200).regex(/^[A-Za-z0-9][A-Za-z0-9_\-/.]*$/, { error: "must be a location in the portal, like subscribe" }),
    "Where in the Customer Facing Portal the sign-in link lands, like subscribe",
  ),
});

const METHODS = ["email", "sms", "call"] as const;
const method = () => oneOf(METHODS);

export const RequestVerificationParams = z.object({
  verification_user_id: userId("The user to verify"),
  verification_method: req(method(), "email, sms or call (SMS and calls may cost extra)", { example: "email" }),
});

export const VerifyCodeParams = z
  .object({
    verification_user_id: userId("The user being verified"),
    verification_code: req(text(64), "The code the user received: 35 characters by email, 6 digits by SMS or call", { example: "123456" }),
    verification_method: req(method(), "email, sms or call: how the code was sent", { example: "sms" }),
    force_verification: opt(flag(), "Y verifies without a correct code: verification_code is still sent (spec: req) but any value is accepted"),
  })
  .superRefine((v, c) => {
    // Forced verification takes any code, so its shape is not checked either.
    if (v.force_verification === "Y") return;
    const ok = v.verification_method === "email" ? EMAIL_CODE_PATTERN.test(v.verification_code) : PHONE_CODE_PATTERN.test(v.verification_code);
    if (!ok) {
      const shape = v.verification_method === "email" ? "the 35-character code from the email" : "the 6-digit code we sent you";
      invalid(c.issues, "verification_code", `must be ${shape}`, v);
    }
  });

export const ResetPasswordParams = z
  .object({
    email_address: opt(email(), "The user's email address (or username)"),
    username: opt(text(100), "The user's username (or email_address)"),
  })
  .superRefine((v, c) => {
    if (v.email_address && v.username) invalid(c.issues, "username", "must not be sent together with email_address; send one of them", v);
    else if (!v.email_address && !v.username) missing(c.issues, "email_address", "or username is required", v);
  });

export const StartOAuthParams = z.object({
  identity_service: req(oneOf(IDENTITY_SERVICES), `The identity provider: ${IDENTITY_SERVICES.join(" or ")}`, { example: "google" }),
  redirect_uri: req(url(), "Where the user lands after signing in; temporary_token is appended", { example: "https://example.com/signed-in" }),
  failure_uri: req(url(), "Where the user lands on failure or cancellation, with ?error=<message>", { example: "https://example.com/sign-in" }),
  create_if_not_exists: req(flag(), "Y creates a customer account and user when none has the provider's email", { example: "N" }),
});

export type ListUsersInput = z.output<typeof ListUsersParams>;
export type CreateUserInput = z.output<typeof CreateUserParams>;
export type UpdateUserInput = z.output<typeof UpdateUserParams>;
export type UserIdInput = z.output<typeof UserIdParams>;
export type AuthenticateUserInput = z.output<typeof AuthenticateUserParams>;
export type CreateTokenInput = z.output<typeof CreateTokenParams>;
export type RequestVerificationInput = z.output<typeof RequestVerificationParams>;
export type VerifyCodeInput = z.output<typeof VerifyCodeParams>;
export type ResetPasswordInput = z.output<typeof ResetPasswordParams>;
export type StartOAuthInput = z.output<typeof StartOAuthParams>;
