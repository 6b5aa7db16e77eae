import type { customerUserLogins, customerUsers } from "../../db/schema";
import type { Status } from "../lifecycle";

export type UserRow = typeof customerUsers.$inferSelect;
export type LoginRow = typeof customerUserLogins.$inferSelect;

/**
 * Customer users as every reader gets them (the dashboard, the portal's account page, the API's
 * List through toWire in ./view.ts, which only lib/api calls): built field by field so no password
 * hash, temporary password or lock can slip out; the Y/N flag as a boolean, instants as Dates, the
 * status as the ledger names it (db/schema/status.ts).
 */
export interface UserRead {
  id: string;
  customerAccountId: string;
  username: string;
  firstName: string;
  lastName: string;
  emailAddress: string;
  accessLevel: "ADMIN" | "USER";
  phoneNumberCountryCode: string | null;
  phoneNumber: string | null;
  locale: string;
  timezoneId: string;
  avatarUri: string | null;
  customField1: string | null;
  customField2: string | null;
  /** Two-step verification is on (the user verifies each sign-in with a code). */
  verified: boolean;
  lastPhoneVerificationAt: Date | null;
  lastEmailVerificationAt: Date | null;
  status: Status;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

/** A sign-in of a user (User/List by user_id: login_history). */
export interface LoginRead {
  loggedInAt: Date;
  method: LoginRow["method"];
  ipAddress: string | null;
  url: string | null;
}

export const readUser = (u: UserRow): UserRead => ({
  id: u.id,
  customerAccountId: u.customerAccountId,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  emailAddress: u.emailAddress,
  accessLevel: u.accessLevel,
  phoneNumberCountryCode: u.phoneNumberCountryCode,
  phoneNumber: u.phoneNumber,
  locale: u.locale,
  timezoneId: u.timezoneId,
  avatarUri: u.avatarUri,
  customField1: u.customField1,
  customField2: u.customField2,
  verified: u.verified === "Y",
  lastPhoneVerificationAt: u.lastPhoneVerificationDate,
  lastEmailVerificationAt: u.lastEmailVerificationDate,
  status: u.status as Status,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
  deletedAt: u.deletedAt,
});

export const readLogin = (l: LoginRow): LoginRead => ({ loggedInAt: l.loggedInAt, method: l.method, ipAddress: l.ipAddress, url: l.url });
