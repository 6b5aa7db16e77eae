import { pgTable, uuid, text, timestamp, index, uniqueIndex, integer } from "drizzle-orm/pg-core";

const created = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** The customer of ours: owns up to ten brands, its staff users and its API keys. */
export const serviceAccounts = pgTable("service_accounts", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: created(),
});

/** Brand staff; `user_key_hash` authenticates API calls made on a staff user's behalf. */
export const staffUsers = pgTable(
  "staff_users",
  {
    id: uuid("id").primaryKey(),
    serviceAccountId: uuid("service_account_id")
      .notNull()
      .references(() => serviceAccounts.id),
    email: text("email").notNull(),
    name: text("name").notNull(),
    accessLevel: text("access_level", { enum: ["ADMIN", "USER"] }).notNull(),
    userKeyHash: text("user_key_hash").notNull(),
    userKeyPrefix: text("user_key_prefix").notNull(),
    /** When the current user_key was issued (null: before 0017, or issued with the user). */
    userKeyCreatedAt: timestamp("user_key_created_at", { withTimezone: true }),
    /** Written at most once a minute per process (lib/auth/context.ts), so reading it costs nothing per request. */
    userKeyLastUsedAt: timestamp("user_key_last_used_at", { withTimezone: true }),
    createdAt: created(),
    /** Set when the staff user is disabled: neither their API credentials nor a session work. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** argon2id hash of the dashboard password; null: the user cannot sign in to the dashboard. */
    passwordHash: text("password_hash"),
    /** Base32 TOTP secret, sealed at rest (lib/staff/totp.ts); pending until totp_enabled_at is set. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The 30-second step of the last TOTP code used: a code is accepted once (lib/staff/totp.ts). */
    totpLastStep: integer("totp_last_step"),
    /** Dashboard sign-in attempts claimed since the last success (lib/staff/sign-in.ts). */
    failedSignIns: integer("failed_sign_ins").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [uniqueIndex("staff_users_user_key_hash").on(t.userKeyHash), uniqueIndex("staff_users_account_email").on(t.serviceAccountId, t.email)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey(),
    serviceAccountId: uuid("service_account_id")
      .notNull()
      .references(() => serviceAccounts.id),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull(),
    keyPrefix: text("key_prefix").notNull(),
    createdAt: created(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Written at most once a minute per process (lib/auth/context.ts), so reading it costs nothing per request. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_keys_key_hash").on(t.keyHash), index("api_keys_account").on(t.serviceAccountId)],
);

/**
 * Single-use links emailed to a staff user: an invitation to set a first password, or a password
 * reset. Only the hash of the token is kept; using one (or setting a password) spends every other.
 */
export const staffTokens = pgTable(
  "staff_tokens",
  {
    id: uuid("id").primaryKey(),
    staffUserId: uuid("staff_user_id")
      .notNull()
      .references(() => staffUsers.id),
    purpose: text("purpose", { enum: ["invite", "reset"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [uniqueIndex("staff_tokens_hash").on(t.tokenHash), index("staff_tokens_staff_user").on(t.staffUserId)],
);

/**
 * A dashboard sign-in (lib/auth/sessions.ts): the session cookie names its row and every request
 * checks it, so signing out (deleting it) ends that session on every instance.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: uuid("id").primaryKey(),
    staffUserId: uuid("staff_user_id")
      .notNull()
      .references(() => staffUsers.id),
    createdAt: created(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_sessions_user").on(t.staffUserId)],
);
