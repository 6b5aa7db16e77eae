/**
 * Brands, product groups, notes, users, gateways and pay methods read through one module each
 * (lib/<domain>/read.ts: booleans, Dates, named statuses, credentials only masked), which the
 * dashboard's pages and the portal read; the API's List answers the same rows through the domain's
 * toWire, field for field and in the wire's order (the keys below are the API's, as they were).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { brands } from "../db/schema";
import { contextFromCustomerSession, systemContext, type Context } from "../lib/auth/context";
import { STATUS } from "../lib/lifecycle";
import { accountParams } from "../lib/accounts/params";
import { wireValue } from "../lib/api/serialize";
import { listBrands } from "../lib/brands/list-brands";
import { brandParams } from "../lib/brands/params";
import { brandToWire } from "../lib/brands/view";
import { listProductGroupsPage } from "../lib/catalog/list-product-groups";
import { productGroupParams } from "../lib/catalog/params";
import { productGroupToWire } from "../lib/catalog/view";
import { listNotesPage } from "../lib/notes/list-notes";
import { noteToWire } from "../lib/notes/view";
import { listUsers, listUsersPage } from "../lib/users/list-users";
import { userParams } from "../lib/users/params";
import { userToWire } from "../lib/users/view";
import { gatewayChoices, listGatewaysPage } from "../lib/gateways/list-gateways";
import { providerChoices } from "../lib/gateways/read";
import { gatewayToWire } from "../lib/gateways/view";
import { listPayMethodsPage } from "../lib/pay-methods/list-pay-methods";
import { payMethodDetail, payMethodsPage } from "../lib/pay-methods/read";
import { payMethodToWire } from "../lib/pay-methods/view";
import { payMethodChoices } from "../lib/subscriptions/read";
import { portalPayMethods, portalProfile } from "../lib/portal/queries";
import { accountSettings } from "../lib/portal/account-queries";
import { makeTenant, ok, type Tenant } from "./support/api";
import { fixtures } from "./support/fixtures";
import { newCustomer } from "./support/fake-customers";

let t: Tenant, ctx: Context;
beforeAll(async () => {
  t = await makeTenant();
  const db = await getDb();
  const [brand] = await db.select().from(brands).where(eq(brands.id, t.brand_id));
  ctx = systemContext(db, brand);
});

/** What the API's JSON carries for a value (wireValue: null as "", numbers as strings, Y/N, instants to the second). */
const asJson = (v: unknown) => wireValue(v);

describe("read rows and the wire (brands, product groups, notes, users, gateways, pay methods)", () => {
  it("brands: a read row keeps no secret and the retry days as numbers; Brand/List is its toWire", async () => {
    await ok(t, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: t.brand_id, retry_days: "1,3" } });
    const [b] = (await listBrands({ ctx, input: { search_brand_id: t.brand_id } })).items;
    expect(b).toMatchObject({ id: t.brand_id, retryDays: [1, 3], deletedAt: null, proration: "none" });
    expect(b.createdAt).toBeInstanceOf(Date);
    expect(Object.keys(b)).not.toContain("webhookSecret");
    expect(Object.keys(b)).not.toContain("requestHashKey");
    const [api] = (await ok(t, "json", "Brand/List", { params: { search_brand_id: t.brand_id } })).brands;
    expect(Object.keys(api)).toEqual([
      ...["brand_id", "name", "description", "logo_url", "website_url", "website_login_url", "support_email", "support_link", "support_phone"],
      ...["terms_url", "privacy_url", "social_media_site1", "social_media_site2", "social_media_site3", "social_media_site4", "currency"],
      ...["legal_name", "address", "country", "tax_id", "invoice_prefix", "retry_days", "proration", "status", "created", "updated"],
    ]);
    expect(api).toEqual(asJson(brandToWire(b)));
    expect(api).toMatchObject({ retry_days: "1,3", status: "active" });
    // The edit form starts from the parameters as they are ("" for nothing).
    expect(brandParams(b)).toMatchObject({ brand_id: t.brand_id, name: b.name, website_url: b.websiteUrl ?? "", retry_days: "1,3", proration: "none" });
  });

  it("product groups: the variables are the filled slots with boolean flags; ProductGroup/List is its toWire, every slot present", async () => {
    const variable = (name: string, prompt: string) => JSON.stringify({ name, prompt, type: "Options", options: ["s", "m"], swapable: "Y" });
    const id = (
      await ok(t, "json", "ProductGroup/Create", {
        method: "POST",
        params: { name: "Typed group", description: "Sizes", VAR1: variable("Size", "Y"), VAR3: variable("Fit", "N") },
      })
    ).product_group.product_group_id as string;
    const [g] = (await listProductGroupsPage(ctx, { filters: { id } })).rows;
    expect(g).toMatchObject({ id, status: STATUS.ACTIVE, actionUrl: null, deletedAt: null });
    expect(g.createdAt).toBeInstanceOf(Date);
    expect(g.variables).toEqual([
      { slot: "VAR1", name: "Size", prompt: true, type: "Options", options: ["s", "m"], description: "", swapable: true, category: "" },
      { slot: "VAR3", name: "Fit", prompt: false, type: "Options", options: ["s", "m"], description: "", swapable: true, category: "" },
    ]);
    const [api] = (await ok(t, "json", "ProductGroup/List", { params: { product_group_id: id } })).product_groups;
    expect(Object.keys(api)).toEqual([
      ...["product_group_id", "name", "description", "action_url", "VAR1", "VAR2", "VAR3", "VAR4", "VAR5", "VAR6", "VAR7", "VAR8", "VAR9", "VAR10"],
      ...["status", "created", "updated", "deleted"],
    ]);
    expect(api).toEqual(asJson(productGroupToWire(g)));
    expect(Object.keys(api.VAR1)).toEqual(["name", "prompt", "type", "options", "description", "swapable", "category"]);
    expect(api.VAR1).toMatchObject({ prompt: "Y", swapable: "Y" });
    expect(api.VAR2).toBe("");
    // The editor starts from the slots as the API takes them.
    expect(productGroupParams(g)).toEqual({
      product_group_id: id,
      base: { name: "Typed group", description: "Sizes", action_url: "" },
      variables: [
        { slot: "VAR1", name: "Size", prompt: "Y", type: "Options", options: "s, m", description: "", swapable: "Y", category: "" },
        { slot: "VAR3", name: "Fit", prompt: "N", type: "Options", options: "s, m", description: "", swapable: "Y", category: "" },
      ],
    });
  });

  it("notes: instants as Dates; Note/List is its toWire, a deleted note (by id) with status deleted", async () => {
    const id = await fixtures.Note(t);
    const [n] = (await listNotesPage(ctx, { filters: { id } })).rows;
    expect(n).toMatchObject({ id, subject: "Fixture", subscriptionId: null, invoiceId: null, deletedAt: null });
    expect(n.createdAt).toBeInstanceOf(Date);
    const keys = ["note_id", "subject", "contents", "customer_account_id", "subscription_id", "invoice_id", "status", "created", "deleted"];
    const [api] = (await ok(t, "json", "Note/List", { params: { note_id: id } })).notes;
    expect(Object.keys(api)).toEqual(keys);
    expect(api).toEqual(asJson(noteToWire(n)));
    expect(api.status).toBe("active");

    await ok(t, "json", "Note/Delete", { method: "DELETE", params: { note_id: id } });
    const [gone] = (await listNotesPage(ctx, { filters: { id } })).rows;
    expect(gone.deletedAt).toBeInstanceOf(Date);
    const [deleted] = (await ok(t, "json", "Note/List", { params: { note_id: id } })).notes;
    expect(deleted).toEqual(asJson(noteToWire(gone)));
    expect(deleted.status).toBe("deleted");
  });

  it("users: the flag as a boolean, the status named, no password; User/List is its toWire (by id with its login_history)", async () => {
    const { account, user } = await newCustomer(t);
    const [u] = (await listUsersPage(ctx, { filters: { id: user.user_id } })).rows;
    expect(u).toMatchObject({
      id: user.user_id,
      customerAccountId: account.customer_account_id,
      accessLevel: "ADMIN",
      verified: false,
      status: STATUS.ACTIVE,
      lastEmailVerificationAt: null,
    });
    expect(u.createdAt).toBeInstanceOf(Date);
    expect(Object.keys(u).filter((k) => /password|locked|failed/i.test(k))).toEqual([]);
    const keys = [
      ...["user_id", "customer_account_id", "username", "first_name", "last_name", "email_address", "access_level", "phone_number_country_code"],
      ...["phone_number", "locale", "timezone_id", "avatar_uri", "custom_field_1", "custom_field_2", "verified", "last_phone_verification_date"],
      ...["last_email_verification_date", "status", "created", "updated", "deleted"],
    ];
    const listed = (await ok(t, "json", "User/List", { params: { customer_account_id: account.customer_account_id } })).users;
    expect(Object.keys(listed[0])).toEqual(keys);
    expect(listed).toEqual([asJson(userToWire(u))]);
    expect(listed[0].verified).toBe("N");

    const [byId] = (await ok(t, "json", "User/List", { params: { user_id: user.user_id } })).users;
    expect(Object.keys(byId)).toEqual([...keys, "login_history"]);
    const [withLogins] = (await listUsers({ ctx, input: { user_id: user.user_id } })).items;
    expect("loginHistory" in withLogins && withLogins.loginHistory).toEqual([]);
    expect(byId).toEqual(asJson(userToWire(withLogins)));

    // The edit form starts from User/Update's parameters as they are.
    expect(userParams(u)).toMatchObject({ user_id: u.id, first_name: u.firstName, verified: "N", phone_number: u.phoneNumber ?? "", avatar_uri: "" });
  });

  it("gateways: the credentials only masked, the defaults as booleans; PayGateway/List is its toWire", async () => {
    const id = await fixtures.PayGateway(t);
    const [g] = (await listGatewaysPage(ctx, { filters: { id } })).rows;
    expect(g).toEqual({
      id,
      name: "Fixture gateway",
      provider: "sandbox",
      credentials1Masked: "****-key",
      credentials2Masked: null,
      defaultForCards: expect.any(Boolean),
      defaultForBankAccounts: expect.any(Boolean),
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
      deletedAt: null,
    });
    expect(JSON.stringify(g)).not.toContain("sandbox-fixture");
    const body = await ok(t, "json", "PayGateway/List", { params: { gateway_id: id } });
    const keys = ["gateway_id", "name", "gateway_provider", "credentials_1", "credentials_2", "default_cc", "default_ba", "created", "updated", "deleted"];
    expect(Object.keys(body.pay_gateways[0])).toEqual(keys);
    expect(body.pay_gateways).toEqual([asJson(gatewayToWire(g))]);
    expect(body.pay_gateways[0].default_cc).toBe(g.defaultForCards ? "Y" : "N");
    const all = await ok(t, "json", "PayGateway/List", {});
    expect(all.providers.map((p: { gateway_provider: string }) => p.gateway_provider)).toEqual(providerChoices().map((p) => p.id));
    expect(await gatewayChoices(ctx)).toContainEqual({ value: id, label: "Fixture gateway (sandbox)" });
  });

  it("pay methods: flags as booleans, the status named; PayMethod/List is its toWire; a page row carries its customer's name", async () => {
    const id = await fixtures.PayMethod(t);
    const [p] = (await listPayMethodsPage(ctx, { filters: { id } })).rows;
    expect(p).toMatchObject({ id, type: "CC", lastFour: "4242", expirationMonth: 12, expirationYear: 2035, verified: true, status: STATUS.ACTIVE });
    expect(typeof p.isDefault).toBe("boolean");
    expect(p.createdAt).toBeInstanceOf(Date);
    const keys = [
      ...["pay_method_id", "customer_account_id", "gateway_id", "pay_method_type", "brand", "last_four", "expiration_month", "expiration_year"],
      ...["holder_name", "account_type", "verified", "is_default", "status", "created", "updated", "deleted"],
    ];
    const [api] = (await ok(t, "json", "PayMethod/List", { params: { pay_method_id: id, customer_account_id: p.customerAccountId } })).pay_methods;
    expect(Object.keys(api)).toEqual(keys);
    expect(api).toEqual(asJson(payMethodToWire(p)));
    expect(api).toMatchObject({ verified: "Y", status: "1" });
    const detail = await payMethodDetail(ctx, id);
    expect(detail).toMatchObject({ id, customerName: expect.stringMatching(/\S/) });
    expect((await payMethodsPage(ctx, { filters: { id } })).rows).toEqual([detail]);
    expect(await payMethodDetail(ctx, "not-an-id")).toBeNull();
    // A subscription form's picker names it from the same row.
    expect(await payMethodChoices(ctx, p.customerAccountId)).toEqual([{ value: id, label: `${p.brand} ···4242${p.isDefault ? " (default)" : ""}` }]);
  });
});

describe("the portal reads the same rows with the customer scope", () => {
  it("pay methods: the customer's own live ones, as read rows", async () => {
    const me = await newCustomer(t);
    const other = await newCustomer(t);
    const gateway = await fixtures.PayGateway(t);
    const card = async (customer: string) =>
      (
        await ok(t, "json", "PayMethod/Create", {
          method: "POST",
          params: {
            customer_account_id: customer,
            gateway_id: gateway,
            pay_method_type: "CC",
            card_number: "4242424242424242",
            expiration_month: "12",
            expiration_year: "2035",
          },
        })
      ).pay_method.pay_method_id as string;
    const mine = me.account.customer_account_id;
    const kept = await card(mine);
    const dropped = await card(mine);
    await card(other.account.customer_account_id);
    await ok(t, "json", "PayMethod/Delete", { method: "DELETE", params: { pay_method_id: dropped, customer_account_id: mine } });
    const customer = await contextFromCustomerSession(await getDb(), { brandId: t.brand_id, customerAccountId: mine, userId: me.user.user_id });
    const methods = await portalPayMethods(customer);
    expect(methods.map((m) => m.id)).toEqual([kept]);
    expect(methods[0]).toMatchObject({ customerAccountId: mine, type: "CC", lastFour: "4242", verified: true, status: STATUS.ACTIVE });
  });

  it("the profile and the account page: the account's and users' read rows, deleted users gone, nothing secret", async () => {
    const me = await newCustomer(t, { company_name: "Typed Ltd" });
    const mine = me.account.customer_account_id;
    const user = async (first: string) =>
      (
        await ok(t, "json", "User/Create", {
          method: "POST",
          params: {
            customer_account_id: mine,
            first_name: first,
            last_name: "Lee",
            email_address: `${first.toLowerCase()}-${me.user.user_id.slice(-8)}@example.com`,
            access_level: "USER",
            locale: "en-US",
            timezone_id: "America/New_York",
            send_new_user_email: "N",
          },
        })
      ).user.user_id as string;
    const suspended = await user("Sue");
    const deleted = await user("Del");
    await ok(t, "json", "User/Suspend", { method: "PATCH", params: { user_id: suspended } });
    await ok(t, "json", "User/Delete", { method: "PATCH", params: { user_id: deleted } });
    const customer = await contextFromCustomerSession(await getDb(), { brandId: t.brand_id, customerAccountId: mine, userId: me.user.user_id });

    const profile = await portalProfile(customer);
    expect(profile.account).toMatchObject({ id: mine, name: "Typed Ltd", timezoneId: "America/New_York", prepaidBalanceCents: 0 });
    expect(profile.user).toMatchObject({ id: me.user.user_id, verified: false, status: STATUS.ACTIVE });
    // The account's edit form starts from the same read row (flags Y/N, "" for nothing).
    expect(accountParams(profile.account)).toMatchObject({ customer_account_id: mine, company_name: "Typed Ltd", tax_exempt: "N", tax_id: "" });
    expect(Object.keys(profile.brand).sort()).toEqual(
      ["id", "name", "logoUrl", "websiteUrl", "supportEmail", "supportLink", "supportPhone", "termsUrl", "privacyUrl"].sort(),
    );

    const s = await accountSettings(customer);
    expect(s.isAdmin).toBe(true);
    expect(s.twoStep.on).toBe(false);
    expect(s.me).toMatchObject({ id: me.user.user_id, emailAddress: expect.stringContaining("@"), status: STATUS.ACTIVE });
    expect(s.users.map((u) => u.id)).toEqual([me.user.user_id, suspended]);
    expect(s.users[1].status).toBe(STATUS.SUSPENDED);
    expect(Object.keys(s.users[0]).sort()).toEqual(
      ["id", "firstName", "lastName", "emailAddress", "username", "accessLevel", "phoneNumberCountryCode", "phoneNumber", "status"].sort(),
    );
  });
});
