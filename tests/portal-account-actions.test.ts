import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { customerUsers } from "../db/schema";
import { contextFromCustomerSession } from "../lib/auth/context";
import { portalActions } from "../lib/portal/actions";
import { verifyPassword } from "../lib/users/passwords";
import { makeTenant, ok, type Tenant } from "./support/api";

// The portal's account actions beyond the contract test: who may manage users, and that the
// self-service ones act on the signed-in user whatever the browser sends.

const PASSWORD = "Account-pass-123";

async function account(t: Tenant) {
  const body = await ok(t, "json", "Account/Create", {
    method: "POST",
    params: {
      first_name: "Ada",
      last_name: "Admin",
      email_address: `acct-${Math.random().toString(36).slice(2, 10)}@example.com`,
      country: "US",
      locale: "en-US",
      timezone_id: "America/New_York",
      skip_notification: "Y",
      password: PASSWORD,
    },
  });
  const accountId = body.customer_account.customer_account_id as string;
  const user = await ok(t, "json", "User/Create", {
    method: "POST",
    params: {
      customer_account_id: accountId,
      first_name: "Uma",
      last_name: "User",
      email_address: "uma@example.com",
      access_level: "USER",
      locale: "en-US",
      timezone_id: "America/New_York",
      send_new_user_email: "N",
      password: PASSWORD,
    },
  });
  return { accountId, adminId: body.user.user_id as string, userId: user.user.user_id as string };
}

const contextFor = async (t: Tenant, accountId: string, userId: string) =>
  contextFromCustomerSession(await getDb(), { brandId: t.brand_id, customerAccountId: accountId, userId });

const row = async (id: string) => (await (await getDb()).select().from(customerUsers).where(eq(customerUsers.id, id)))[0];

describe("portal account actions", () => {
  it("a USER of the account may not add, edit or remove users; an ADMIN may, but never removes themselves", async () => {
    const t = await makeTenant();
    const a = await account(t);
    const asUser = await contextFor(t, a.accountId, a.userId);
    const asAdmin = await contextFor(t, a.accountId, a.adminId);
    const newUser = { first_name: "New", last_name: "Person", email_address: "new@example.com", locale: "en-US", timezone_id: "America/New_York" };
    expect(await portalActions.addUser.run(asUser, newUser)).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect(await portalActions.editUser.run(asUser, { user_id: a.adminId, first_name: "Hacked" })).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect(await portalActions.removeUser.run(asUser, { user_id: a.adminId })).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect((await row(a.adminId)).firstName).toBe("Ada");

    const added = await portalActions.addUser.run(asAdmin, { ...newUser, access_level: "ADMIN" });
    expect(added).toMatchObject({ ok: true, data: { access_level: "USER", customer_account_id: a.accountId } });
    // An edit keeps the user's level, whatever the browser sends.
    expect(await portalActions.editUser.run(asAdmin, { user_id: a.userId, last_name: "Renamed", access_level: "ADMIN" })).toMatchObject({
      ok: true,
      data: { last_name: "Renamed", access_level: "USER" },
    });
    expect(await portalActions.removeUser.run(asAdmin, { user_id: a.adminId })).toMatchObject({ ok: false, error: { code: "INVALID_STATE" } });
    expect(await portalActions.removeUser.run(asAdmin, { user_id: a.userId })).toMatchObject({ ok: true, data: { status: 3 } });
  });

  it("profile, password and two-step act on the signed-in user only, and never raise their level", async () => {
    const t = await makeTenant();
    const a = await account(t);
    const asUser = await contextFor(t, a.accountId, a.userId);
    const answer = await portalActions.updateProfile.run(asUser, { user_id: a.adminId, first_name: "Umaa", access_level: "ADMIN" });
    expect(answer).toMatchObject({ ok: true, data: { user_id: a.userId, first_name: "Umaa", access_level: "USER" } });
    expect((await row(a.adminId)).firstName).toBe("Ada");

    expect(await portalActions.changePassword.run(asUser, { current_password: "wrong one", password: "New-pass-456" })).toMatchObject({
      ok: false,
      error: { code: "INVALID_PARAMETER", parameter: "current_password" },
    });
    expect(await portalActions.changePassword.run(asUser, { current_password: PASSWORD, password: "short" })).toMatchObject({
      ok: false,
      error: { parameter: "password" },
    });
    expect(await portalActions.changePassword.run(asUser, { current_password: PASSWORD, password: "New-pass-456", user_id: a.adminId })).toMatchObject({
      ok: true,
    });
    expect(await verifyPassword((await row(a.userId)).passwordHash, "New-pass-456")).toBe(true);
    expect(await verifyPassword((await row(a.adminId)).passwordHash, PASSWORD)).toBe(true);

    // One rule for empty values, as the API reads them: an empty optional field clears it (it used to
    // be left alone in the portal), and an empty name is refused on its field, not silently kept.
    const phone = { phone_number_country_code: "1", phone_number: "555-010-0142" };
    expect(await portalActions.updateProfile.run(asUser, phone)).toMatchObject({ ok: true });
    expect((await row(a.userId)).phoneNumber).not.toBeNull();
    expect(await portalActions.updateProfile.run(asUser, { ...phone, phone_number_country_code: "", phone_number: "" })).toMatchObject({ ok: true });
    expect(await row(a.userId)).toMatchObject({ phoneNumber: null, phoneNumberCountryCode: null, firstName: "Umaa" });
    expect(await portalActions.updateProfile.run(asUser, { first_name: "" })).toMatchObject({ ok: false, error: { parameter: "first_name" } });
    expect((await row(a.userId)).firstName).toBe("Umaa");

    expect(await portalActions.setTwoStep.run(asUser, { verified: "Y" })).toMatchObject({ ok: true, data: { verified: "Y" } });
    expect(await portalActions.setTwoStep.run(asUser, { verified: "maybe" })).toMatchObject({ ok: false, error: { parameter: "verified" } });
  });
});
