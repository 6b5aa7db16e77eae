/**
 * npm start: migrate, make sure the demo exists, build the app when there is no build or a source
 * changed after it, serve it with scripts/serve.js (`npm run serve`) on PORT (default 3000), and once
 * the server answers print the sign-in block last (API keys, the dashboard's email and password, a
 * portal link minted then, so its 10 minutes start when it can be used). With DATABASE_URL set (a
 * real deployment) the block names no key, password or link: they would sit in the server's log;
 * `npm run bootstrap` prints them on demand. The embedded demo prints them.
 */
import { spawn, spawnSync } from "node:child_process";
import { portalLines, seedForStart, startLines, type PreparedDemo } from "./bootstrap";
import { staleBuild } from "./build-freshness";
import { loadDemoSecrets } from "./demo-secrets";

// Set before the demo is made: its sandbox gateway's credentials are sealed with the gateway key.
loadDemoSecrets();

const demo = await seedForStart();
const why = staleBuild();
if (why) {
  console.log(`Building the app (${why})…`);
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const port = process.env.PORT || "3000";
const server = spawn(process.execPath, ["scripts/serve.js"], { stdio: "inherit", env: { ...process.env, PORT: port } });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

const local = `http://127.0.0.1:${port}`;
if (await answers(`${local}/api/health`)) {
  const lines = await startLines(demo, portal);
  // The server logs each request as it ends: let the link's line pass before the block.
  await new Promise((r) => setTimeout(r, 500));
  console.log(lines.join("\n"));
}

/** Polls until the server answers 200 (up to two minutes). */
async function answers(url: string) {
  for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    if (server.exitCode !== null) return false;
    if ((await fetch(url).catch(() => null))?.ok) return true;
  }
  console.log(`The server did not answer ${url} within two minutes.`);
  return false;
}

/** The portal lines, with a link minted now through the API (User/CreateToken) as the demo ADMIN. */
async function portal({ credentials: c, customer }: PreparedDemo) {
  if ("error" in customer || !c.key || !c.user_key) return portalLines(customer, null);
  const answer = await fetch(`${local}/api/json/User/CreateToken`, {
    method: "POST",
    headers: { "x-api-key": c.key, "x-user-key": c.user_key, "x-brand-id": c.brand_id },
    body: new URLSearchParams({ customer_account_id: customer.customerAccountId, user_id: customer.userId, expiration: "10" }),
  })
    .then((r) => r.json() as Promise<{ token?: { sign_in_url: string }; exception?: { message: string } }>)
    .catch((err: Error) => ({ token: undefined, exception: { message: err.message } }));
  if (answer.token?.sign_in_url) return portalLines(customer, answer.token.sign_in_url);
  return portalLines({ error: answer.exception?.message ?? "User/CreateToken did not answer a link" }, null);
}
