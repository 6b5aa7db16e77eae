/** Dashboard sign-in (lib/staff/sign-in.ts): argon2id passwords, atomic lockout, disabled users, TOTP. */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { authenticator } from "otplib";
import { getDb } from "../db/client";
import { staffUsers } from "../db/schema";
import { createServiceAccount } from "../lib/platform/bootstrap";
import { MAX_FAILED_STAFF_SIGN_INS, signInStaff } from "../lib/staff/sign-in";
import { confirmTotpEnrolment, startTotpEnrolment, totpCodeFor } from "../lib/staff/totp";
import { contextFromStaffSession } from "../lib/auth/context";
import { ManualClock } from "../lib/clock";
import { newId } from "../lib/ids";
import { endStaffSession, openStaffSession } from "../lib/auth/sessions";
import { staffHome } from "../lib/staff/brands";
import { staffActions } from "../lib/dashboard/actions";

const PASSWORD = "correct horse battery";

async function staff(password = PASSWORD) {
  const id = newId();
  const email = `staff-${id}@example.com`;
  const made = await createServiceAccount(await getDb(), { name: `T ${id}`, brandName: `B ${id.slice(-6)}`, staffEmail: email, staffPassword: password });
  return { ...made, email };
}

let db: Awaited<ReturnType<typeof getDb>>;
beforeAll(async () => {
  db = await getDb();
});

describe("staff sign-in", () => {
  it("signs in with the right password (email in any case); refuses a wrong one and an unknown email alike", async () => {
    const s = await staff();
    expect(await signInStaff(db, { email: s.email.toUpperCase(), password: PASSWORD })).toMatchObject({ ok: true, staffUserId: s.staffUserId });
    expect(await signInStaff(db, { email: s.email, password: "wrong password" })).toEqual({ ok: false, reason: "WRONG" });
    expect(await signInStaff(db, { email: `nobody-${newId()}@example.com`, password: PASSWORD })).toEqual({ ok: false, reason: "WRONG" });
  });

  it("a disabled user cannot sign in, and their existing session stops working at once", async () => {
    const s = await staff();
    const session = { staffUserId: s.staffUserId, brandId: s.brand_id };
    await contextFromStaffSession(db, session);
    await db.update(staffUsers).set({ disabledAt: new Date() }).where(eq(staffUsers.id, s.staffUserId));
    expect(await signInStaff(db, { email: s.email, password: PASSWORD })).toEqual({ ok: false, reason: "WRONG" });
    await expect(contextFromStaffSession(db, session)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("locks out after the limit, even for the right password; parallel guesses are checked at most the limit's number of times", async () => {
    const s = await staff();
    const guesses = await Promise.all(Array.from({ length: 20 }, () => signInStaff(db, { email: s.email, password: "wrong password" })));
    expect(guesses.every((g) => !g.ok)).toBe(true);
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, s.staffUserId));
    expect(row.lockedUntil).not.toBeNull();
    expect(await signInStaff(db, { email: s.email, password: PASSWORD })).toEqual({ ok: false, reason: "WRONG" });
    // After the lockout the right password works, and clears the count.
    const later = new ManualClock(new Date(Date.now() + 16 * 60_000));
    expect(await signInStaff(db, { email: s.email, password: PASSWORD }, later)).toMatchObject({ ok: true });
    const [after] = await db.select().from(staffUsers).where(eq(staffUsers.id, s.staffUserId));
    expect(after).toMatchObject({ failedSignIns: 0, lockedUntil: null });
    expect(MAX_FAILED_STAFF_SIGN_INS).toBe(5);
  });

  it("with TOTP on, asks for the code, refuses a wrong one and accepts the current one", async () => {
    const s = await staff();
    const ctx = await contextFromStaffSession(db, { staffUserId: s.staffUserId, brandId: s.brand_id });
    const { secret, uri, qr } = await startTotpEnrolment({ ctx });
    expect(uri).toContain("otpauth://totp/");
    expect(qr).toMatch(/^data:image\/png;base64,/);
    // Pending until confirmed: sign-in needs no code yet.
    expect(await signInStaff(db, { email: s.email, password: PASSWORD })).toMatchObject({ ok: true });
    await expect(confirmTotpEnrolment({ ctx, input: { code: "000000" } })).rejects.toMatchObject({ parameter: "code" });
    await confirmTotpEnrolment({ ctx, input: { code: totpCodeFor(secret) } });
    expect(await signInStaff(db, { email: s.email, password: PASSWORD })).toEqual({ ok: false, reason: "TOTP_REQUIRED" });
    const wrong = String((Number(totpCodeFor(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    expect(await signInStaff(db, { email: s.email, password: PASSWORD, code: wrong })).toEqual({ ok: false, reason: "TOTP_WRONG" });
    expect(await signInStaff(db, { email: s.email, password: "wrong password", code: totpCodeFor(secret) })).toEqual({ ok: false, reason: "WRONG" });
    // The code that confirmed the set-up is used; the next step's code (one step of drift is allowed) signs in.
    expect(await signInStaff(db, { email: s.email, password: PASSWORD, code: authenticator.generate(secret) })).toEqual({ ok: false, reason: "TOTP_WRONG" });
    expect(await signInStaff(db, { email: s.email, password: PASSWORD, code: totpCodeFor(secret, new Date(Date.now() + 30_000)) })).toMatchObject({ ok: true });
    // The secret is sealed at rest.
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, s.staffUserId));
    expect(row.totpSecret).not.toContain(secret);
  });

  it("a TOTP code signs in once, also when two sign-ins send it at the same moment (issue 28 item 2)", async () => {
    const s = await staff();
    const ctx = await contextFromStaffSession(db, { staffUserId: s.staffUserId, brandId: s.brand_id });
    const { secret } = await startTotpEnrolment({ ctx });
    const at = (ms: number) => new ManualClock(new Date(ms));
    const t0 = Math.floor(Date.now() / 30_000) * 30_000 + 1_000;
    await confirmTotpEnrolment({ ctx: { ...ctx, now: () => new Date(t0) }, input: { code: totpCodeFor(secret, new Date(t0)) } });
    const code = totpCodeFor(secret, new Date(t0 + 60_000));
    const both = await Promise.all([0, 1].map(() => signInStaff(db, { email: s.email, password: PASSWORD, code }, at(t0 + 60_000))));
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "TOTP_WRONG" }]);
    // Still inside its window (one step later), the same code is refused; so is the step before it.
    expect(await signInStaff(db, { email: s.email, password: PASSWORD, code }, at(t0 + 90_000))).toEqual({ ok: false, reason: "TOTP_WRONG" });
    expect(await signInStaff(db, { email: s.email, password: PASSWORD, code: totpCodeFor(secret, new Date(t0 + 30_000)) }, at(t0 + 60_000))).toEqual({
      ok: false,
      reason: "TOTP_WRONG",
    });
    expect(await signInStaff(db, { email: s.email, password: PASSWORD, code: totpCodeFor(secret, new Date(t0 + 90_000)) }, at(t0 + 90_000))).toMatchObject({
      ok: true,
    });
  });

  it("signing out ends that dashboard session on the server; others stand until Sign out everywhere (issue 28 item 3)", async () => {
    const s = await staff();
    const hours = 12 * 60 * 60;
    const [laptop, phone, tablet] = [
      await openStaffSession(s.staffUserId, hours, db),
      await openStaffSession(s.staffUserId, hours, db),
      await openStaffSession(s.staffUserId, hours, db),
    ];
    const session = (sessionId: string) => ({ staffUserId: s.staffUserId, sessionId });
    await contextFromStaffSession(db, { ...session(laptop), brandId: s.brand_id });
    expect(await staffHome(session(laptop))).not.toBeNull();
    await endStaffSession(laptop, s.staffUserId, db);
    await expect(contextFromStaffSession(db, { ...session(laptop), brandId: s.brand_id })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await staffHome(session(laptop))).toBeNull();
    expect(await staffHome(session(phone))).not.toBeNull();
    // Another user's session id is not this user's session.
    const other = await staff();
    const theirs = await openStaffSession(other.staffUserId, hours, db);
    expect(await staffHome(session(theirs))).toBeNull();
    expect(await staffHome({ staffUserId: other.staffUserId, sessionId: theirs })).not.toBeNull();
    // An expired session is refused (a session lasts its hours from sign-in).
    const old = await openStaffSession(s.staffUserId, 60, db, new Date(Date.now() - 61_000));
    expect(await staffHome(session(old))).toBeNull();
    // Sign out everywhere (the Security page's action) ends every session of the user, this one included; not other users'.
    const result = await staffActions.signOutEverywhere.run(session(phone), s.brand_id, {});
    // phone, tablet and the expired one.
    expect(result).toMatchObject({ ok: true, data: { sessions_ended: 3 } });
    expect(await staffHome(session(phone))).toBeNull();
    await expect(contextFromStaffSession(db, { ...session(tablet), brandId: s.brand_id })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await staffHome({ staffUserId: other.staffUserId, sessionId: theirs })).not.toBeNull();
    // Refused once signed out: the action itself needs a standing session.
    expect(await staffActions.signOutEverywhere.run(session(phone), s.brand_id, {})).toMatchObject({ ok: false, error: { code: "UNAUTHENTICATED" } });
  });
});
