import { eq } from "drizzle-orm";
import { customerUsers } from "../../db/schema";
import { findAccount } from "../accounts/queries";
import type { Context } from "../auth/context";
import { emit } from "../outbox/emit";
import { localTime, userEventPayload } from "./events";
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
    const account = await findAccount(ctx, user.customerAccountId);
    await emit(ctx, {
      type: "User/PasswdReset",
      payload: userEventPayload(account, user, {
        temporary_password: temporaryPassword,
        temporary_password_expires: localTime(expiresAt, ctx.brand.timezoneId),
      }),
    });
  }
  return { message: "If a user with these details exists, a temporary password valid for one hour has been sent to its email address." };
}
