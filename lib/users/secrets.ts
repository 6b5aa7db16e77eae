import { randomInt, timingSafeEqual } from "node:crypto";
import { hashSecret } from "../ids";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Uniformly random characters (randomInt has no modulo bias). */
export function randomString(length: number, alphabet = ALPHANUMERIC) {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export const randomDigits = (length: number) => randomString(length, "0123456789");

/** Email verification codes: 35 characters (spec, Limits). */
export const EMAIL_CODE_LENGTH = 35;
export const EMAIL_CODE_PATTERN = /^[A-Za-z0-9]{35}$/;
/** SMS and call codes: 6 digits (spec, Limits). */
export const PHONE_CODE_PATTERN = /^\d{6}$/;

/** Compares a presented secret with a stored SHA-256 hash in constant time. */
export function matchesHash(secret: string, storedHash: string) {
  const a = Buffer.from(hashSecret(secret), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
