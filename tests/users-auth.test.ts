import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { customerUserTokens } from "../db/schema";
import { ManualClock, useClock } from "../lib/clock";
import { config } from "../lib/config";
import { formatInstant } from "../lib/dates";
import { hashSecret } from "../lib/ids";
import { localTime } from "../lib/users/events";
import { LOCKOUT_MINUTES, MAX_FAILED_SIGN_INS } from "../lib/users/sign-in";
import { call, ok } from "./support/api";
import { FORMATS, makeTenant, newCustomer, outbox, refused, uniqueEmail, userRow, type Tenant } from "./support/fake-customers";

const clock = new ManualClock("2026-05-01T08:00:00Z");
useClock(clock);

const PASSWORD = "s3cret enough";
let t: Tenant;
let other: Tenant;
beforeAll(async () => {
  [t, other] = await Promise.all([makeTenant(), makeTenant()]);
});

/** A customer whose initial user signs in with PASSWORD. */
const customer = (tenant: Tenant = t, overrides: Record<string, string> = {}) => newCustomer(tenant, { password: PASSWORD, ...overrides });

const authenticate = (format: string, params: Record<string, string>, tenant: Tenant = t) =>
  call(format, "User/Authenticate", { method: "POST", creds: tenant, params });

let refusalMessage: string | undefined;
/** Every refused sign-in reads the same, whatever the reason. */
async function expectSignInRefused(format: string, params: Record<string, string>, tenant: Tenant = t) {
  const r = await authenticate(format, params, tenant);
  expect(r.status, r.text).toBe(403);
  const e = format === "json" ? r.body.exception : { code: r.body.exception["@_code"], message: r.body.exception["#text"] };
  expect(e.code).toBe("AUTHENTICATION_FAILED");
  refusalMessage ??= e.message;
  expect(e.message).toBe(refusalMessage);
  expect(r.text).not.toContain("user_id");
}

describe("User/Authenticate", () => {
  for (const format of FORMATS) {
    it(`${format}: signs in by email (any case) or username, answers authenticated = Y and records the login`, async () => {
      const { account, user } = await customer();
      const byEmail = await authenticate(format, {
        email_address: account.email_address.toUpperCase(),
        password: PASSWORD,
        ip_address: "198.51.100.4",
        url: "https://shop.example/in",
      });
      expect(byEmail.status).toBe(200);
      expect(byEmail.body.user).toMatchObject({ user_id: user.user_id, username: user.username });
      expect(byEmail.body.authenticated).toBe("Y");
      expect(byEmail.text).not.toContain(PASSWORD);
      expect(byEmail.text).not.toMatch(/argon2|password_hash/i);
      const byName = await authenticate(format, { username: user.username.toUpperCase(), password: PASSWORD });
      expect(byName.body.authenticated).toBe("Y");
      const list = await ok(t, "json", "User/List", { params: { user_id: user.user_id } });
      expect(list.users[0].login_history).toEqual([
        { logged_in: formatInstant(clock.now()), method: "password", ip_address: "", url: "" },
        { logged_in: formatInstant(clock.now()), method: "password", ip_address: "198.51.100.4", url: "https://shop.example/in" },
      ]);
    });

    it(`${format}: refuses a wrong password, an unknown user, and suspended or deleted users and accounts alike`, async () => {
      const { account, user } = await customer();
      await expectSignInRefused(format, { email_address: account.email_address, password: "wrong password" });
      await expectSignInRefused(format, { email_address: uniqueEmail("nobody"), password: PASSWORD });
      await expectSignInRefused(format, { username: "nosuchuser12345", password: PASSWORD });
      // Another brand's user does not exist here.
      await expectSignInRefused(format, { email_address: account.email_address, password: PASSWORD }, other);

      const suspendedUser = await customer();
      await ok(t, "json", "User/Suspend", { method: "PATCH", params: { user_id: suspendedUser.user.user_id } });
      await expectSignInRefused(format, { username: suspendedUser.user.username, password: PASSWORD });
      const deletedUser = await customer();
      await ok(t, "json", "User/Delete", { method: "PATCH", params: { user_id: deletedUser.user.user_id } });
      await expectSignInRefused(format, { username: deletedUser.user.username, password: PASSWORD });
      const suspendedAccount = await customer();
      await ok(t, "json", "Account/Suspend", { method: "PATCH", params: { customer_account_id: suspendedAccount.account.customer_account_id } });
      await expectSignInRefused(format, { username: suspendedAccount.user.username, password: PASSWORD });
      const deletedAccount = await customer();
      await ok(t, "json", "Account/Delete", { method: "DELETE", params: { customer_account_id: deletedAccount.account.customer_account_id } });
      await expectSignInRefused(format, { username: deletedAccount.user.username, password: PASSWORD });
      // Override does not get around a suspension either.
      await expectSignInRefused(format, { email_address: suspendedAccount.account.email_address, override_password_requirement: "Y" });
      expect((await authenticate(format, { username: user.username, password: PASSWORD })).status).toBe(200);
    });

    it(`${format}: override_password_requirement Y signs in by email_address alone, never by username`, async () => {
      const { account, user } = await customer();
      const r = await authenticate(format, { email_address: account.email_address, override_password_requirement: "Y", url: "https://idp.example/cb" });
      expect(r.status).toBe(200);
      expect(r.body.user.user_id).toBe(user.user_id);
      const e = await refused(t, format, "User/Authenticate", "POST", { username: user.username, override_password_requirement: "Y" });
      expect([e.status, e.code, e.parameter]).toEqual([400, "INVALID_PARAMETER", "username"]);
      await expectSignInRefused(format, { email_address: uniqueEmail("ghost"), override_password_requirement: "Y" });
    });

    it(`${format}: refuses incomplete or malformed sign-in parameters with 400`, async () => {
      const { account, user } = await customer();
      const cases: [Record<string, string>, string, string][] = [
        [{ email_address: account.email_address }, "MISSING_PARAMETER", "password"],
        [{ username: user.username, override_password_requirement: "N" }, "MISSING_PARAMETER", "password"],
        [{ password: PASSWORD }, "MISSING_PARAMETER", "email_address"],
        [{}, "MISSING_PARAMETER", "email_address"],
        [{ override_password_requirement: "Y" }, "MISSING_PARAMETER", "email_address"],
        [{ email_address: "not@an@email", password: PASSWORD }, "INVALID_PARAMETER", "email_address"],
        [{ username: user.username, password: PASSWORD, ip_address: "999.1.1.1" }, "INVALID_PARAMETER", "ip_address"],
        [{ username: user.username, password: PASSWORD, url: "javascript:alert(1)" }, "INVALID_PARAMETER", "url"],
        [{ temporary_token: "tt_x", username: user.username }, "INVALID_PARAMETER", "username"],
        [{ temporary_token: "tt_x", password: PASSWORD }, "INVALID_PARAMETER", "password"],
      ];
      for (const [params, code, parameter] of cases) {
        const e = await refused(t, format, "User/Authenticate", "POST", params);
        expect([e.status, e.code, e.parameter], JSON.stringify(params)).toEqual([400, code, parameter]);
      }
    });
  }

  it("finds the right user when two accounts of the brand have a user with the same email", async () => {
    const email = uniqueEmail("shared");
    const first = await customer();
    const second = await customer(t, { password: "second users pass" });
    for (const { account, password } of [
      { account: first.account, password: "first shared pass" },
      { account: second.account, password: "second shared pass" },
    ]) {
      await ok(t, "json", "User/Create", {
        method: "POST",
        params: {
          customer_account_id: account.customer_account_id,
          first_name: "Sh",
          last_name: "Ared",
          email_address: email,
          access_level: "USER",
          locale: "en-US",
          timezone_id: "UTC",
          send_new_user_email: "N",
          password,
        },
      });
    }
    const one = await ok(t, "json", "User/Authenticate", { method: "POST", params: { email_address: email, password: "second shared pass" } });
    expect(one.user.customer_account_id).toBe(second.account.customer_account_id);
    const two = await ok(t, "json", "User/Authenticate", { method: "POST", params: { email_address: email, password: "first shared pass" } });
    expect(two.user.customer_account_id).toBe(first.account.customer_account_id);
  });

  it(`locks a user out for ${LOCKOUT_MINUTES} minutes after ${MAX_FAILED_SIGN_INS} wrong passwords in a row, even with the right one`, async () => {
    const { user } = await customer();
    const wrong = { username: user.username, password: "not it at all" };
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i++) await expectSignInRefused("json", wrong);
    // The count survives the refusals' rolled-back transactions.
    expect((await userRow(user.user_id)).failedSignIns).toBe(MAX_FAILED_SIGN_INS - 1);
    await expectSignInRefused("json", wrong);
    expect((await userRow(user.user_id)).lockedUntil).toEqual(new Date(clock.now().getTime() + LOCKOUT_MINUTES * 60_000));
    await expectSignInRefused("json", { username: user.username, password: PASSWORD });
    await expectSignInRefused("xml", { username: user.username, password: PASSWORD });
    clock.advance({ minutes: LOCKOUT_MINUTES - 1 });
    await expectSignInRefused("json", { username: user.username, password: PASSWORD });
    clock.advance({ minutes: 1, seconds: 1 });
    expect((await authenticate("json", { username: user.username, password: PASSWORD })).status).toBe(200);
    expect(await userRow(user.user_id)).toMatchObject({ failedSignIns: 0, lockedUntil: null });
  });

  it("a success clears the count of earlier failures", async () => {
    const { user } = await customer();
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i++) await expectSignInRefused("json", { username: user.username, password: "nope nope" });
    await ok(t, "json", "User/Authenticate", { method: "POST", params: { username: user.username, password: PASSWORD } });
    await expectSignInRefused("json", { username: user.username, password: "nope nope" });
    expect((await authenticate("json", { username: user.username, password: PASSWORD })).status).toBe(200);
  });
});

describe("User/CreateToken", () => {
  const tokenFor = async (format: string, tenant: Tenant, params: Record<string, string>) => {
    const r = await call(format, "User/CreateToken", { method: "POST", creds: tenant, params });
    expect(r.status, r.text).toBe(200);
    return r.body.token;
  };

  for (const format of FORMATS) {
    it(`${format}: answers a single-use token (stored hashed) and the portal sign-in link`, async () => {
      const { account, user } = await customer();
      const token = await tokenFor(format, t, { customer_account_id: account.customer_account_id, user_id: user.user_id, cfp_redirect: "subscribe" });
      expect(token.temporary_token).toMatch(/^tt_[A-Za-z0-9_-]{43}$/);
      expect(token.expires).toBe(formatInstant(new Date(clock.now().getTime() + 60_000)));
      expect(token.sign_in_url).toBe(`${config.publicUrl}/portal/sign-in?token=${token.temporary_token}&redirect=subscribe`);
      const db = await getDb();
      const [row] = await db.select().from(customerUserTokens).where(eq(customerUserTokens.userId, user.user_id));
      expect(row.tokenHash).toBe(hashSecret(token.temporary_token));

      const signedIn = await authenticate(format, { temporary_token: token.temporary_token, ip_address: "192.0.2.1" });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user.user_id).toBe(user.user_id);
      expect(signedIn.body.authenticated).toBe("Y");
      await expectSignInRefused(format, { temporary_token: token.temporary_token });
      const list = await ok(t, "json", "User/List", { params: { user_id: user.user_id } });
      expect(list.users[0].login_history[0]).toMatchObject({ method: "temporary_token", ip_address: "192.0.2.1" });
    });

    it(`${format}: a token lives 1 minute by default and at most 10`, async () => {
      const { account, user } = await customer();
      const ids = { customer_account_id: account.customer_account_id, user_id: user.user_id };
      const short = await tokenFor(format, t, ids);
      const long = await tokenFor(format, t, { ...ids, expiration: "10" });
      const longToo = await tokenFor(format, t, { ...ids, expiration: "10" });
      clock.advance({ seconds: 61 });
      await expectSignInRefused(format, { temporary_token: short.temporary_token });
      clock.advance({ minutes: 8, seconds: 58 }); // 9:59 after creation
      expect((await authenticate(format, { temporary_token: long.temporary_token })).status).toBe(200);
      clock.advance({ seconds: 2 }); // 10:01
      await expectSignInRefused(format, { temporary_token: longToo.temporary_token });
    });

    it(`${format}: refuses an 11-minute token, a bad redirect, and ids of the wrong account or brand`, async () => {
      const { account, user } = await customer();
      const ids = { customer_account_id: account.customer_account_id, user_id: user.user_id };
      for (const [params, parameter] of [
        [{ expiration: "11" }, "expiration"],
        [{ expiration: "0" }, "expiration"],
        [{ expiration: "1.5" }, "expiration"],
        [{ cfp_redirect: "https://evil.example/" }, "cfp_redirect"],
      ] as const) {
        const e = await refused(t, format, "User/CreateToken", "POST", { ...ids, ...params });
        expect([e.status, e.code, e.parameter]).toEqual([400, "INVALID_PARAMETER", parameter]);
      }
      const elsewhere = await customer();
      const wrongAccount = await refused(t, format, "User/CreateToken", "POST", { ...ids, customer_account_id: elsewhere.account.customer_account_id });
      expect([wrongAccount.status, wrongAccount.parameter]).toEqual([404, "user_id"]);
      const foreign = await customer(other);
      const foreignUser = await refused(t, format, "User/CreateToken", "POST", { ...ids, user_id: foreign.user.user_id });
      expect([foreignUser.status, foreignUser.parameter]).toEqual([404, "user_id"]);
      const foreignAccount = await refused(t, format, "User/CreateToken", "POST", {
        customer_account_id: foreign.account.customer_account_id,
        user_id: foreign.user.user_id,
      });
      expect([foreignAccount.status, foreignAccount.parameter]).toEqual([404, "customer_account_id"]);
      const db = await getDb();
      expect(await db.select().from(customerUserTokens).where(eq(customerUserTokens.userId, foreign.user.user_id))).toEqual([]);
    });

    it(`${format}: no token for a suspended user; a token stops working when its user is suspended`, async () => {
      const { account, user } = await customer();
      const ids = { customer_account_id: account.customer_account_id, user_id: user.user_id };
      const token = await tokenFor(format, t, { ...ids, expiration: "5" });
      await ok(t, "json", "User/Suspend", { method: "PATCH", params: { user_id: user.user_id } });
      await expectSignInRefused(format, { temporary_token: token.temporary_token });
      const e = await refused(t, format, "User/CreateToken", "POST", ids);
      expect([e.status, e.code]).toEqual([409, "INVALID_STATE"]);
      // The refused use did not spend the token: it works again once the user is restored.
      await ok(t, "json", "User/Restore", { method: "PATCH", params: { user_id: user.user_id } });
      expect((await authenticate(format, { temporary_token: token.temporary_token })).status).toBe(200);
    });
  }
});

describe("User/PasswdReset", () => {
  for (const format of FORMATS) {
    it(`${format}: sends a temporary password that signs in for one hour, beside the usual one`, async () => {
      const { account, user } = await customer();
      const r = await call(format, "User/PasswdReset", { method: "POST", creds: t, params: { email_address: account.email_address } });
      expect(r.status).toBe(200);
      const events = (await outbox(t, "User/PasswdReset")).filter((e) => e.user.user_id === user.user_id);
      expect(events).toHaveLength(1);
      const temporary = events[0].user.temporary_password as string;
      expect(temporary).toMatch(/^[A-Za-z0-9]{16}$/);
      // One hour from now, as the brand (UTC here) reads it.
      expect(events[0]).toMatchObject({ to_email: account.email_address, user: { email_address: account.email_address, username: user.username } });
      expect(events[0].user.temporary_password_expires).toBe(localTime(new Date(clock.now().getTime() + 3_600_000), "UTC"));
      expect(r.text).not.toContain(temporary);

      clock.advance({ minutes: 59 });
      const signedIn = await authenticate(format, { username: user.username, password: temporary });
      expect(signedIn.status).toBe(200);
      const list = await ok(t, "json", "User/List", { params: { user_id: user.user_id } });
      expect(list.users[0].login_history[0].method).toBe("temporary_password");
      clock.advance({ minutes: 1, seconds: 1 });
      await expectSignInRefused(format, { username: user.username, password: temporary });
      expect((await authenticate(format, { username: user.username, password: PASSWORD })).status).toBe(200);
    });

    it(`${format}: answers alike for unknown and inactive users, sending nothing`, async () => {
      const known = await customer();
      const answer = await ok(t, format, "User/PasswdReset", { method: "POST", params: { username: known.user.username } });
      const unknown = await ok(t, format, "User/PasswdReset", { method: "POST", params: { email_address: uniqueEmail("nobody") } });
      expect(unknown).toEqual(answer);
      const suspended = await customer();
      await ok(t, "json", "User/Suspend", { method: "PATCH", params: { user_id: suspended.user.user_id } });
      expect(await ok(t, format, "User/PasswdReset", { method: "POST", params: { username: suspended.user.username } })).toEqual(answer);
      const foreign = await customer(other);
      await ok(t, format, "User/PasswdReset", { method: "POST", params: { username: foreign.user.username } });
      const sent = (await outbox(t, "User/PasswdReset")).map((e) => e.user.user_id);
      expect(sent).toContain(known.user.user_id);
      expect(sent).not.toContain(suspended.user.user_id);
      expect(sent).not.toContain(foreign.user.user_id);
      expect(await outbox(other, "User/PasswdReset")).toEqual([]);
    });

    it(`${format}: needs exactly one of email_address and username`, async () => {
      const { account, user } = await customer();
      const both = await refused(t, format, "User/PasswdReset", "POST", { email_address: account.email_address, username: user.username });
      expect([both.status, both.code, both.parameter]).toEqual([400, "INVALID_PARAMETER", "username"]);
      const none = await refused(t, format, "User/PasswdReset", "POST", {});
      expect([none.status, none.code, none.parameter]).toEqual([400, "MISSING_PARAMETER", "email_address"]);
      const bad = await refused(t, format, "User/PasswdReset", "POST", { email_address: "nope" });
      expect([bad.status, bad.parameter]).toEqual([400, "email_address"]);
    });
  }

  it("a new password set with User/Update ends the temporary one", async () => {
    const { user } = await customer();
    await ok(t, "json", "User/PasswdReset", { method: "POST", params: { username: user.username } });
    const [event] = (await outbox(t, "User/PasswdReset")).filter((e) => e.user.user_id === user.user_id);
    await ok(t, "json", "User/Update", { method: "PATCH", params: { user_id: user.user_id, access_level: "ADMIN", password: "my new password" } });
    await expectSignInRefused("json", { username: user.username, password: event.user.temporary_password });
    await expectSignInRefused("json", { username: user.username, password: PASSWORD });
    expect((await authenticate("json", { username: user.username, password: "my new password" })).status).toBe(200);
  });
});
