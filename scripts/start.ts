/**
 * npm start: migrate, make sure the demo brand exists and print its credentials, build the app if it
 * has not been built, then serve it with `next start` on PORT (default 3000).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import { seedForStart } from "./bootstrap";
import { DEV_SECRET_FILE, portalSessionSecret } from "../lib/auth/customer-session";

await seedForStart();
if (!existsSync(".next/BUILD_ID")) {
  console.log("Building the app (first start only)…");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// Gateway credentials are encrypted at rest; a local demo gets its own key, kept beside its data.
if (!process.env.GATEWAY_ENCRYPTION_KEY) {
  const keyFile = ".data/gateway-encryption.key";
  if (!existsSync(keyFile)) {
    mkdirSync(".data", { recursive: true });
    writeFileSync(keyFile, randomBytes(32).toString("base64"), { mode: 0o600 });
  }
  process.env.GATEWAY_ENCRYPTION_KEY = readFileSync(keyFile, "utf8").trim();
  console.log(`Using the demo gateway encryption key in ${keyFile} (set GATEWAY_ENCRYPTION_KEY in production).`);
}
// Portal sessions are signed with PORTAL_SESSION_SECRET; a local demo gets one generated in .data/.
if (!process.env.PORTAL_SESSION_SECRET) {
  portalSessionSecret();
  console.log(`Using the demo portal session secret in ${DEV_SECRET_FILE} (set PORTAL_SESSION_SECRET in production).`);
}
const port = process.env.PORT || "3000";
const server = spawn("npx", ["next", "start", "-p", port], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
