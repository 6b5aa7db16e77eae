import { sql } from "drizzle-orm";
import { pgTable, uuid, text, timestamp, smallint, integer, bigint, index, uniqueIndex } from "drizzle-orm/pg-core";
import { brands } from "./brands";

const instant = (name: string) => timestamp(name, { withTimezone: true });
const brandId = () =>
  uuid("brand_id")
    .notNull()
    .references(() => brands.id);
/** The status ledger of lib/lifecycle.ts: 1 active, 2 suspended, 3 deleted. */
const status = () => smallint("status").notNull().default(1);

/** A brand's customer (spec: Customer account). */
export const customerAccounts = pgTable(
  "customer_accounts",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    emailAddress: text("email_address").notNull(),
    companyName: text("company_name"),
    ccEmailAddress: text("cc_email_address"),
    phoneNumberCountryCode: text("phone_number_country_code"),
    phoneNumber: text("phone_number"),
    address: text("address"),
    address2: text("address_2"),
    unit: text("unit"),
    unitType: text("unit_type"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    /** ISO 3166 alpha-2; null only for accounts signed up through a third-party identity provider. */
    country: text("country"),
    locale: text("locale").notNull(),
    timezoneId: text("timezone_id").notNull(),
    taxId: text("tax_id"),
    taxExempt: text("tax_exempt", { enum: ["Y", "N"] })
      .notNull()
      .default("N"),
    taxExemptReason: text("tax_exempt_reason"),
    customField1: text("custom_field_1"),
    customField2: text("custom_field_2"),
    /** Random five-digit number support staff ask for to verify a caller. */
    securityCode: text("security_code").notNull(),
    emailVerificationCode: text("email_verification_code").notNull(),
    /** Prepaid credit in cents, spent by later billing issues. */
    prepaidBalance: bigint("prepaid_balance", { mode: "number" }).notNull().default(0),
    status: status(),
    deletedAt: instant("deleted_at"),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [
    // email_address is unique per brand, compared case-insensitively (spec, Errors 6).
    uniqueIndex("customer_accounts_brand_email").on(t.brandId, sql`lower(${t.emailAddress})`),
    index("customer_accounts_brand_created").on(t.brandId, t.createdAt),
  ],
);

/** End users who sign in for a customer account (spec: User). */
export const customerUsers = pgTable(
  "customer_users",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    customerAccountId: uuid("customer_account_id")
      .notNull()
      .references(() => customerAccounts.id),
    username: text("username").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    emailAddress: text("email_address").notNull(),
    accessLevel: text("access_level", { enum: ["ADMIN", "USER"] }).notNull(),
    phoneNumberCountryCode: text("phone_number_country_code"),
    phoneNumber: text("phone_number"),
    locale: text("locale").notNull(),
    timezoneId: text("timezone_id").notNull(),
    avatarUri: text("avatar_uri"),
    customField1: text("custom_field_1"),
    customField2: text("custom_field_2"),
    verified: text("verified", { enum: ["Y", "N"] })
      .notNull()
      .default("N"),
    lastPhoneVerificationDate: instant("last_phone_verification_date"),
    lastEmailVerificationDate: instant("last_email_verification_date"),
    /** argon2id; never leaves lib/users. */
    passwordHash: text("password_hash").notNull(),
    /** User/PasswdReset: a second password that signs in until it expires (one hour). */
    tempPasswordHash: text("temp_password_hash"),
    tempPasswordExpiresAt: instant("temp_password_expires_at"),
    /** Consecutive failed sign-ins; reaching the limit sets locked_until (slows guessing). */
    failedSignIns: integer("failed_sign_ins").notNull().default(0),
    lockedUntil: instant("locked_until"),
    status: status(),
    deletedAt: instant("deleted_at"),
    createdAt: instant("created_at").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("customer_users_brand_username").on(t.brandId, sql`lower(${t.username})`),
    // email_address is unique on the customer account (spec, Errors 6).
    uniqueIndex("customer_users_account_email").on(t.customerAccountId, sql`lower(${t.emailAddress})`),
    index("customer_users_brand_email").on(t.brandId, sql`lower(${t.emailAddress})`),
  ],
);

/** Successful sign-ins, returned as login_history by User/List with user_id. */
export const customerUserLogins = pgTable(
  "customer_user_logins",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => customerUsers.id),
    method: text("method", { enum: ["password", "temporary_password", "override", "temporary_token"] }).notNull(),
    ipAddress: text("ip_address"),
    url: text("url"),
    loggedInAt: instant("logged_in_at").notNull(),
  },
  (t) => [index("customer_user_logins_user").on(t.userId, t.loggedInAt)],
);

/** Single-use sign-in tokens (User/CreateToken, third-party sign-in), stored as SHA-256. */
export const customerUserTokens = pgTable(
  "customer_user_tokens",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => customerUsers.id),
    tokenHash: text("token_hash").notNull(),
    source: text("source", { enum: ["create_token", "oauth"] }).notNull(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [uniqueIndex("customer_user_tokens_hash").on(t.tokenHash), index("customer_user_tokens_user").on(t.userId)],
);

/** Two-factor verification codes (User/2FARequest), stored as SHA-256, single-use, short-lived. */
export const customerUserCodes = pgTable(
  "customer_user_codes",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => customerUsers.id),
    method: text("method", { enum: ["email", "sms", "call"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    /** Guesses against this code, each counted before it is checked; MAX_CODE_ATTEMPTS of them retire it. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [index("customer_user_codes_user").on(t.userId, t.method, t.createdAt)],
);

/** A portal sign-in (lib/auth/sessions.ts): the session cookie names its row; signing out deletes it. */
export const customerSessions = pgTable(
  "customer_sessions",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => customerUsers.id),
    createdAt: instant("created_at").notNull().defaultNow(),
    expiresAt: instant("expires_at").notNull(),
  },
  (t) => [index("customer_sessions_user").on(t.userId)],
);

/** A third-party sign-in in progress (User/OAuthAuthenticate until the provider calls back). */
export const customerOAuthFlows = pgTable(
  "customer_oauth_flows",
  {
    id: uuid("id").primaryKey(),
    brandId: brandId(),
    identityService: text("identity_service").notNull(),
    state: text("state").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    failureUri: text("failure_uri").notNull(),
    createIfNotExists: text("create_if_not_exists", { enum: ["Y", "N"] }).notNull(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [uniqueIndex("customer_oauth_flows_state").on(t.state)],
);
