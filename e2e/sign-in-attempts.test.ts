/**
 * Sign-in and 2FA guesses sent in parallel (issue 16 item 4): every attempt is claimed in the
 * database before it is checked, so however many arrive at once only the limit's number are checked,
 * and the right password or code sent after them is refused. Against the built server, with more
 * connections than requests so nothing but the database orders them; the count of passwords checked
 * is taken in process, where verifyPassword can be watched.
 */
import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { type RunningApp } from "./support/server";
import { call, makeTenant, type Tenant } from "../tests/support/api";
import { newCustomer, outbox, userRow } from "../tests/support/fake-customers";
import { getDb } from "../db/client";
import { customerUserCodes } from "../db/schema";
import { verifyPassword } from "../lib/users/passwords";
import { LOCKOUT_MINUTES, MAX_FAILED_SIGN_INS } from "../lib/users/sign-in";
import { MAX_CODE_ATTEMPTS } from "../lib/users/verify-code";
import { useApp } from "./support/setup";

vi.mock("../lib/users/passwords", async (original) => {
  const real = await original<typeof import("../lib/users/passwords")>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

const GUESSES = 30;
const POOL = GUESSES + 10;
const PASSWORD = "the right password";

let app: RunningApp;
let t: Tenant;
useApp({ env: { DATABASE_POOL_SIZE: String(POOL) } }, async (s) => {
  ({ app } = s);
  t = await makeTenant();
});

/** A POST to the built server, as the original PHP client sends it. */
async function post(path: string, params: Record<string, string>) {
  const r = await fetch(`${app.baseUrl}/api/json/${path}`, {
    method: "POST",
    headers: { "X-Api-Key": t.key, "X-User-Key": t.user_key, "X-Brand-Id": t.brand_id, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: r.status, text: await r.text() };
}

describe(`${GUESSES} guesses at once`, () => {
  it(`wrong passwords: the user is locked out, and the right password sent next is refused`, { timeout: 120_000 }, async () => {
    const { user } = await newCustomer(t, { password: PASSWORD });
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) => post("User/Authenticate", { username: user.username, password: `wrong ${i}` })),
    );
    for (const a of answers) expect(a.status, a.text).toBe(403);
    const right = await post("User/Authenticate", { username: user.username, password: PASSWORD });
    expect(right.status, "the lockout holds: the right password is refused").toBe(403);
    const row = await userRow(user.user_id);
    expect(row.lockedUntil!.getTime()).toBeGreaterThanOrEqual(started + LOCKOUT_MINUTES * 60_000 - 1000);
  });

  it(`wrong passwords: exactly ${MAX_FAILED_SIGN_INS} are checked`, { timeout: 120_000 }, async () => {
    const { user } = await newCustomer(t, { password: PASSWORD });
    const { passwordHash } = await userRow(user.user_id);
    const checked = vi.mocked(verifyPassword);
    checked.mockClear();
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) =>
        call("json", "User/Authenticate", { method: "POST", creds: t, params: { username: user.username, password: `wrong ${i}` } }),
      ),
    );
    for (const a of answers) expect(a.status, a.text).toBe(403);
    expect(checked.mock.calls.filter(([hash]) => hash === passwordHash)).toHaveLength(MAX_FAILED_SIGN_INS);
  });

  it(`wrong 2FA codes: exactly ${MAX_CODE_ATTEMPTS} are checked, and the right code sent next is refused`, { timeout: 120_000 }, async () => {
    const { user } = await newCustomer(t, { password: PASSWORD });
    expect((await post("User/2FARequest", { verification_user_id: user.user_id, verification_method: "email" })).status).toBe(200);
    // The server delivers nothing (BACKGROUND_JOBS off): the code is still in its pending event.
    const code = (await outbox(t, "User/2FARequest")).find((e) => e.user.user_id === user.user_id)!.user.email_verification_code as string;
    const verify = (guess: string) => post("User/2FAVerify", { verification_user_id: user.user_id, verification_method: "email", verification_code: guess });
    const wrong = (i: number) => {
      const guess = `${code.slice(0, -2)}${i.toString(36).padStart(2, "0")}`;
      return guess === code ? `${code.slice(0, -2)}ZZ` : guess;
    };
    const answers = await Promise.all(Array.from({ length: GUESSES }, (_, i) => verify(wrong(i))));
    for (const a of answers) expect(a.status, a.text).toBe(403);
    const db = await getDb();
    const [row] = await db.select().from(customerUserCodes).where(eq(customerUserCodes.userId, user.user_id));
    expect(row.failedAttempts, "attempts checked against the code").toBe(MAX_CODE_ATTEMPTS);
    const right = await verify(code);
    expect(right.status, "the limit holds: the right code is refused").toBe(403);
  });
});
