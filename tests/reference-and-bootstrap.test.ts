import { describe, expect, it, onTestFinished } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { ok, makeTenant } from "./support/api";
import { isLocale, isTimezone } from "../lib/reference/values";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { staffUsers } from "../db/schema";
import { signInStaff } from "../lib/staff/sign-in";

describe("Reference/List", () => {
  it("answers the acceptable locales and IANA time zones, in json and xml", async () => {
    const t = await makeTenant();
    const j = await ok(t, "json", "Reference/List");
    expect(j.reference.locales).toContainEqual({ locale: "en-US", name: "American English" });
    expect(j.reference.timezones).toContainEqual({ timezone_id: "America/New_York", utc_offset: expect.stringMatching(/^-0[45]:00$/) });
    expect(j.reference.timezones).toContainEqual({ timezone_id: "UTC", utc_offset: "+00:00" });
    const x = await ok(t, "xml", "Reference/List", { params: { type: "locale" } });
    expect(x.reference.locales.locale.length).toBeGreaterThan(40);
    expect(x.reference.timezones).toBeUndefined();
  });

  it("is what other endpoints validate against", () => {
    expect(isLocale("en-US")).toBe(true);
    expect(isLocale("xx-YY")).toBe(false);
    expect(isTimezone("Europe/Paris")).toBe(true);
    expect(isTimezone("Mars/Olympus")).toBe(false);
  });
});

describe("npm run bootstrap -- --json", () => {
  it("creates the demo once and ends stdout with one JSON line of working credentials", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rb-bootstrap-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const run = () =>
      promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/bootstrap.ts", "--json"], {
        // The demo file goes to a temporary folder, not this checkout's .data/.
        env: { ...process.env, PUBLIC_URL: "http://demo.test:3000", DEMO_CREDENTIALS_FILE: path.join(dir, "demo-credentials.json") },
      });
    const first = await run();
    const lines = first.stdout.trim().split("\n");
    const creds = JSON.parse(lines[lines.length - 1]);
    expect(Object.keys(creds)).toEqual(["key", "user_key", "brand_id", "base_url", "dashboard_url", "staff_email", "staff_password"]);
    expect(creds.base_url).toBe("http://demo.test:3000/api");
    expect(creds.dashboard_url).toBe("http://demo.test:3000/dashboard");
    expect(creds.staff_email).toBe("admin@demo.example");
    expect(creds.staff_password).toMatch(/^.{12,}$/);
    expect(first.stdout).toContain("Created the demo service account");
    expect(first.stdout).toContain(`Dashboard  http://demo.test:3000/dashboard`);
    expect(first.stdout).toContain(`password   ${creds.staff_password}`);
    // The password signs in to the dashboard; the database holds only its argon2id hash.
    expect(await signInStaff(await getDb(), { email: creds.staff_email, password: creds.staff_password })).toMatchObject({ ok: true });
    const [row] = await (await getDb()).select().from(staffUsers).where(eq(staffUsers.email, creds.staff_email));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(creds.staff_password);
    const body = await ok(creds, "json", "Brand/List");
    expect(body.brands[0]).toMatchObject({ brand_id: creds.brand_id, name: "Demo Brand" });
    const second = await run();
    expect(second.stdout).toContain("The demo service account is ready.");
    const again = JSON.parse(second.stdout.trim().split("\n").pop()!);
    expect(again.brand_id).toBe(creds.brand_id);
    expect(again).toEqual(creds); // the same keys and password, not new ones
    // The demo brand and the sandbox one (scripts/demo-sandbox.ts), made once.
    expect((await ok(again, "json", "Brand/List")).count).toBe("2");
  }, 180_000);
});
