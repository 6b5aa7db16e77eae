import { customerUsers } from "../../db/schema";
import { inBrand } from "../../db/scope";
import { refusingDuplicates, sameText } from "../accounts/queries";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import { hashPassword, randomPassword } from "./passwords";
import { assertUserEmailFree, userEmailTaken } from "./queries";
import { randomDigits } from "./secrets";
import type { UserRow } from "./read";

export type NewUser = Omit<typeof customerUsers.$inferInsert, "id" | "brandId" | "username" | "passwordHash" | "createdAt" | "updatedAt">;

/**
 * Adds a user to an account with a generated username. Answers the password too when it was
 * generated here, so the caller can send it in the welcome email (and only then).
 */
export async function insertUser(ctx: Context, fields: NewUser, password?: string | null): Promise<{ user: UserRow; generatedPassword?: string }> {
  await assertUserEmailFree(ctx, fields.customerAccountId, fields.emailAddress);
  const generatedPassword = password ? undefined : randomPassword();
  const now = ctx.now();
  const values = {
    ...fields,
    id: newId(),
    brandId: ctx.brand.id,
    username: await generateUsername(ctx, `${fields.firstName}${fields.lastName}`),
    passwordHash: await hashPassword(password ?? generatedPassword!),
    createdAt: now,
    updatedAt: now,
  };
  const [user] = await refusingDuplicates(() => ctx.db.insert(customerUsers).values(values).returning(), "customer_users_account_email", userEmailTaken);
  return { user, generatedPassword };
}

/** Letters of the name plus random digits, e.g. "janedoe48213"; never one used before in the brand. */
async function generateUsername(ctx: Context, name: string) {
  const base =
    name
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]/g, "")
      .toLowerCase()
      .slice(0, 12) || "user";
  for (let digits = 5; ; digits++) {
    const candidate = `${base}${randomDigits(digits)}`;
    const [taken] = await ctx.db
      .select({ id: customerUsers.id })
      .from(customerUsers)
      .where(inBrand(ctx, customerUsers, sameText(customerUsers.username, candidate)))
      .limit(1);
    if (!taken) return candidate;
  }
}
