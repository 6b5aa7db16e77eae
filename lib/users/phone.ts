import type { UserRow } from "./read";

/** The user's phone in E.164 (+<country code><digits>), or null when it cannot be dialled. */
export function dialableNumber(user: UserRow) {
  if (!user.phoneNumber) return null;
  const digits = user.phoneNumber.replace(/\D/g, "");
  if (user.phoneNumberCountryCode) return `+${user.phoneNumberCountryCode}${digits}`;
  return user.phoneNumber.trim().startsWith("+") ? `+${digits}` : null;
}

/** Shown back to the caller without revealing the whole address: "j***@example.com", "***1234". */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, "$1***");
export const maskPhone = (e164: string) => `***${e164.slice(-4)}`;
