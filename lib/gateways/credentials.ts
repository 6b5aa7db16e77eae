import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { DomainError } from "../errors";
import { logger } from "../log";

/**
 * Gateway credentials at rest: AES-256-GCM under GATEWAY_ENCRYPTION_KEY (32 random bytes, base64;
 * e.g. `openssl rand -base64 32`). Without it, outside production, a fixed development key derived
 * from a public string is used, with a warning: fine for tests and demos, worthless as protection.
 * Stored as "v1:" + base64(iv | tag | ciphertext); the record's identity is the associated data, so
 * a ciphertext copied onto another gateway or field does not decrypt.
 */
const VERSION = "v1";
const DEVELOPMENT_KEY = createHash("sha256").update("recurring-billing development gateway key (public, not secret)").digest();

let warned = false;

function encryptionKey(): Buffer {
  const configured = process.env.GATEWAY_ENCRYPTION_KEY;
  if (configured) {
    const key = Buffer.from(configured, "base64");
    if (key.length !== 32) throw new DomainError("INTERNAL", "GATEWAY_ENCRYPTION_KEY must be 32 bytes, base64-encoded");
    return key;
  }
  if (process.env.NODE_ENV === "production") {
    throw new DomainError("INTERNAL", "Gateway credentials cannot be used: the server has no GATEWAY_ENCRYPTION_KEY configured");
  }
  if (!warned) {
    warned = true;
    logger.error("GATEWAY_ENCRYPTION_KEY is not set: gateway credentials are encrypted with the fixed development key; set it outside development");
  }
  return DEVELOPMENT_KEY;
}

export function sealCredential(plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64")}`;
}

export function openCredential(sealed: string, context: string): string {
  const [version, body] = sealed.split(":");
  if (version !== VERSION || !body) throw new Error("unknown credential format");
  const raw = Buffer.from(body, "base64");
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

/** What the API shows of a credential: its last four characters, and only when that gives little away. */
export const maskCredential = (plain: string) => (plain.length >= 12 ? `****${plain.slice(-4)}` : "****");

/** Associated data binding a ciphertext to one gateway's field. */
export const credentialContext = (gateway: { brandId: string; id: string }, field: "credentials_1" | "credentials_2") =>
  `${gateway.brandId}/${gateway.id}/${field}`;
