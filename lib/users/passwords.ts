import { hash, verify } from "@node-rs/argon2";
import { randomString } from "./secrets";

/** argon2id with the library defaults (19 MiB, 2 passes: the OWASP baseline). */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(storedHash: string, password: string) {
  try {
    return await verify(storedHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

// Verified against when no user matched, so an unknown user costs as much time as a wrong password.
let decoy: Promise<string> | undefined;
export async function spendVerifyTime(password: string) {
  decoy ??= hash(randomString(24));
  await verifyPassword(await decoy, password);
}

/** A password for users created without one; it reaches them only through the outbox email. */
export const randomPassword = () => randomString(16);
