/**
 * npm start: migrate, make sure the demo brand exists and print its credentials, build the app if it
 * has not been built, then serve it with `next start` on PORT (default 3000).
 */
import { existsSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import { runBootstrap } from "./bootstrap";

await runBootstrap(false);
if (!existsSync(".next/BUILD_ID")) {
  console.log("Building the app (first start only)…");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const port = process.env.PORT || "3000";
const server = spawn("npx", ["next", "start", "-p", port], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
