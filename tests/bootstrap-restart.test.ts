import { afterAll, describe, expect, it, vi } from "vitest";
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { call, ok } from "./support/api";
import { seedForStart, startLines } from "../scripts/bootstrap";
import { contextFromApiCredentials, forgetResolvedCredentials } from "../lib/auth/context";
import { getDb, openDatabase } from "../db/client";
import { signInStaff } from "../lib/staff/sign-in";

// A restart must not reissue credentials (issue 14): bootstrap, start, start again, and the first
// credentials still work; only `--new-keys` replaces them.

const dir = mkdtempSync(path.join(tmpdir(), "rb-creds-"));
const credsFile = path.join(dir, "demo-credentials.json");

/** `npm run bootstrap -- --json [args]` in its own process; its last stdout line, parsed. */
async function bootstrap(...args: string[]) {
  // As deployed: the app's role (this test process's own handle is the owner's, tests/support/pg.ts).
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/bootstrap.ts", "--json", ...args], {
    env: { ...process.env, DATABASE_ROLE: "app" },
  });
  return { stdout, out: JSON.parse(stdout.trim().split("\n").pop()!) };
}

/** The start path's seeding, as `npm start` runs it (in this process; its printout kept quiet). */
async function seeded() {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    return await seedForStart();
  } finally {
    log.mockRestore();
  }
}
const start = async () => (await seeded()).credentials;

/** What `npm start` prints once its server answers, a portal link minted by `mint` if it asks for one. */
const printedByStart = async (demo: Awaited<ReturnType<typeof seedForStart>>, link = "http://demo.test:3000/portal/sign-in?token=tt_minted_link") =>
  (await startLines(demo, async () => [`  Portal     ${link}`])).join("\n");

/** The API's answer to the first credentials, as another process (the server) would see them now. */
async function status(creds: { key: string; user_key: string; brand_id: string }) {
  forgetResolvedCredentials();
  return (await call("json", "Brand/List", { creds })).status;
}

// This file's process (its own fork) and the bootstraps it runs keep the demo file in a temporary
// folder, not in .data/.
process.env.DEMO_CREDENTIALS_FILE = credsFile;
process.env.PUBLIC_URL = "http://demo.test:3000";
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("credentials across restarts on PostgreSQL (DATABASE_URL)", () => {
  it("bootstrap, start, restart: the first credentials still work; only --new-keys replaces them", async () => {
    expect(process.env.DATABASE_URL).toMatch(/^postgres/);
    const first = await bootstrap();
    expect(first.stdout).toContain("Created the demo service account");
    const creds = first.out;
    expect(Object.keys(creds)).toEqual(["key", "user_key", "brand_id", "base_url", "dashboard_url", "staff_email", "staff_password"]);
    expect(creds.staff_password).toBeTruthy();
    expect(JSON.parse(readFileSync(credsFile, "utf8"))).toEqual(creds);

    // Start, then restart: nothing changes, and start shows the same keys.
    expect(await start()).toEqual(creds);
    expect(await start()).toEqual(creds);
    expect(await status(creds)).toBe(200);
    expect((await ok(creds, "json", "Brand/List")).brands[0]).toMatchObject({ brand_id: creds.brand_id, name: "Demo Brand" });
    // The demo brand, then the sandbox one (scripts/demo-sandbox.ts).
    expect((await ok(creds, "xml", "Brand/List")).brands.brand[0]).toMatchObject({ brand_id: creds.brand_id, name: "Demo Brand" });

    // A deploy without the saved file: the keys are not shown, not changed, and still work.
    rmSync(credsFile);
    expect(await start()).toEqual({ ...creds, key: null, user_key: null, staff_password: null });
    expect(existsSync(credsFile)).toBe(false);
    const blind = await bootstrap();
    expect(blind.out).toEqual({ ...creds, key: null, user_key: null, staff_password: null });
    expect(blind.stdout).toContain("(set earlier, not shown: only its hash is stored)");
    expect(await signInStaff(await getDb(), { email: creds.staff_email, password: creds.staff_password })).toMatchObject({ ok: true });
    expect(blind.stdout).toContain("npm run bootstrap -- --new-keys");
    expect(await status(creds)).toBe(200);

    // The explicit flag mints new keys for the same brand; the old ones then fail.
    const minted = await bootstrap("--new-keys");
    expect(minted.stdout).toContain("the earlier ones no longer work");
    expect(minted.out.brand_id).toBe(creds.brand_id);
    expect(minted.out.key).not.toBe(creds.key);
    expect(minted.out.user_key).not.toBe(creds.user_key);
    expect(minted.out.staff_password).toBeNull(); // --new-keys leaves the password alone (still not in the file)
    expect(await status(creds)).toBe(401);
    expect(await status({ ...creds, user_key: minted.out.user_key })).toBe(401); // the old API key is revoked
    expect(await status(minted.out)).toBe(200);
    // ...and those are kept across the next restarts.
    expect(await start()).toEqual(minted.out);
    expect(await start()).toEqual(minted.out);
    expect(await status(minted.out)).toBe(200);
  }, 180_000);
});

describe("the server's log with DATABASE_URL (issue 28 item 5)", () => {
  it("npm start prints no key, password or sign-in link; npm run bootstrap shows them on demand", async () => {
    const made = await bootstrap();
    const demo = await seeded();
    expect(demo.reveal).toBe(false);
    const printed = await printedByStart(demo);
    const secrets = [
      made.out.key,
      made.out.user_key,
      made.out.staff_password,
      demo.credentials.key,
      demo.credentials.user_key,
      demo.credentials.staff_password,
    ];
    expect(secrets.filter(Boolean).length).toBeGreaterThanOrEqual(2);
    for (const secret of secrets.filter(Boolean)) expect(printed).not.toContain(secret);
    expect(printed).not.toContain("tt_minted_link");
    expect(printed).not.toMatch(/rbk_|rbu_|X-Api-Key/);
    expect(printed).toContain("npm run bootstrap");
    expect(printed).toContain(demo.credentials.staff_email);
    // On demand: bootstrap prints the keys and a portal link.
    const shown = await bootstrap();
    expect(shown.stdout).toContain(shown.out.key);
    expect(shown.stdout).toContain(shown.out.user_key);
    expect(shown.stdout).toMatch(/Portal +http:\/\/demo\.test:3000\/portal\/sign-in\?token=tt_/);
  }, 120_000);
});

describe("credentials across restarts on the embedded database (PGlite)", () => {
  it("keeps them beside the data folder: start, restart, and the first credentials still work", async () => {
    const was = { DATABASE_URL: process.env.DATABASE_URL, DEMO_CREDENTIALS_FILE: process.env.DEMO_CREDENTIALS_FILE };
    const dataDir = path.join(dir, "embedded", "pglite");
    delete process.env.DATABASE_URL;
    delete process.env.DEMO_CREDENTIALS_FILE; // the default place: beside the data folder
    process.env.PGLITE_DATA_DIR = dataDir;
    try {
      const demo = await seeded();
      const first = demo.credentials;
      expect(first.key).toMatch(/^rbk_/);
      // The embedded demo (no DATABASE_URL) prints them, with a portal link.
      const printed = await printedByStart(demo);
      for (const secret of [first.key!, first.user_key!, first.staff_password!, "tt_minted_link"]) expect(printed).toContain(secret);
      expect(first.staff_password).toBeTruthy();
      expect(JSON.parse(readFileSync(path.join(dir, "embedded", "demo-credentials.json"), "utf8"))).toEqual(first);
      expect(await start()).toEqual(first);
      expect(await start()).toEqual(first);
      const database = await openDatabase({ url: "", pgliteDir: dataDir });
      try {
        forgetResolvedCredentials();
        const ctx = await contextFromApiCredentials(database.db, { key: first.key!, userKey: first.user_key!, brandId: first.brand_id }, "t");
        expect(ctx.brand.id).toBe(first.brand_id);
      } finally {
        await database.close();
      }
    } finally {
      Object.assign(process.env, was);
      delete process.env.PGLITE_DATA_DIR;
    }
  }, 180_000);
});
