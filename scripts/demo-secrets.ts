/**
 * The secrets a local demo keeps in .data/ when the environment does not set them (production sets
 * them): npm start and npm run bootstrap both use them, so a gateway sealed by one opens in the other.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { DEV_SECRET_FILE } from "../lib/auth/customer-session";

/** A secret a local demo keeps beside its data when the environment does not set one (production sets them). */
function demoSecret(names: string[], file: string, encoding: "base64" | "base64url") {
  if (names.some((n) => process.env[n])) return;
  if (!existsSync(file)) {
    mkdirSync(".data", { recursive: true });
    writeFileSync(file, randomBytes(32).toString(encoding), { mode: 0o600 });
  }
  process.env[names[0]] = readFileSync(file, "utf8").trim();
  console.log(`Using the demo ${names[0]} in ${file} (set ${names[0]} in production).`);
}
/** Gateway credentials are encrypted at rest (32 bytes, base64); dashboard and portal sessions are signed JWTs. */
export function loadDemoSecrets() {
  demoSecret(["GATEWAY_ENCRYPTION_KEY"], ".data/gateway-encryption.key", "base64");
  demoSecret(["NEXTAUTH_SECRET", "AUTH_SECRET"], ".data/nextauth-secret", "base64url");
  // Portal sessions are signed with PORTAL_SESSION_SECRET (the server reads the same file when it is unset).
  demoSecret(["PORTAL_SESSION_SECRET"], DEV_SECRET_FILE, "base64url");
}
