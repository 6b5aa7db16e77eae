/**
 * npm run bootstrap [-- --json]: creates (if not there yet) a service account, a demo brand and an
 * ADMIN staff user with an API key, and prints the credentials. With --json the last stdout line is
 * {"key","user_key","brand_id","base_url"}. Works on DATABASE_URL and on the embedded database
 * (stop the server first when it runs on the embedded one: PGlite allows one process at a time).
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/client";
import { config } from "../lib/config";
import { bootstrapDemo, type IssuedCredentials } from "../lib/platform/bootstrap";

const savedPath = path.join(config.databaseUrl ? ".data" : config.pgliteDir, "..", "demo-credentials.json");

function readSaved(): IssuedCredentials | undefined {
  try {
    return JSON.parse(readFileSync(savedPath, "utf8"));
  } catch {
    return undefined;
  }
}

export async function runBootstrap(json: boolean) {
  const database = await openDatabase();
  try {
    await database.migrate();
    const creds = await bootstrapDemo(database.db, config.databaseUrl ? undefined : readSaved());
    const out = { key: creds.key, user_key: creds.user_key, brand_id: creds.brand_id, base_url: `${config.publicUrl}/api` };
    if (!config.databaseUrl) {
      mkdirSync(path.dirname(savedPath), { recursive: true });
      writeFileSync(savedPath, JSON.stringify(out, null, 2), { mode: 0o600 });
    }
    const lines = [
      "",
      creds.created ? "Created the demo service account, brand and ADMIN staff user." : "The demo service account is ready.",
      `  Database   ${database.driver === "pglite" ? `embedded (PGlite in ${config.pgliteDir})` : "PostgreSQL (DATABASE_URL)"}`,
      `  API        ${out.base_url}/{json|xml}/{Resource}/{Action}`,
      `  Docs       ${config.publicUrl}/docs`,
      `  key        ${out.key}`,
      `  user_key   ${out.user_key}`,
      `  brand_id   ${out.brand_id}`,
      "",
      "Try it:",
      `  curl -H 'X-Api-Key: ${out.key}' -H 'X-User-Key: ${out.user_key}' -H 'X-Brand-Id: ${out.brand_id}' ${out.base_url}/json/Brand/List`,
      "",
    ];
    console.log(lines.join("\n"));
    if (json) console.log(JSON.stringify(out));
    return out;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runBootstrap(process.argv.includes("--json")).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
