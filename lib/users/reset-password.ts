import { eq } from "drizzle-orm";
import { customerUsers } from "../../db/schema";
import type { Context } from "../auth/context";
import { emit } from "../outbox/emit";
import { hashPassword, randomPassword } from "./passwords";
import { usersSigningInAs } from "./queries";
import type { ResetPasswordInput } from "./schemas";

/** A temporary password signs in for this long (spec, Limits). */
export const TEMP_PASSWORD_MINUTES = 60;

/**
 * User/PasswdReset: a temporary password valid for one hour, emailed through the User/PasswdReset
 * event; the usual password keeps working. The answer is the same whether or not a user matched,
 * so it cannot be used to find out who has an account.
 */
export async function resetPassword({ ctx, input }: { ctx: Context; input: ResetPasswordInput }) {
  const users = (await usersSigningInAs(ctx, { email: input.email_address, username: input.username })).filter((c) => c.active);
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + TEMP_PASSWORD_MINUTES * 60_000);
  for (const { user } of users) {
    const temporaryPassword = randomPassword();
    await ctx.db
      .update(customerUsers)
      .set({ tempPasswordHash: await hashPassword(temporaryPassword), tempPasswordExpiresAt: expiresAt, updatedAt: now })
      .where(eq(customerUsers.id, user.id));
    await emit(ctx, {
      type: "User/PasswdReset",
      payload: {
        user_id: user.id,
        customer_account_id: user.customerAccountId,
        username: user.username,
        email_address: user.emailAddress,
        first_name: user.firstName,
        last_name: user.lastName,
        temporary_password: temporaryPassword,
        expires: expiresAt.toISOString(),
      },
    });
  }
  return { message: "If a user with these details exists, a temporary password valid for one hour has been sent to its email address." };
}
