import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { makeCard, makeGateway, makeInvoice } from "./support/payments";
import { newCustomer } from "./support/fake-customers";
import { getDb, type Db } from "../db/client";
import { inAccount } from "../db/scope";
import { findInBrand } from "../lib/scope";
import { brands, customerAccounts, customerUsers, invoices, notes, subscriptions } from "../db/schema";
import { listAccountsPage } from "../lib/accounts/list-accounts";
import { listInvoicesPage } from "../lib/invoices/list-invoices";
import { listPaymentsPage } from "../lib/payments/list-payments";
import { listPayMethodsPage } from "../lib/pay-methods/list-pay-methods";
import { listSubscriptionsPage } from "../lib/subscriptions/list-subscriptions";
import { listTicketsPage } from "../lib/tickets/list-tickets";
import { listUsersPage } from "../lib/users/list-users";
import { listProductsPage } from "../lib/catalog/list-products";
import { listNotesPage } from "../lib/notes/list-notes";
import { listCouponsPage } from "../lib/catalog/list-coupons";
import { listGatewaysPage } from "../lib/gateways/list-gateways";
import { listNotificationsPage } from "../lib/notifications/list-notifications";
import { listDunningRulesPage } from "../lib/dunning/list-dunning-rules";
import { subscriptionFor } from "./support/fixtures";
import { contextFromApiCredentials, contextFromCustomerSession, contextFromStaffSession, systemContext, type Brand } from "../lib/auth/context";
import { clock, ManualClock } from "../lib/clock";
import { setStaffUserDisabled } from "../lib/staff/disable-staff-user";
import { STATUS } from "../lib/lifecycle";

let db: Db;
let a: Tenant;
let b: Tenant;
let brandA: Brand;
let one: { account: { customer_account_id: string }; user: { user_id: string } };
let two: { account: { customer_account_id: string }; user: { user_id: string } };
let ofB: { account: { customer_account_id: string }; user: { user_id: string } };

const brandRow = async (id: string) => (await db.select().from(brands).where(eq(brands.id, id)))[0];
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "OK",
    (e: { code?: string }) => e.code,
  );
const session = (t: Tenant, c: typeof one) => ({ brandId: t.brand_id, customerAccountId: c.account.customer_account_id, userId: c.user.user_id });

beforeAll(async () => {
  db = await getDb();
  [a, b] = await Promise.all([makeTenant(), makeTenant()]);
  brandA = await brandRow(a.brand_id);
  [one, two, ofB] = await Promise.all([newCustomer(a), newCustomer(a), newCustomer(b)]);
});

describe("a staff session", () => {
  it("acts as the staff user on a brand of their service account, without an API key", async () => {
    const ctx = await contextFromStaffSession(db, { staffUserId: a.staffUserId, brandId: a.brand_id });
    expect(ctx.brand.id).toBe(a.brand_id);
    expect(ctx.actor).toEqual({ kind: "staff", serviceAccountId: a.serviceAccountId, staffUserId: a.staffUserId, accessLevel: "ADMIN", apiKeyId: null });
  });

  it("refuses another service account's brand, a deleted brand, an unknown or disabled staff user", async () => {
    expect(await codeOf(contextFromStaffSession(db, { staffUserId: a.staffUserId, brandId: b.brand_id }))).toBe("NOT_FOUND");
    expect(await codeOf(contextFromStaffSession(db, { staffUserId: a.staffUserId, brandId: "not-a-uuid" }))).toBe("NOT_FOUND");
    expect(await codeOf(contextFromStaffSession(db, { staffUserId: b.staffUserId, brandId: a.brand_id }))).toBe("NOT_FOUND");
    expect(await codeOf(contextFromStaffSession(db, { staffUserId: "01a20364-be82-7642-8c9d-6b63720adb7e", brandId: a.brand_id }))).toBe("UNAUTHENTICATED");

    const c = await makeTenant();
    await db.update(brands).set({ deletedAt: new Date() }).where(eq(brands.id, c.brand_id));
    expect(await codeOf(contextFromStaffSession(db, { staffUserId: c.staffUserId, brandId: c.brand_id }))).toBe("NOT_FOUND");

    const d = await makeTenant();
    await setStaffUserDisabled(systemContext(db, await brandRow(d.brand_id)), d.staffUserId, true);
    expect(await codeOf(contextFromStaffSession(db, { staffUserId: d.staffUserId, brandId: d.brand_id }))).toBe("UNAUTHENTICATED");
  });
});

describe("disabling a staff user", () => {
  it("makes their API credentials answer 401 at once, and enabling them again restores them", async () => {
    const t = await makeTenant();
    const system = systemContext(db, await brandRow(t.brand_id));
    expect((await call("json", "Brand/List", { creds: t })).status).toBe(200);
    await setStaffUserDisabled(system, t.staffUserId, true);
    const r = await call("json", "Brand/List", { creds: t });
    expect(r.status).toBe(401);
    expect(r.body.exception.code).toBe("UNAUTHENTICATED");
    await setStaffUserDisabled(system, t.staffUserId, false);
    expect((await call("json", "Brand/List", { creds: t })).status).toBe(200);
  });

  it("is for an admin of the same service account, never oneself", async () => {
    const admin = await contextFromStaffSession(db, { staffUserId: a.staffUserId, brandId: a.brand_id });
    expect(await codeOf(setStaffUserDisabled(admin, a.staffUserId, true))).toBe("INVALID_STATE");
    expect(await codeOf(setStaffUserDisabled(admin, b.staffUserId, true))).toBe("NOT_FOUND");
    const u = await makeTenant("USER");
    const user = await contextFromStaffSession(db, { staffUserId: u.staffUserId, brandId: u.brand_id });
    expect(await codeOf(setStaffUserDisabled(user, a.staffUserId, true))).toBe("FORBIDDEN");
    expect(await codeOf(setStaffUserDisabled(await contextFromCustomerSession(db, session(a, one)), a.staffUserId, true))).toBe("FORBIDDEN");
  });
});

describe("a customer session", () => {
  it("acts as the customer's user on their account", async () => {
    const ctx = await contextFromCustomerSession(db, session(a, one));
    expect(ctx.brand.id).toBe(a.brand_id);
    expect(ctx.actor).toEqual({ kind: "customer", customerAccountId: one.account.customer_account_id, userId: one.user.user_id, accessLevel: "ADMIN" });
  });

  it("refuses an account of another brand, another account's user, a suspended or deleted user or account, a deleted brand", async () => {
    const refused = async (s: ReturnType<typeof session>) => expect(await codeOf(contextFromCustomerSession(db, s))).toBe("UNAUTHENTICATED");
    await refused(session(a, ofB));
    await refused({ ...session(b, ofB), brandId: a.brand_id });
    await refused({ ...session(a, one), userId: two.user.user_id });
    await refused({ ...session(a, one), customerAccountId: "not-a-uuid" });

    const t = await makeTenant();
    const setUser = (status: number, deletedAt: Date | null) => db.update(customerUsers).set({ status, deletedAt }).where(eq(customerUsers.id, c.user.user_id));
    const setAccount = (status: number, deletedAt: Date | null) =>
      db.update(customerAccounts).set({ status, deletedAt }).where(eq(customerAccounts.id, c.account.customer_account_id));
    const c = await newCustomer(t);
    expect(await codeOf(contextFromCustomerSession(db, session(t, c)))).toBe("OK");
    await setUser(STATUS.SUSPENDED, null);
    await refused(session(t, c));
    await setUser(STATUS.DELETED, new Date());
    await refused(session(t, c));
    await setUser(STATUS.ACTIVE, null);
    await setAccount(STATUS.SUSPENDED, null);
    await refused(session(t, c));
    await setAccount(STATUS.DELETED, new Date());
    await refused(session(t, c));
    await setAccount(STATUS.ACTIVE, null);
    expect(await codeOf(contextFromCustomerSession(db, session(t, c)))).toBe("OK");
    await db.update(brands).set({ deletedAt: new Date() }).where(eq(brands.id, t.brand_id));
    await refused(session(t, c));
  });
});

describe("inAccount", () => {
  it("never returns another account's rows to a customer; staff see the brand", async () => {
    const ctx = await contextFromCustomerSession(db, session(a, one));
    const accounts = await db.select({ id: customerAccounts.id }).from(customerAccounts).where(inAccount(ctx, customerAccounts));
    expect(accounts.map((r) => r.id)).toEqual([one.account.customer_account_id]);
    const users = await db.select({ id: customerUsers.id }).from(customerUsers).where(inAccount(ctx, customerUsers));
    expect(users.map((r) => r.id)).toEqual([one.user.user_id]);
    const asked = await db
      .select()
      .from(customerUsers)
      .where(inAccount(ctx, customerUsers, eq(customerUsers.id, two.user.user_id)));
    expect(asked).toEqual([]);

    const staff = await contextFromStaffSession(db, { staffUserId: a.staffUserId, brandId: a.brand_id });
    const all = await db.select({ id: customerAccounts.id }).from(customerAccounts).where(inAccount(staff, customerAccounts));
    expect(all.map((r) => r.id).sort()).toEqual([one.account.customer_account_id, two.account.customer_account_id].sort());
  });
});

describe("page queries and records by id in a customer context", () => {
  it("show only the customer's own rows, the brand's catalog, and refuse staff-only lists", async () => {
    const t = await makeTenant();
    const [me, other] = await Promise.all([newCustomer(t), newCustomer(t)]);
    await makeGateway(t);
    // One of each account-owned record for both customers: subscription, invoice, payment, pay method, ticket.
    for (const c of [me, other]) {
      const id = c.account.customer_account_id;
      await subscriptionFor(t, id);
      await makeInvoice(t, id, "5.00");
      await makeCard(t, id);
      await ok(t, "json", "Payment/Create", {
        method: "POST",
        params: { customer_account_id: id, apply_to_prepaid_balance: "Y", override_billing: "Y", amount: "1.00" },
      });
      // An INTERNAL ticket is the brand's own: its customer never reads it (the portal's scope of the ticket list).
      for (const direction of ["EXTERNAL", "INTERNAL"]) {
        await ok(t, "json", "Ticket/Create", { method: "POST", params: { customer_account_id: id, type: "NEW", subject: "Help", message: "Hi", direction } });
      }
      await ok(t, "json", "Note/Create", { method: "POST", params: { customer_account_id: id, subject: "Internal", contents: "Staff only" } });
    }
    const mine = me.account.customer_account_id;
    const ctx = await contextFromCustomerSession(db, session(t, me));
    const staff = await contextFromStaffSession(db, { staffUserId: t.staffUserId, brandId: t.brand_id });
    const accountLists = { listAccountsPage, listUsersPage, listSubscriptionsPage, listInvoicesPage, listPaymentsPage, listPayMethodsPage, listTicketsPage };
    for (const [name, list] of Object.entries(accountLists)) {
      // A converted domain's read rows name it customerAccountId; the others still answer their wire view.
      type Row = { customer_account_id?: string; customerAccountId?: string; id?: string };
      const read = async (c: typeof ctx) => (await (list as (c: typeof ctx) => Promise<{ rows: Row[]; total: number }>)(c)).rows;
      const seen = await read(ctx);
      const all = await read(staff);
      expect(seen.length, name).toBeGreaterThan(0);
      expect(all.length, name).toBeGreaterThan(seen.length);
      const accountOf = (r: Row) => (name === "listAccountsPage" ? r.id : (r.customerAccountId ?? r.customer_account_id));
      expect(new Set(seen.map(accountOf)), name).toEqual(new Set([mine]));
    }
    expect((await listTicketsPage(ctx)).rows.map((r) => r.direction)).toEqual(["EXTERNAL"]);
    expect((await listProductsPage(ctx)).total).toBe((await listProductsPage(staff)).total);
    for (const list of [listNotesPage, listCouponsPage, listGatewaysPage, listNotificationsPage, listDunningRulesPage]) {
      expect(await codeOf((list as (c: typeof ctx) => Promise<unknown>)(ctx))).toBe("FORBIDDEN");
    }

    const [theirs] = await db.select().from(invoices).where(eq(invoices.customerAccountId, other.account.customer_account_id));
    const [own] = await db.select().from(invoices).where(eq(invoices.customerAccountId, mine));
    expect(await codeOf(findInBrand(ctx, invoices, theirs.id, "Invoice", "invoice_id"))).toBe("NOT_FOUND");
    expect((await findInBrand(ctx, invoices, own.id, "Invoice", "invoice_id")).id).toBe(own.id);
    expect((await findInBrand(staff, invoices, theirs.id, "Invoice", "invoice_id")).id).toBe(theirs.id);
    const [theirSub] = await db.select().from(subscriptions).where(eq(subscriptions.customerAccountId, other.account.customer_account_id));
    expect(await codeOf(findInBrand(ctx, subscriptions, theirSub.id, "Subscription", "subscription_id"))).toBe("NOT_FOUND");
    expect(await codeOf(findInBrand(ctx, customerAccounts, other.account.customer_account_id, "Account", "customer_account_id"))).toBe("NOT_FOUND");
    const [theirNote] = await db.select().from(notes).where(eq(notes.customerAccountId, other.account.customer_account_id));
    expect(await codeOf(findInBrand(ctx, notes, theirNote.id, "Note", "note_id"))).toBe("NOT_FOUND");
  });
});

describe("each context's clock", () => {
  it("is the one it was built with; by default the process clock", async () => {
    const early = new ManualClock("2026-01-01T00:00:00Z");
    const late = new ManualClock("2030-06-01T00:00:00Z");
    const x = await contextFromStaffSession(db, { staffUserId: a.staffUserId, brandId: a.brand_id }, { clock: early });
    const y = await contextFromCustomerSession(db, session(a, one), { clock: late });
    expect(x.now().toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(y.now().toISOString()).toBe("2030-06-01T00:00:00.000Z");
    early.advance({ days: 1 });
    expect(x.now().toISOString()).toBe("2026-01-02T00:00:00.000Z");
    expect(y.now().toISOString()).toBe("2030-06-01T00:00:00.000Z");
    expect(systemContext(db, brandA, late).now()).toEqual(late.now());
    expect(systemContext(db, brandA, new Date("2027-03-04T00:00:00Z")).now().toISOString()).toBe("2027-03-04T00:00:00.000Z");

    const api = await contextFromApiCredentials(db, { key: a.key, userKey: a.user_key, brandId: a.brand_id }, "r-1");
    expect(api.clock).toBe(clock);
    expect(systemContext(db, brandA).clock).toBe(clock);
  });
});
