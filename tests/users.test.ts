import { beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { customerUsers } from "../db/schema";
import { ManualClock, useClock } from "../lib/clock";
import { newId } from "../lib/ids";
import { call, ok } from "./support/api";
import { FORMATS, makeTenant, newCustomer, outbox, refused, uniqueEmail, userRow, type Tenant } from "./support/fake-customers";

const clock = new ManualClock("2026-03-01T12:00:00Z");
useClock(clock);

let t: Tenant;
let other: Tenant;
let userStaff: Tenant;
beforeAll(async () => {
  [t, other, userStaff] = await Promise.all([makeTenant(), makeTenant(), makeTenant("USER")]);
});

const asList = (x: unknown) => (x === undefined || x === "" ? [] : Array.isArray(x) ? x : [x]);
const usersIn = (format: string, body: any) => (format === "json" ? body.users : asList(body.users?.user));

const userFields = (accountId: string, overrides: Record<string, string> = {}): Record<string, string> => ({
  customer_account_id: accountId,
  first_name: "John",
  last_name: "Roe",
  email_address: uniqueEmail("john"),
  access_level: "USER",
  locale: "fr-FR",
  timezone_id: "Europe/Paris",
  send_new_user_email: "N",
  ...overrides,
});

const usersOfAccount = async (accountId: string) => {
  const db = await getDb();
  const [{ n }] = await db.select({ n: count() }).from(customerUsers).where(eq(customerUsers.customerAccountId, accountId));
  return n;
};

describe("User/Create", () => {
  for (const format of FORMATS) {
    it(`${format}: adds a user with a generated username and never shows a password`, async () => {
      const { account } = await newCustomer(t);
      const params = userFields(account.customer_account_id, {
        phone_number_country_code: "33",
        phone_number: "6 12 34 56 78",
        custom_field_1: "c1",
        custom_field_2: "c2",
        avatar_uri: "https://cdn.example.com/me.JPEG?size=64",
        password: "a very secret pass",
      });
      const r = await call(format, "User/Create", { method: "POST", creds: t, params });
      expect(r.status).toBe(200);
      const { password, send_new_user_email, ...shown } = params;
      expect(r.body.user).toMatchObject({ ...shown, status: "1", verified: "N", last_email_verification_date: "" });
      expect(r.body.user.username).toMatch(/^johnroe\d{5,}$/);
      expect(r.text).not.toContain(password);
      expect(r.text).not.toMatch(/argon2|password/i);
      expect((await userRow(r.body.user.user_id)).passwordHash).toMatch(/^\$argon2id\$/);
    });
  }

  it("sends the new-user email when asked, with the password only when it was generated", async () => {
    const { account } = await newCustomer(t);
    const generated = await ok(t, "json", "User/Create", { method: "POST", params: userFields(account.customer_account_id, { send_new_user_email: "Y" }) });
    const chosen = await ok(t, "json", "User/Create", {
      method: "POST",
      params: userFields(account.customer_account_id, { send_new_user_email: "Y", password: "chosen password 1" }),
    });
    const silent = await ok(t, "json", "User/Create", { method: "POST", params: userFields(account.customer_account_id) });
    const events = await outbox(t, "User/Create");
    const of = (id: string) => events.find((e) => e.user.user_id === id)?.user;
    expect(of(generated.user.user_id)).toMatchObject({ username: generated.user.username, initial_password: expect.stringMatching(/^[A-Za-z0-9]{16}$/) });
    expect(of(chosen.user.user_id)).toBeDefined();
    expect(of(chosen.user.user_id)!.initial_password).toBeUndefined();
    expect(of(silent.user.user_id)).toBeUndefined();
  });

  for (const format of FORMATS) {
    it(`${format}: refuses an email already on the account (any case) with 409, but allows it on another account`, async () => {
      const { account } = await newCustomer(t);
      const id = account.customer_account_id;
      const e = await refused(t, format, "User/Create", "POST", userFields(id, { email_address: account.email_address.toUpperCase() }));
      expect([e.status, e.code, e.parameter]).toEqual([409, "DUPLICATE", "email_address"]);
      expect(await usersOfAccount(id)).toBe(1);
      const elsewhere = await newCustomer(t);
      await ok(t, format, "User/Create", {
        method: "POST",
        params: userFields(elsewhere.account.customer_account_id, { email_address: account.email_address }),
      });
    });

    it(`${format}: only an ADMIN staff user may create an ADMIN user`, async () => {
      const { account } = await newCustomer(userStaff);
      const id = account.customer_account_id;
      const e = await refused(userStaff, format, "User/Create", "POST", userFields(id, { access_level: "ADMIN" }));
      expect([e.status, e.code]).toEqual([403, "FORBIDDEN"]);
      expect(await usersOfAccount(id)).toBe(1);
      await ok(userStaff, format, "User/Create", { method: "POST", params: userFields(id) });
      const mine = await newCustomer(t);
      const admin = await ok(t, format, "User/Create", { method: "POST", params: userFields(mine.account.customer_account_id, { access_level: "ADMIN" }) });
      expect(admin.user.access_level).toBe("ADMIN");
    });

    it(`${format}: refuses bad input, creating nothing`, async () => {
      const { account } = await newCustomer(t);
      const id = account.customer_account_id;
      for (const [params, parameter] of [
        [{ email_address: "john.example.com" }, "email_address"],
        [{ locale: "klingon" }, "locale"],
        [{ timezone_id: "Europe/Atlantis" }, "timezone_id"],
        [{ access_level: "OWNER" }, "access_level"],
        [{ send_new_user_email: "maybe" }, "send_new_user_email"],
        [{ avatar_uri: "https://cdn.example.com/me.svg" }, "avatar_uri"],
        [{ avatar_uri: "https://cdn.example.com/png" }, "avatar_uri"],
        [{ avatar_uri: "me.png" }, "avatar_uri"],
        [{ password: "1234567" }, "password"],
      ] as const) {
        const e = await refused(t, format, "User/Create", "POST", userFields(id, params));
        expect([e.status, e.code, e.parameter], JSON.stringify(params)).toEqual([400, "INVALID_PARAMETER", parameter]);
      }
      const { access_level, ...noLevel } = userFields(id);
      const missing = await refused(t, format, "User/Create", "POST", noLevel);
      expect([missing.status, missing.code, missing.parameter]).toEqual([400, "MISSING_PARAMETER", "access_level"]);
      expect(await usersOfAccount(id)).toBe(1);
    });

    it(`${format}: refuses a suspended account (409) and another brand's account (404)`, async () => {
      const { account } = await newCustomer(t);
      await ok(t, "json", "Account/Suspend", { method: "PATCH", params: { customer_account_id: account.customer_account_id } });
      const e = await refused(t, format, "User/Create", "POST", userFields(account.customer_account_id));
      expect([e.status, e.code]).toEqual([409, "INVALID_STATE"]);
      const foreign = await newCustomer(other);
      const f = await refused(t, format, "User/Create", "POST", userFields(foreign.account.customer_account_id));
      expect([f.status, f.code, f.parameter]).toEqual([404, "NOT_FOUND", "customer_account_id"]);
      expect(await usersOfAccount(foreign.account.customer_account_id)).toBe(1);
    });
  }
});

describe("User/Update", () => {
  for (const format of FORMATS) {
    it(`${format}: sets supplied fields, clears optional ones sent empty, keeps the rest`, async () => {
      const { account } = await newCustomer(t);
      const made = await ok(t, "json", "User/Create", {
        method: "POST",
        params: userFields(account.customer_account_id, { custom_field_1: "one", custom_field_2: "two", phone_number: "5550100" }),
      });
      const id = made.user.user_id;
      const before = await userRow(id);
      const r = await call(format, "User/Update", {
        method: "PATCH",
        creds: t,
        params: { user_id: id, access_level: "USER", first_name: "Johnny", custom_field_1: "", verified: "Y", password: "brand new password" },
      });
      expect(r.status).toBe(200);
      expect(r.body.user).toMatchObject({
        first_name: "Johnny",
        custom_field_1: "",
        custom_field_2: "two",
        phone_number: "5550100",
        verified: "Y",
        last_name: "Roe",
      });
      expect(r.text).not.toMatch(/brand new password|argon2/);
      const after = await userRow(id);
      expect(after.customField1).toBeNull();
      expect(after.passwordHash).not.toBe(before.passwordHash);
    });

    it(`${format}: access_level is required, and only an ADMIN staff user may promote to ADMIN`, async () => {
      const { account, user } = await newCustomer(userStaff);
      const made = await ok(userStaff, "json", "User/Create", { method: "POST", params: userFields(account.customer_account_id) });
      const missing = await refused(userStaff, format, "User/Update", "PATCH", { user_id: made.user.user_id, first_name: "X" });
      expect([missing.status, missing.code, missing.parameter]).toEqual([400, "MISSING_PARAMETER", "access_level"]);
      const e = await refused(userStaff, format, "User/Update", "PATCH", { user_id: made.user.user_id, access_level: "ADMIN" });
      expect([e.status, e.code]).toEqual([403, "FORBIDDEN"]);
      expect((await userRow(made.user.user_id)).accessLevel).toBe("USER");
      // The initial user already is ADMIN: resending ADMIN while editing it is no promotion.
      await ok(userStaff, format, "User/Update", { method: "PATCH", params: { user_id: user.user_id, access_level: "ADMIN", last_name: "Edited" } });
      const mine = await newCustomer(t);
      const promoted = await ok(t, "json", "User/Create", { method: "POST", params: userFields(mine.account.customer_account_id) });
      const body = await ok(t, format, "User/Update", { method: "PATCH", params: { user_id: promoted.user.user_id, access_level: "ADMIN" } });
      expect(body.user.access_level).toBe("ADMIN");
    });

    it(`${format}: refuses a duplicate email (409), bad input (400), a deleted user (409) and another brand's user (404)`, async () => {
      const { account, user } = await newCustomer(t);
      const second = await ok(t, "json", "User/Create", { method: "POST", params: userFields(account.customer_account_id) });
      const id = second.user.user_id;
      const dup = await refused(t, format, "User/Update", "PATCH", { user_id: id, access_level: "USER", email_address: account.email_address.toUpperCase() });
      expect([dup.status, dup.code, dup.parameter]).toEqual([409, "DUPLICATE", "email_address"]);
      for (const [params, parameter] of [
        [{ email_address: "@example.com" }, "email_address"],
        [{ locale: "en" }, "locale"],
        [{ timezone_id: "GMT+25" }, "timezone_id"],
        [{ avatar_uri: "https://x.example/a.bmp" }, "avatar_uri"],
        [{ first_name: "" }, "first_name"],
      ] as const) {
        const e = await refused(t, format, "User/Update", "PATCH", { user_id: id, access_level: "USER", ...params });
        expect([e.status, e.parameter]).toEqual([400, parameter]);
      }
      expect((await userRow(id)).emailAddress).toBe(second.user.email_address);
      await ok(t, "json", "User/Delete", { method: "PATCH", params: { user_id: user.user_id } });
      const gone = await refused(t, format, "User/Update", "PATCH", { user_id: user.user_id, access_level: "USER", first_name: "Zed" });
      expect([gone.status, gone.code]).toEqual([409, "INVALID_STATE"]);
      const foreign = await newCustomer(other);
      const f = await refused(t, format, "User/Update", "PATCH", { user_id: foreign.user.user_id, access_level: "USER", first_name: "Hacked" });
      expect([f.status, f.code, f.parameter]).toEqual([404, "NOT_FOUND", "user_id"]);
      expect((await userRow(foreign.user.user_id)).firstName).toBe("Jane");
    });
  }
});

describe("User/Suspend, Delete and Restore", () => {
  for (const format of FORMATS) {
    it(`${format}: moves a user through the ledger and refuses what it does not allow`, async () => {
      const { user } = await newCustomer(t);
      const p = { user_id: user.user_id };
      const restoreActive = await refused(t, format, "User/Restore", "PATCH", p);
      expect([restoreActive.status, restoreActive.code]).toEqual([409, "INVALID_STATE"]);
      expect((await ok(t, format, "User/Suspend", { method: "PATCH", params: p })).user.status).toBe("2");
      const again = await refused(t, format, "User/Suspend", "PATCH", p);
      expect([again.status, again.code]).toEqual([409, "INVALID_STATE"]);
      expect((await ok(t, format, "User/Restore", { method: "PATCH", params: p })).user.status).toBe("1");
      const deleted = (await ok(t, format, "User/Delete", { method: "PATCH", params: p })).user;
      expect(deleted.status).toBe("3");
      // Issue 14 item 11: any -> deleted, so deleting again succeeds and changes nothing.
      clock.advance({ minutes: 1 });
      const twice = (await ok(t, format, "User/Delete", { method: "PATCH", params: p })).user;
      expect([twice.status, twice.deleted]).toEqual(["3", deleted.deleted]);
      expect((await ok(t, format, "User/Restore", { method: "PATCH", params: p })).user).toMatchObject({ status: "1", deleted: "" });
    });
  }

  it("restores a deleted user on day 89 but not on day 91, and not while its account is deleted", async () => {
    const a = await newCustomer(t);
    const b = await newCustomer(t);
    await ok(t, "json", "User/Delete", { method: "PATCH", params: { user_id: a.user.user_id } });
    await ok(t, "json", "User/Delete", { method: "PATCH", params: { user_id: b.user.user_id } });
    clock.advance({ days: 89 });
    await ok(t, "json", "User/Restore", { method: "PATCH", params: { user_id: a.user.user_id } });
    clock.advance({ days: 2 });
    for (const format of FORMATS) {
      const e = await refused(t, format, "User/Restore", "PATCH", { user_id: b.user.user_id });
      expect([e.status, e.code]).toEqual([409, "RESTORE_WINDOW_EXPIRED"]);
    }
    expect((await userRow(b.user.user_id)).status).toBe(3);

    const c = await newCustomer(t);
    await ok(t, "json", "Account/Delete", { method: "DELETE", params: { customer_account_id: c.account.customer_account_id } });
    const e = await refused(t, "json", "User/Restore", "PATCH", { user_id: c.user.user_id });
    expect([e.status, e.code]).toEqual([409, "INVALID_STATE"]);
  });

  for (const format of FORMATS) {
    it(`${format}: another brand's user is 404 and stays as it was`, async () => {
      const foreign = await newCustomer(other);
      for (const path of ["User/Suspend", "User/Delete", "User/Restore"]) {
        const e = await refused(t, format, path, "PATCH", { user_id: foreign.user.user_id });
        expect([e.status, e.code, e.parameter], path).toEqual([404, "NOT_FOUND", "user_id"]);
      }
      expect((await userRow(foreign.user.user_id)).status).toBe(1);
    });
  }
});

describe("User/List", () => {
  let s: Tenant;
  let accountId: string;
  let initial: { user_id: string; username: string };
  beforeAll(async () => {
    s = await makeTenant();
    const made = await newCustomer(s, { first_name: "Lena", last_name: "Lister", email_address: "lena@list.example" });
    accountId = made.account.customer_account_id;
    initial = made.user;
    clock.advance({ seconds: 1 });
    await ok(s, "json", "User/Create", {
      method: "POST",
      params: userFields(accountId, {
        first_name: "Mo",
        last_name: "Second",
        email_address: "mo@list.example",
        custom_field_1: "Blue Team",
        custom_field_2: "x-ray",
      }),
    });
    await newCustomer(s, { first_name: "Otto", last_name: "Other", email_address: "otto@list.example" });
  });

  const firstNames = async (format: string, params: Record<string, string>, tenant = s) =>
    usersIn(format, await ok(tenant, format, "User/List", { params })).map((u: any) => u.first_name);

  for (const format of FORMATS) {
    it(`${format}: filters by account, exact email, partial username and custom fields`, async () => {
      expect(await firstNames(format, {})).toEqual(["Lena", "Mo", "Otto"]);
      expect(await firstNames(format, { customer_account_id: accountId })).toEqual(["Lena", "Mo"]);
      expect(await firstNames(format, { email_address: "MO@LIST.EXAMPLE" })).toEqual(["Mo"]);
      expect(await firstNames(format, { email_address: "list.example" })).toEqual([]);
      expect(await firstNames(format, { username: initial.username.slice(2, 8).toUpperCase() })).toEqual(["Lena"]);
      expect(await firstNames(format, { custom_field_1: "blue" })).toEqual(["Mo"]);
      expect(await firstNames(format, { custom_field_2: "-ra" })).toEqual(["Mo"]);
      expect(await firstNames(format, { customer_account_id: accountId }, other)).toEqual([]);
      expect(await firstNames(format, { user_id: initial.user_id }, other)).toEqual([]);
    });

    it(`${format}: by user_id answers the login history, newest first, and no password`, async () => {
      await ok(s, "json", "User/Update", { method: "PATCH", params: { user_id: initial.user_id, access_level: "ADMIN", password: "history password" } });
      for (const [ip, url] of [
        ["203.0.113.7", "https://shop.example/login"],
        ["2001:db8::1", "https://shop.example/app"],
      ]) {
        clock.advance({ minutes: 1 });
        await ok(s, "json", "User/Authenticate", { method: "POST", params: { username: initial.username, password: "history password", ip_address: ip, url } });
      }
      const r = await call(format, "User/List", { creds: s, params: { user_id: initial.user_id } });
      const [user] = usersIn(format, r.body);
      const history = format === "json" ? user.login_history : asList(user.login_history.login);
      // Newest first (the json run signed in twice before the xml run).
      expect(history.length).toBe(format === "json" ? 2 : 4);
      expect(history.slice(0, 2).map((h: any) => [h.ip_address, h.url, h.method])).toEqual([
        ["2001:db8::1", "https://shop.example/app", "password"],
        ["203.0.113.7", "https://shop.example/login", "password"],
      ]);
      expect(history[0].logged_in).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(r.text).not.toMatch(/history password|argon2/);
    });
  }

  it("answers at most 300 users and counts all of them in total", async () => {
    const db = await getDb();
    const hash = (await userRow(initial.user_id)).passwordHash;
    const now = clock.now();
    await db.insert(customerUsers).values(
      Array.from({ length: 305 }, (_, i) => ({
        id: newId(),
        brandId: s.brand_id,
        customerAccountId: accountId,
        username: `bulk${i}`,
        firstName: "Bulk",
        lastName: String(i),
        emailAddress: `bulk${i}@list.example`,
        accessLevel: "USER" as const,
        locale: "en-US",
        timezoneId: "UTC",
        passwordHash: hash,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const body = await ok(s, "json", "User/List", { params: { customer_account_id: accountId } });
    expect([body.count, body.total, body.users.length]).toEqual(["300", "307", 300]);
  });
});
