/**
 * npm start: migrate, make sure the demo brand exists and print its credentials (API keys, and the
 * dashboard's URL, email and password), build the app if it has not been built, then serve it with
 * scripts/serve.js (`npm run serve`, the built app as `next start` serves it) on PORT (default 3000).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import { seedForStart } from "./bootstrap";
import { DEV_SECRET_FILE } from "../lib/auth/customer-session";

await seedForStart();
if (!existsSync(".next/BUILD_ID")) {
  console.log("Building the app (first start only)…");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
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
// Gateway credentials are encrypted at rest (32 bytes, base64); dashboard and portal sessions are signed JWTs.
demoSecret(["GATEWAY_ENCRYPTION_KEY"], ".data/gateway-encryption.key", "base64");
demoSecret(["NEXTAUTH_SECRET", "AUTH_SECRET"], ".data/nextauth-secret", "base64url");
// Portal sessions are signed with PORTAL_SESSION_SECRET (the server reads the same file when it is unset).
demoSecret(["PORTAL_SESSION_SECRET"], DEV_SECRET_FILE, "base64url");
const port = process.env.PORT || "3000";
const server = spawn(process.execPath, ["scripts/serve.js"], { stdio: "inherit", env: { ...process.env, PORT: port } });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
