import { randomInt } from "node:crypto";
import { customerAccounts } from "../../db/schema";
import type { Context } from "../auth/context";
import { hashSecret, newId } from "../ids";
import { emit } from "../outbox/emit";
import { customerPayload } from "../accounts/customer";
import { userFields } from "./events";
import { insertUser } from "./insert-user";
import { EMAIL_CODE_LENGTH, randomString } from "./secrets";
import { accountEmailTaken, assertAccountEmailFree, refusingDuplicates } from "../accounts/queries";
import type { AccountRow } from "../accounts/columns";

export type NewAccount = Omit<
  typeof customerAccounts.$inferInsert,
  "id" | "brandId" | "securityCode" | "emailVerificationCode" | "createdAt" | "updatedAt" | "status" | "deletedAt"
>;

export interface OpenAccountOptions {
  /** The initial user's password; random when absent. */
  password?: string | null;
  /** Y: no Account/Create event; N or blank: the event, whose delivery applies the notification's settings. */
  skipNotification?: "Y" | "N" | null;
  /** Whether a generated password goes into the welcome email (not for third-party sign-ups). */
  sendGeneratedPassword: boolean;
}

/**
 * Creates an account with its initial user (the account's ADMIN), as Account/Create and third-party
 * sign-up do. It makes a user, so it lives with users, which stand on accounts (never the reverse).
 */
export async function openAccount(ctx: Context, fields: NewAccount, opts: OpenAccountOptions) {
  await assertAccountEmailFree(ctx, fields.emailAddress);
  const now = ctx.now();
  // Kept only as its SHA-256 hash (like every code); Account/Create shows it once, in its answer.
  const emailVerificationCode = randomString(EMAIL_CODE_LENGTH);
  const values: typeof customerAccounts.$inferInsert = {
    ...fields,
    id: newId(),
    brandId: ctx.brand.id,
    securityCode: String(randomInt(10_000, 100_000)),
    emailVerificationCode: hashSecret(emailVerificationCode),
    createdAt: now,
    updatedAt: now,
  };
  const [account]: AccountRow[] = await refusingDuplicates(
    () => ctx.db.insert(customerAccounts).values(values).returning(),
    "customer_accounts_brand_email",
    accountEmailTaken,
  );
  const { user, generatedPassword } = await insertUser(
    ctx,
    {
      customerAccountId: account.id,
      firstName: account.firstName,
      lastName: account.lastName,
      emailAddress: account.emailAddress,
      accessLevel: "ADMIN",
      phoneNumberCountryCode: account.phoneNumberCountryCode,
      phoneNumber: account.phoneNumber,
      locale: account.locale,
      timezoneId: account.timezoneId,
    },
    opts.password,
  );
  if (opts.skipNotification !== "Y") {
    // To the account holder (who is the initial user) and the account's cc_email_address.
    await emit(ctx, {
      type: "Account/Create",
      payload: {
        ...customerPayload(account),
        user: userFields(user, opts.sendGeneratedPassword && generatedPassword ? { initial_password: generatedPassword } : {}),
      },
    });
  }
  return { account, user, emailVerificationCode };
}
