"use server";

import { requestPasswordReset, setPasswordWithLink } from "@/lib/staff/links";
import { logger } from "@/lib/log";

/**
 * Forgot password: always the same answer, whether or not the email belongs to a staff user, so
 * the form cannot be used to find out who has an account.
 */
export async function forgotPassword(email: unknown): Promise<{ ok: true }> {
  if (typeof email === "string") {
    try {
      await requestPasswordReset(email);
    } catch (error) {
      logger.error("password reset request failed", { error });
    }
  }
  return { ok: true };
}

/** Sets the password from an emailed link (invitation or reset). */
export async function choosePassword(token: unknown, password: unknown) {
  if (typeof token !== "string" || typeof password !== "string") return { ok: false as const, parameter: "password" as const, message: "Enter a password" };
  return setPasswordWithLink(token, password);
}
