/**
 * npm run bootstrap [-- --json] [-- --new-keys]: creates (if not there yet) a service account, a demo
 * brand and an ADMIN staff user with an API key, and prints the credentials. Existing keys are never
 * changed: the database has only their hashes, so they are printed from the local file an earlier
 * run saved them in (DEMO_CREDENTIALS_FILE) when they still match, else reported as not shown;
 * --new-keys mints new ones and the earlier ones stop working. With --json the last stdout line is
 * {"key","user_key","brand_id","base_url","dashboard_url","staff_email","staff_password"} (keys and
 * password null when not shown; the demo ADMIN's password is kept in the same file, its hash in the database). Works on DATABASE_URL and on
 * the embedded database (stop the server first on the embedded one: PGlite allows one process at a time).
 * Runs as the connecting owner on purpose (docs/security.md): it migrates and sets up row-level
 * security. The demo's rows are made scoped all the same: the service account, brand, staff user and
 * keys have no brand_id (lib/platform/bootstrap.ts), the rest goes through verbs or reads under the brand.
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { closeDatabase, getDatabase } from "../db/client";
import { config } from "../lib/config";
import { loadDemoSecrets } from "./demo-secrets";
import { bootstrapDemo, type KnownCredentials } from "../lib/platform/bootstrap";
import { DEMO_CUSTOMER_EMAIL, demoSignInLink, ensureDemoCustomer, ensureDemoGateway, type DemoCustomer } from "../lib/platform/demo-customer";
import { ensureDemoSandbox, SANDBOX_BRAND_NAME } from "./demo-sandbox";
import { sealBrandSecrets } from "../lib/webhooks/post";

function readSaved(file: string): KnownCredentials | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

export interface PreparedDemo {
  credentials: BootstrapOutput;
  /** The credentials' lines (API, dashboard), without the portal's. */
  lines: string[];
  /** The demo customer, or why there is none (the portal demo never fails a start). */
  customer: DemoCustomer | { error: string };
  /** The sandbox brand whose test clock rehearsed a year, or why there is none (never fails a start either). */
  sandbox: { brandId: string; created: boolean; seconds: number } | { error: string };
  /**
   * Whether the lines show the keys, the password and (for start) a portal link. Always for
   * `npm run bootstrap`; for `npm start` only on the embedded database (the local demo): with
   * DATABASE_URL (a real deployment) the server's log never holds them, and bootstrap shows them.
   */
  reveal: boolean;
}

export interface BootstrapOutput {
  key: string | null;
  user_key: string | null;
  brand_id: string;
  base_url: string;
  dashboard_url: string;
  staff_email: string;
  staff_password: string | null;
}

/**
 * Migrates, makes the demo (once: service account, brand with its sandbox gateway, ADMIN, demo
 * customer, and a second brand, a sandbox one with a rehearsed year: scripts/demo-sandbox.ts)
 * and says what to sign in with; `link` mints the demo customer's portal link while the
 * database is open (bootstrap), else the caller mints it later through the API (start).
 */
async function prepareDemo(opts: { newKeys: boolean; link: boolean; forStart?: boolean }): Promise<PreparedDemo & { portal: string[] }> {
  const savedPath = config.demoCredentialsFile;
  // The process-wide database (migrated as it opens): the test clock's billing runs use it too, and
  // a second PGlite on the same folder would corrupt it. Opened afresh, so it is the one the
  // environment names now (a test may have changed it); its callers close it (closeDatabase).
  await closeDatabase();
  const database = await getDatabase();
  // Signing secrets stored in clear before they were sealed (issue 28 item 5).
  await sealBrandSecrets(database.db);
  const creds = await bootstrapDemo(database.db, { known: readSaved(savedPath), newKeys: opts.newKeys });
  const out: BootstrapOutput = {
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
  let customer: PreparedDemo["customer"];
  let portal: string[] = [];
  try {
    await ensureDemoGateway(database.db, creds.brand_id);
    customer = await ensureDemoCustomer(database.db, creds.brand_id);
    if (opts.link) portal = portalLines(customer, (await demoSignInLink(database.db, creds.brand_id, customer)).url);
  } catch (err) {
    customer = { error: err instanceof Error ? err.message : String(err) };
    portal = portalLines(customer, null);
  }
  let sandbox: PreparedDemo["sandbox"];
  try {
    const started = performance.now();
    sandbox = { ...(await ensureDemoSandbox(database.db, creds.brand_id)), seconds: (performance.now() - started) / 1000 };
  } catch (err) {
    sandbox = { error: err instanceof Error ? err.message : String(err) };
  }
  const reveal = !opts.forStart || database.driver === "pglite";
  const hidden = "(not printed into the server's log with DATABASE_URL set: `npm run bootstrap` shows it)";
  const shown = (v: string | null) => (!reveal ? hidden : (v ?? "(issued earlier, not shown: only its hash is stored)"));
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
    ...sandboxLines(sandbox),
    "",
    `  Dashboard  ${out.dashboard_url}`,
    `  email      ${out.staff_email}`,
    `  password   ${!reveal ? hidden : (out.staff_password ?? "(set earlier, not shown: only its hash is stored)")}`,
    "",
    ...(!reveal
      ? ["Keys, the password and a portal sign-in link are not printed here with DATABASE_URL set; `npm run bootstrap` prints them."]
      : out.key
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
  ];
  return { credentials: out, lines, customer, sandbox, portal, reveal };
}

/** The sandbox brand's line: its id (the dashboard's brand switcher offers it), or why there is none. */
function sandboxLines(sandbox: PreparedDemo["sandbox"]): string[] {
  if ("error" in sandbox) return [`  (no sandbox demo brand: ${sandbox.error})`];
  const made = sandbox.created ? `, a year rehearsed in ${sandbox.seconds.toFixed(1)} s` : "";
  return [`  sandbox    ${sandbox.brandId}  (${SANDBOX_BRAND_NAME}${made}: pick it in the dashboard's brand switcher)`];
}

/** The portal's lines: the demo customer and its sign-in link (null: none could be made, and why). */
export function portalLines(customer: PreparedDemo["customer"], url: string | null): string[] {
  if ("error" in customer) return [`No portal sign-in link for the demo customer: ${customer.error}`, ""];
  if (!url) return [`Demo customer ${DEMO_CUSTOMER_EMAIL}: no portal link (the keys are not shown); \`npm run bootstrap\` prints one.`, ""];
  return [
    `${customer.created ? "Created the demo customer" : "Demo customer"} ${DEMO_CUSTOMER_EMAIL} (a subscription, a paid and an open invoice).`,
    `  Portal     ${url}`,
    "             (signs in once, within 10 minutes; `npm run bootstrap` prints a new link)",
    "",
  ];
}

/** npm run bootstrap: the demo, its credentials and a portal link, printed at once. */
export async function runBootstrap(opts: { json: boolean; newKeys: boolean }) {
  const { credentials, lines, portal } = await prepareDemo({ newKeys: opts.newKeys, link: true }).finally(closeDatabase);
  console.log([...lines, ...portal].join("\n"));
  if (opts.json) console.log(JSON.stringify(credentials));
  return credentials;
}

/**
 * What `npm start` runs first: never changes existing credentials, so a restart keeps them. It
 * prints nothing: start prints the lines last, once the server answers, with a portal link minted then.
 */
export async function seedForStart(): Promise<PreparedDemo> {
  const { credentials, lines, customer, sandbox, reveal } = await prepareDemo({ newKeys: false, link: false, forStart: true }).finally(closeDatabase);
  return { credentials, lines, customer, sandbox, reveal };
}

/**
 * What `npm start` prints once the server answers: the demo's lines and the portal's, with a link
 * `mint` makes then; with DATABASE_URL set (`reveal` false) no key, password or link, and no link made.
 */
export async function startLines(demo: PreparedDemo, mint: (demo: PreparedDemo) => Promise<string[]>): Promise<string[]> {
  if (!demo.reveal) return [...demo.lines, ""];
  return [...demo.lines, ...(await mint(demo))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  loadDemoSecrets();
  runBootstrap({ json: process.argv.includes("--json"), newKeys: process.argv.includes("--new-keys") }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
