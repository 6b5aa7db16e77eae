/**
 * npm run bootstrap [-- --json] [-- --new-keys]: creates (if not there yet) a service account, a demo
 * brand and an ADMIN staff user with an API key, and prints the credentials. Existing keys are never
 * changed: the database has only their hashes, so they are printed from the local file an earlier
 * run saved them in (DEMO_CREDENTIALS_FILE) when they still match, else reported as not shown;
 * --new-keys mints new ones and the earlier ones stop working. With --json the last stdout line is
 * {"key","user_key","brand_id","base_url","dashboard_url","staff_email","staff_password"} (keys and
 * password null when not shown; the demo ADMIN's password is kept in the same file, its hash in the database). Works on DATABASE_URL and on
 * the embedded database (stop the server first on the embedded one: PGlite allows one process at a time).
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/client";
import { config } from "../lib/config";
import { bootstrapDemo, type KnownCredentials } from "../lib/platform/bootstrap";
import { demoPortalLines } from "../lib/platform/demo-customer";

function readSaved(file: string): KnownCredentials | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

export async function runBootstrap(opts: { json: boolean; newKeys: boolean }) {
  const savedPath = config.demoCredentialsFile;
  const database = await openDatabase();
  try {
    await database.migrate();
    const creds = await bootstrapDemo(database.db, { known: readSaved(savedPath), newKeys: opts.newKeys });
    const out = {
      key: creds.key,
      user_key: creds.user_key,
      brand_id: creds.brand_id,
      base_url: `${config.publicUrl}/api`,
      dashboard_url: `${config.publicUrl}/dashboard`,
      staff_email: creds.staff_email,
      staff_password: creds.staff_password,
    };
    // Kept only while they are the database's keys and password: a file that does not match is left alone.
    if (out.key || out.staff_password) {
      mkdirSync(path.dirname(savedPath), { recursive: true });
      writeFileSync(savedPath, JSON.stringify(out, null, 2), { mode: 0o600 });
    }
    const portal = await demoPortalLines(database.db, creds.brand_id);
    const shown = (v: string | null) => v ?? "(issued earlier, not shown: only its hash is stored)";
    const lines = [
      "",
      creds.created
        ? "Created the demo service account, brand and ADMIN staff user."
        : creds.minted
          ? "The demo service account is ready, with new keys: the earlier ones no longer work."
          : "The demo service account is ready.",
      `  Database   ${database.driver === "pglite" ? `embedded (PGlite in ${config.pgliteDir})` : "PostgreSQL (DATABASE_URL)"}`,
      `  API        ${out.base_url}/{json|xml}/{Resource}/{Action}`,
      `  Docs       ${config.publicUrl}/docs`,
      `  key        ${shown(out.key)}`,
      `  user_key   ${shown(out.user_key)}`,
      `  brand_id   ${out.brand_id}`,
      "",
      `  Dashboard  ${out.dashboard_url}`,
      `  email      ${out.staff_email}`,
      `  password   ${out.staff_password ?? "(set earlier, not shown: only its hash is stored)"}`,
      "",
      ...(out.key
        ? [
            `Saved in ${savedPath}; restarts keep these keys and this password.`,
            "Try it:",
            `  curl -H 'X-Api-Key: ${out.key}' -H 'X-User-Key: ${out.user_key}' -H 'X-Brand-Id: ${out.brand_id}' ${out.base_url}/json/Brand/List`,
          ]
        : [
            `The existing keys are unchanged and keep working, but ${savedPath} does not hold them.`,
            "Keep using yours, or mint new ones (the current ones then stop working):  npm run bootstrap -- --new-keys",
          ]),
      "",
      ...portal,
    ];
    console.log(lines.join("\n"));
    if (opts.json) console.log(JSON.stringify(out));
    return out;
  } finally {
    await database.close();
  }
}

/** What `npm start` runs first: never changes existing credentials, so a restart keeps them. */
export const seedForStart = () => runBootstrap({ json: false, newKeys: false });

if (import.meta.url === `file://${process.argv[1]}`) {
  runBootstrap({ json: process.argv.includes("--json"), newKeys: process.argv.includes("--new-keys") }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
