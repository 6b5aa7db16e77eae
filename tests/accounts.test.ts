import { beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { customerAccounts } from "../db/schema";
import { ManualClock, useClock } from "../lib/clock";
import { formatInstant } from "../lib/dates";
import { call, ok } from "./support/api";
import { FORMATS, accountFields, accountRow, makeTenant, newCustomer, outbox, refused, uniqueEmail, userRow, type Tenant } from "./support/fake-customers";

const clock = new ManualClock("2026-03-01T12:00:00Z");
useClock(clock);

let t: Tenant;
let other: Tenant;
beforeAll(async () => {
  [t, other] = await Promise.all([makeTenant(), makeTenant()]);
});

const accountsIn = async (tenant: Tenant) => {
  const db = await getDb();
  const [{ n }] = await db.select({ n: count() }).from(customerAccounts).where(eq(customerAccounts.brandId, tenant.brand_id));
  return n;
};

/** XML gives one child as an object and several as an array. */
const asList = (x: unknown) => (x === undefined || x === "" ? [] : Array.isArray(x) ? x : [x]);
const listed = (format: string, body: any) => (format === "json" ? body.customer_accounts : asList(body.customer_accounts?.customer_account));

describe("Account/Create", () => {
  for (const format of FORMATS) {
    it(`${format}: creates the account, its codes, the initial user and the Account/Create event`, async () => {
      const params = accountFields({
        company_name: "Doe Ltd",
        cc_email_address: "books@example.com",
        phone_number_country_code: "+1",
        phone_number: "(555) 010-0199",
        address: "1 Main St",
        address_2: "Floor 2",
        unit: "4B",
        unit_type: "APT",
        city: "Springfield",
        state: "IL",
        zip_code: "62701",
        tax_id: "12-345",
        tax_exempt: "Y",
        tax_exempt_reason: "Charity",
        custom_field_1: "alpha",
        custom_field_2: "beta",
      });
      const r = await call(format, "Account/Create", { method: "POST", creds: t, params });
      expect(r.status).toBe(200);
      const a = r.body.customer_account;
      const { phone_number_country_code, ...rest } = params;
      for (const [k, v] of Object.entries(rest)) expect(a[k], k).toBe(v);
      expect(phone_number_country_code).toBe("+1");
      expect(a.phone_number_country_code).toBe("1");
      expect(a.status).toBe("1");
      expect(a.prepaid_balance).toBe("0.00");
      expect(a.security_code).toMatch(/^[1-9]\d{4}$/);
      expect(a.email_verification_code).toMatch(/^[A-Za-z0-9]{35}$/);
      expect(r.body.user.user_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.body.user.username).toMatch(/^janedoe\d{5,}$/);

      const user = await userRow(r.body.user.user_id);
      expect(user).toMatchObject({ customerAccountId: a.customer_account_id, accessLevel: "ADMIN", emailAddress: params.email_address, status: 1 });
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
      const [event] = (await outbox(t, "Account/Create")).filter((e) => e.customer.customer_account_id === a.customer_account_id);
      expect(event).toMatchObject({ to_email: params.email_address, user: { user_id: user.id, username: user.username, email_address: params.email_address } });
      // The generated password reaches the customer only through the email, never the response.
      expect(event.user.initial_password).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(r.text).not.toContain(event.user.initial_password);
      expect(r.text).not.toMatch(/password|argon2/i);
    });
  }

  it("uses the given password without putting it in the event, and skips the event with skip_notification Y", async () => {
    const email = uniqueEmail();
    const r = await call("json", "Account/Create", {
      method: "POST",
      creds: t,
      params: accountFields({ email_address: email, password: "correct horse battery" }),
    });
    expect(r.text).not.toContain("correct horse battery");
    const [event] = (await outbox(t, "Account/Create")).filter((e) => e.to_email === email);
    expect(event.user.initial_password).toBeUndefined();

    const quiet = await newCustomer(t, { skip_notification: "Y" });
    expect((await outbox(t, "Account/Create")).some((e) => e.customer.customer_account_id === quiet.account.customer_account_id)).toBe(false);
  });

  it("accepts a lower-case country and stores it upper case; outside the US city and state are required", async () => {
    const { account } = await newCustomer(t, { country: "gb", city: "London", state: "Greater London" });
    expect(account.country).toBe("GB");
    for (const [params, parameter] of [
      [{ country: "GB", state: "Greater London" }, "city"],
      [{ country: "DE", city: "Berlin" }, "state"],
      [{ unit: "4B" }, "unit_type"],
    ] as const) {
      const e = await refused(t, "json", "Account/Create", "POST", accountFields(params));
      expect([e.status, e.code, e.parameter]).toEqual([400, "MISSING_PARAMETER", parameter]);
    }
  });

  for (const format of FORMATS) {
    it(`${format}: refuses an email already used in the brand, ignoring case, with 409 DUPLICATE`, async () => {
      const email = uniqueEmail("dup");
      await newCustomer(t, { email_address: email });
      const before = await accountsIn(t);
      const e = await refused(t, format, "Account/Create", "POST", accountFields({ email_address: email.toUpperCase() }));
      expect([e.status, e.code, e.parameter]).toEqual([409, "DUPLICATE", "email_address"]);
      expect(await accountsIn(t)).toBe(before);
      // Another brand may use it.
      await newCustomer(other, { email_address: email });
    });

    it(`${format}: refuses bad input naming the parameter, creating nothing`, async () => {
      const before = await accountsIn(t);
      const cases: [Record<string, string>, string][] = [
        [{ email_address: "not-an-email" }, "email_address"],
        [{ email_address: "a@b@example.com" }, "email_address"],
        [{ locale: "xx-XX" }, "locale"],
        [{ locale: "en_US" }, "locale"],
        [{ timezone_id: "Mars/Olympus_Mons" }, "timezone_id"],
        [{ country: "XX" }, "country"],
        [{ country: "USA" }, "country"],
        [{ tax_exempt: "yes" }, "tax_exempt"],
        [{ password: "short" }, "password"],
        [{ phone_number: "call me" }, "phone_number"],
        [{ cc_email_address: "nope" }, "cc_email_address"],
      ];
      for (const [params, parameter] of cases) {
        const e = await refused(t, format, "Account/Create", "POST", accountFields(params));
        expect([e.status, e.code, e.parameter], JSON.stringify(params)).toEqual([400, "INVALID_PARAMETER", parameter]);
      }
      const missing = await refused(t, format, "Account/Create", "POST", { ...accountFields(), locale: "" });
      expect([missing.code, missing.parameter]).toEqual(["MISSING_PARAMETER", "locale"]);
      expect(await accountsIn(t)).toBe(before);
    });
  }
});

describe("Account/List", () => {
  let s: Tenant;
  const ids: string[] = [];
  beforeAll(async () => {
    s = await makeTenant();
    const people: Record<string, string>[] = [
      { first_name: "Alice", last_name: "Zeller", company_name: "Acme 100% Corp", custom_field_1: "gold", email_address: "alice.z@shop.example" },
      { first_name: "Bob", last_name: "Young", company_name: "Bobco", custom_field_2: "silver", email_address: "bob@shop.example" },
      { first_name: "Carol", last_name: "Alison", company_name: "Acme Ltd", email_address: "carol@other.example" },
    ];
    for (const p of people) {
      clock.advance({ seconds: 1 });
      ids.push((await newCustomer(s, p)).account.customer_account_id);
    }
    await ok(s, "json", "Account/Delete", { method: "DELETE", params: { customer_account_id: ids[1] } });
  });

  const names = async (format: string, params: Record<string, string>) => {
    const body = await ok(s, format, "Account/List", { params });
    return { names: listed(format, body).map((a: any) => a.first_name), count: body.count, total: body.total };
  };

  for (const format of FORMATS) {
    it(`${format}: lists every account, deleted ones included, oldest first`, async () => {
      expect(await names(format, {})).toEqual({ names: ["Alice", "Bob", "Carol"], count: "3", total: "3" });
      const body = await ok(s, format, "Account/List", { params: { customer_account_id: ids[1] } });
      expect(listed(format, body)[0]).toMatchObject({ customer_account_id: ids[1], status: "3" });
    });

    it(`${format}: matches email, names, company and custom fields partially and ignoring case`, async () => {
      expect((await names(format, { email_address: "SHOP.EXAMPLE" })).names).toEqual(["Alice", "Bob"]);
      expect((await names(format, { first_name: "aro" })).names).toEqual(["Carol"]);
      expect((await names(format, { last_name: "ALI" })).names).toEqual(["Carol"]);
      expect((await names(format, { company_name: "acme" })).names).toEqual(["Alice", "Carol"]);
      expect((await names(format, { company_name: "100%" })).names).toEqual(["Alice"]);
      expect((await names(format, { company_name: "Acme%Ltd" })).names).toEqual([]); // % is a character, not a wildcard
      expect((await names(format, { custom_field_1: "OL" })).names).toEqual(["Alice"]);
      expect((await names(format, { custom_field_2: "silv" })).names).toEqual(["Bob"]);
      expect((await names(format, { first_name: "a", company_name: "acme" })).names).toEqual(["Alice", "Carol"]);
    });

    it(`${format}: pages with limit, offset and order; total counts before paging`, async () => {
      expect(await names(format, { limit: "2" })).toEqual({ names: ["Alice", "Bob"], count: "2", total: "3" });
      expect(await names(format, { limit: "2", offset: "2" })).toEqual({ names: ["Carol"], count: "1", total: "3" });
      expect(await names(format, { order: "desc", limit: "1" })).toEqual({ names: ["Carol"], count: "1", total: "3" });
      expect(await names(format, { offset: "10" })).toEqual({ names: [], count: "0", total: "3" });
      for (const [params, parameter] of [
        [{ limit: "0" }, "limit"],
        [{ limit: "301" }, "limit"],
        [{ order: "up" }, "order"],
        [{ offset: "-1" }, "offset"],
      ] as const) {
        const e = await refused(s, format, "Account/List", "GET", params);
        expect([e.status, e.parameter]).toEqual([400, parameter]);
      }
    });

    it(`${format}: never lists another brand's accounts`, async () => {
      expect((await names(format, { customer_account_id: ids[0] })).names).toEqual(["Alice"]);
      const body = await ok(other, format, "Account/List", { params: { customer_account_id: ids[0] } });
      expect(body.count).toBe("0");
      expect(listed(format, await ok(other, format, "Account/List", { params: { email_address: "shop.example" } }))).toEqual([]);
    });
  }
});

describe("Account/Update", () => {
  for (const format of FORMATS) {
    it(`${format}: sets supplied fields, clears optional ones sent empty, leaves the rest`, async () => {
      const { account } = await newCustomer(t, { company_name: "Old Co", custom_field_1: "keep me", zip_code: "10001" });
      const id = account.customer_account_id;
      const body = await ok(t, format, "Account/Update", {
        method: "PATCH",
        params: { customer_account_id: id, company_name: "New Co", zip_code: "", first_name: "Janet", tax_exempt: "Y" },
      });
      expect(body.customer_account).toMatchObject({ company_name: "New Co", zip_code: "", first_name: "Janet", custom_field_1: "keep me", tax_exempt: "Y" });
      const row = await accountRow(id);
      expect([row.companyName, row.zipCode, row.customField1, row.lastName]).toEqual(["New Co", null, "keep me", "Doe"]);
    });
  }

  it("refuses to clear required fields, a duplicate email, and a change that breaks the address rules", async () => {
    const taken = uniqueEmail("taken");
    await newCustomer(t, { email_address: taken });
    const { account } = await newCustomer(t);
    const id = account.customer_account_id;
    for (const format of FORMATS) {
      const empty = await refused(t, format, "Account/Update", "PATCH", { customer_account_id: id, first_name: "" });
      expect([empty.status, empty.parameter]).toEqual([400, "first_name"]);
      const dup = await refused(t, format, "Account/Update", "PATCH", { customer_account_id: id, email_address: taken.toUpperCase() });
      expect([dup.status, dup.code, dup.parameter]).toEqual([409, "DUPLICATE", "email_address"]);
      const abroad = await refused(t, format, "Account/Update", "PATCH", { customer_account_id: id, country: "FR", city: "Paris" });
      expect([abroad.status, abroad.code, abroad.parameter]).toEqual([400, "MISSING_PARAMETER", "state"]);
      const unit = await refused(t, format, "Account/Update", "PATCH", { customer_account_id: id, unit: "7" });
      expect([unit.code, unit.parameter]).toEqual(["MISSING_PARAMETER", "unit_type"]);
      const locale = await refused(t, format, "Account/Update", "PATCH", { customer_account_id: id, locale: "zz-ZZ" });
      expect([locale.status, locale.parameter]).toEqual([400, "locale"]);
    }
    expect(await accountRow(id)).toMatchObject({ emailAddress: account.email_address, country: "US", unit: null, firstName: "Jane" });
    // Its own email in another case is not a duplicate; a complete foreign address is fine.
    const body = await ok(t, "json", "Account/Update", {
      method: "PATCH",
      params: { customer_account_id: id, email_address: account.email_address.toUpperCase(), country: "FR", city: "Paris", state: "IDF" },
    });
    expect(body.customer_account).toMatchObject({ country: "FR", city: "Paris", state: "IDF" });
  });

  it("refuses changes to a deleted account", async () => {
    const { account } = await newCustomer(t);
    await ok(t, "json", "Account/Delete", { method: "DELETE", params: { customer_account_id: account.customer_account_id } });
    const e = await refused(t, "json", "Account/Update", "PATCH", { customer_account_id: account.customer_account_id, first_name: "X" });
    expect([e.status, e.code]).toEqual([409, "INVALID_STATE"]);
  });
});

describe("Account/Suspend, Delete and Restore", () => {
  /** An account with its initial user and a second user. */
  async function accountWithTwoUsers() {
    const { account, user } = await newCustomer(t);
    const second = await ok(t, "json", "User/Create", {
      method: "POST",
      params: {
        customer_account_id: account.customer_account_id,
        first_name: "Second",
        last_name: "User",
        email_address: uniqueEmail("second"),
        access_level: "USER",
        locale: "en-US",
        timezone_id: "UTC",
        send_new_user_email: "N",
      },
    });
    return { id: account.customer_account_id as string, userIds: [user.user_id, second.user.user_id as string] };
  }
  const userStatuses = async (ids: string[]) => Promise.all(ids.map(async (id) => (await userRow(id)).status));

  for (const format of FORMATS) {
    it(`${format}: suspend, restore, delete and restore move the account and all its users`, async () => {
      const { id, userIds } = await accountWithTwoUsers();
      const p = { customer_account_id: id };
      expect((await ok(t, format, "Account/Suspend", { method: "PATCH", params: p })).customer_account.status).toBe("2");
      expect(await userStatuses(userIds)).toEqual([2, 2]);
      expect((await ok(t, format, "Account/Restore", { method: "PATCH", params: p })).customer_account.status).toBe("1");
      expect(await userStatuses(userIds)).toEqual([1, 1]);
      const deleted = (await ok(t, format, "Account/Delete", { method: "DELETE", params: p })).customer_account;
      expect(deleted.status).toBe("3");
      expect(deleted.deleted).toBe(formatInstant(clock.now()));
      expect(await userStatuses(userIds)).toEqual([3, 3]);
      expect((await ok(t, format, "Account/Restore", { method: "PATCH", params: p })).customer_account).toMatchObject({ status: "1", deleted: "" });
      expect(await userStatuses(userIds)).toEqual([1, 1]);
    });

    it(`${format}: refuses transitions the ledger does not allow`, async () => {
      const { id } = await accountWithTwoUsers();
      const p = { customer_account_id: id };
      const restoreActive = await refused(t, format, "Account/Restore", "PATCH", p);
      expect([restoreActive.status, restoreActive.code]).toEqual([409, "INVALID_STATE"]);
      const deleted = await ok(t, format, "Account/Delete", { method: "DELETE", params: p });
      const e = await refused(t, format, "Account/Suspend", "PATCH", p);
      expect([e.status, e.code]).toEqual([409, "INVALID_STATE"]);
      // any -> deleted: deleting again, a minute later, succeeds and changes nothing (the restore window keeps its start).
      clock.advance({ minutes: 1 });
      const again = await ok(t, format, "Account/Delete", { method: "DELETE", params: p });
      expect([again.customer_account.status, again.customer_account.deleted]).toEqual([deleted.customer_account.status, deleted.customer_account.deleted]);
    });
  }

  it("restores a deleted account on day 89 but not on day 91", async () => {
    const a = await accountWithTwoUsers();
    const b = await accountWithTwoUsers();
    await ok(t, "json", "Account/Delete", { method: "DELETE", params: { customer_account_id: a.id } });
    await ok(t, "json", "Account/Delete", { method: "DELETE", params: { customer_account_id: b.id } });
    clock.advance({ days: 89 });
    await ok(t, "json", "Account/Restore", { method: "PATCH", params: { customer_account_id: a.id } });
    expect(await userStatuses(a.userIds)).toEqual([1, 1]);
    clock.advance({ days: 2 });
    for (const format of FORMATS) {
      const e = await refused(t, format, "Account/Restore", "PATCH", { customer_account_id: b.id });
      expect([e.status, e.code]).toEqual([409, "RESTORE_WINDOW_EXPIRED"]);
    }
    expect((await accountRow(b.id)).status).toBe(3);
    expect(await userStatuses(b.userIds)).toEqual([3, 3]);
  });

  it("does not bring back a user deleted on its own more than 90 days before", async () => {
    const { id, userIds } = await accountWithTwoUsers();
    await ok(t, "json", "User/Delete", { method: "PATCH", params: { user_id: userIds[1] } });
    clock.advance({ days: 100 });
    await ok(t, "json", "Account/Suspend", { method: "PATCH", params: { customer_account_id: id } });
    await ok(t, "json", "Account/Restore", { method: "PATCH", params: { customer_account_id: id } });
    expect(await userStatuses(userIds)).toEqual([1, 3]);
  });

  for (const format of FORMATS) {
    it(`${format}: another brand's account is 404 for every change, and nothing changes`, async () => {
      const { account } = await newCustomer(other);
      const id = account.customer_account_id;
      for (const [path, method, extra] of [
        ["Account/Update", "PATCH", { first_name: "Hacked" }],
        ["Account/Suspend", "PATCH", {}],
        ["Account/Delete", "DELETE", {}],
        ["Account/Restore", "PATCH", {}],
      ] as const) {
        const e = await refused(t, format, path, method, { customer_account_id: id, ...extra });
        expect([e.status, e.code, e.parameter], path).toEqual([404, "NOT_FOUND", "customer_account_id"]);
      }
      expect(await accountRow(id)).toMatchObject({ firstName: "Jane", status: 1 });
    });
  }
});
