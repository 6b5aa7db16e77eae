/**
 * The app's statements on a database session that is itself the app's role (rb_app: not superuser,
 * no BYPASSRLS, owns nothing), where row-level security cannot be skipped (db/tenancy.ts): the
 * billing run, the outbox's delivery, the lookups that build a context and the replica's reads each
 * say their scope (a brand, or ALL_BRANDS explicitly), so they work there exactly as on the owner's
 * session, while a statement made there without a scope sees no brand's rows. The portal's sign-in
 * (password, code, link, identity provider) and its sessions take no handle: they run with the
 * process-wide database (getDb) being this one, as they will once the app's pool connects as rb_app.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb, openDatabase, resultRows, type Database, type Db } from "../db/client";
import { ALL_BRANDS, APP_ROLE } from "../db/tenancy";
import { brands, customerSessions } from "../db/schema";
import { makeTenant, ok, type Tenant } from "./support/api";
import { newCustomer, outbox, setEnv } from "./support/fake-customers";
import { startFakeIdentityProvider } from "./support/fake-oauth";
import { makeGroup, makeProduct } from "./support/catalog";
import { CARDS, makeCard, makeGateway, outboxEvents, subscribeOnCard } from "./support/payments";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import {
  allBrandsContext,
  contextFromApiCredentials,
  contextFromCustomerSession,
  contextFromStaffSession,
  runContext,
  systemContext,
  type Context,
} from "../lib/auth/context";
import { runBilling, runScheduledBilling } from "../lib/billing/run-billing";
import { checkLedger } from "../lib/billing/check-ledger";
import { deliverAllDue } from "../lib/outbox/deliver";
import { sinkFor } from "../lib/jobs/sinks";
import { onReplica } from "../lib/replica";
import { runVerb } from "../lib/run-verb";
import {
  brandOfLinkToken,
  endPortalSession,
  portalBrand,
  portalContext,
  requestPasswordReset,
  sendSecondFactorCode,
  signInWithLink,
  signInWithPassword,
  signInWithProviderToken,
  startProviderSignIn,
  verifySecondFactor,
  PASSWORD_RESET_NOTICE,
} from "../lib/portal/sign-in";
import type { CustomerSession } from "../lib/auth/customer-session";
import { completeOAuthSignIn } from "../lib/users/complete-oauth-sign-in";
import { ensureDemoCustomer, ensureDemoGateway } from "../lib/platform/demo-customer";

/** `url` whose sessions start as the app's role (a startup option: every connection of the pool). */
const asAppRole = (url: string) => {
  const u = new URL(url);
  u.searchParams.set("options", `-c role=${APP_ROLE}`);
  return u.toString();
};

const clock = new ManualClock("2026-03-01T10:00:00Z");
let app: Database;
/** Renewed and charged: a good card. */
let paying: Tenant;
/** Declined, retried the next day (retry_days 1) and reminded (a dunning rule a day after the due date). */
let declining: Tenant;
const subs: Record<string, string> = {};

const rows = async <T>(db: Db, q: ReturnType<typeof sql>) => resultRows<T>(await db.execute(q));
const owner = () => getDb();

async function subscribe(t: Tenant, card: string = CARDS.ok) {
  const group = await makeGroup(t);
  const product = await makeProduct(t, group.product_group_id, { setup_fee: "0.00", recurring_price: "20.00", expiration_interval: "10" });
  const { account, sub } = await subscribeOnCard(t, product.product_id);
  if (card !== CARDS.ok) {
    const bad = await makeCard(t, account, card, { require_verification: "N" });
    await ok(t, "json", "Subscription/Update", {
      method: "POST",
      params: { subscription_id: sub.subscription_id, customer_account_id: account, pay_method_id: bad, auto_pay: "Y" },
    });
  }
  return { group: group.product_group_id as string, id: sub.subscription_id as string };
}

beforeAll(async () => {
  useClock(clock);
  app = await openDatabase({ url: asAppRole(process.env.DATABASE_URL!) });
  paying = await makeTenant();
  declining = await makeTenant();
  await ok(declining, "json", "Brand/Update", { method: "PATCH", params: { update_brand_id: declining.brand_id, retry_days: "1" } });
  for (const t of [paying, declining]) await makeGateway(t);
  subs.paying = (await subscribe(paying)).id;
  const d = await subscribe(declining, CARDS.declines);
  subs.declining = d.id;
  await ok(declining, "json", "DunningRule/Create", {
    method: "POST",
    params: {
      product_group_id: d.group,
      name: "Remind after a day",
      description: "Remind unpaid renewals",
      overdue_days: "1",
      overdue_amount: "1.00",
      enforcement_action: "REMIND",
    },
  });
});
afterAll(async () => {
  await app?.close();
  useClock(systemClock);
});

describe("a session that is the app's role", () => {
  it("is the app's role, and a statement made without a scope sees no brand's rows (the owner sees them)", async () => {
    const [who] = await rows<{ who: string; super: string }>(app.db, sql`select current_user as who, current_setting('is_superuser') as super`);
    expect(who).toEqual({ who: APP_ROLE, super: "off" });
    const count = sql`select (select count(*) from subscriptions)::int as subscriptions, (select count(*) from customer_accounts)::int as accounts`;
    expect(await rows(app.db, count)).toEqual([{ subscriptions: 0, accounts: 0 }]);
    expect((await rows<{ subscriptions: number }>(await owner(), count))[0].subscriptions).toBe(2);
    // Nor through a transaction of its own.
    expect(await app.db.transaction(async (tx) => rows(tx as unknown as Db, count))).toEqual([{ subscriptions: 0, accounts: 0 }]);
  });

  it("the scheduled billing run (every brand) invoices, renews and charges; the next day's retries and dunning; the ledger checked", async () => {
    clock.set("2026-03-11T12:00:00Z");
    expect(await runScheduledBilling({ ctx: allBrandsContext(app.db, clock.now()) })).toMatchObject({
      brands: 2,
      failed: 0,
      invoices: 2,
      renewed: 2,
      charged: 1,
      declined: 1,
    });
    clock.set("2026-03-12T12:00:00Z");
    expect(await runBilling({ ctx: await runContext(app.db, clock.now(), declining.brand_id) })).toMatchObject({ retried: 1, dunningActions: 1 });
    const invoices = await rows<{ subscription_id: string; period: string; balance: string }>(
      await owner(),
      sql`select subscription_id, billing_period_start::text as period from invoices where subscription_id in (${subs.paying}, ${subs.declining}) order by 2, 1`,
    );
    expect(
      invoices
        .filter((i) => i.period === "2026-03-11")
        .map((i) => i.subscription_id)
        .sort(),
    ).toEqual([subs.paying, subs.declining].sort());
    // The ledger checker reads every brand (ALL_BRANDS) or one: a breach written behind billing's back is found from here.
    expect(await checkLedger(app.db)).toEqual([]);
    await (await owner()).execute(sql`update customer_accounts set prepaid_balance = -1 where brand_id = ${paying.brand_id}`);
    try {
      expect((await checkLedger(app.db)).map((v) => [v.rule, v.brandId])).toEqual([["negative_prepaid_balance", paying.brand_id]]);
      expect(await checkLedger(app.db, { brandId: declining.brand_id })).toEqual([]);
    } finally {
      await (await owner()).execute(sql`update customer_accounts set prepaid_balance = 0 where brand_id = ${paying.brand_id}`);
    }
  });

  it("a run in one brand's context (systemContext) bills that brand only; the scheduled run's context is every brand's (ALL_BRANDS)", async () => {
    clock.set("2026-03-21T12:00:00Z");
    const renewal = async (id: string) =>
      (await rows<{ renewal: string }>(await owner(), sql`select renewal_date::text as renewal from subscriptions where id = ${id}`))[0].renewal;
    const [brand] = await (await owner()).select().from(brands).where(eq(brands.id, paying.brand_id));
    expect(await runBilling({ ctx: systemContext(app.db, brand, clock.now()) })).toMatchObject({ renewed: 1, charged: 1 });
    expect([await renewal(subs.paying), await renewal(subs.declining)]).toEqual(["2026-03-31", "2026-03-21"]);
    const everyBrand = allBrandsContext(app.db, clock.now());
    expect(everyBrand.brand).toBe(ALL_BRANDS);
    expect(await runScheduledBilling({ ctx: everyBrand })).toMatchObject({ brands: 2, renewed: 1, declined: 1 });
    expect(await renewal(subs.declining)).toBe("2026-03-31");
  });

  it("the outbox's delivery leases every brand's due events (ALL_BRANDS) and delivers each under its brand", async () => {
    const due = sql`select count(*)::int as n from outbox_events where status = 'pending' and next_attempt_at <= ${clock.now().toISOString()}::timestamptz`;
    expect((await rows<{ n: number }>(await owner(), due))[0].n).toBeGreaterThan(0);
    const outcome = await deliverAllDue({ ctx: allBrandsContext(app.db, clock), input: { sinkFor } });
    expect(outcome).toMatchObject({ failed: 0, retried: 0 });
    expect(outcome.delivered).toBeGreaterThan(0);
    expect(await rows(await owner(), due)).toEqual([{ n: 0 }]);
    // The billing run's events were fanned out into each invoice's Invoice/Create (a sink's transaction), and the reminder delivered.
    for (const [t, sub] of [
      [paying, subs.paying],
      [declining, subs.declining],
    ] as const) {
      const created = (await outboxEvents(t, "Invoice/Create")).filter((e) => e.payload.subscription?.subscription_id === sub);
      expect(created.length).toBeGreaterThanOrEqual(2);
    }
    expect(await outboxEvents(declining, "Invoice/Reminder")).toHaveLength(1);
  });

  it("builds contexts from an API key, a staff session and a customer session, each seeing its brand's rows only", async () => {
    const brandsSeen = async (ctx: Context) =>
      runVerb(
        ctx,
        async ({ ctx: c }) => (await rows<{ brand: string }>(c.db, sql`select distinct brand_id::text as brand from subscriptions`)).map((r) => r.brand),
        undefined,
        { read: true },
      );
    const byKey = await contextFromApiCredentials(app.db, { key: paying.key, userKey: paying.user_key, brandId: paying.brand_id }, "app-role");
    expect(byKey.brand.id).toBe(paying.brand_id);
    expect(await brandsSeen(byKey)).toEqual([paying.brand_id]);
    const staff = await contextFromStaffSession(app.db, { staffUserId: declining.staffUserId, brandId: declining.brand_id });
    expect(await brandsSeen(staff)).toEqual([declining.brand_id]);
    // A staff user's brand of another service account is no brand of theirs.
    await expect(contextFromStaffSession(app.db, { staffUserId: declining.staffUserId, brandId: paying.brand_id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const opened = await ok(paying, "json", "Account/Create", {
      method: "POST",
      params: {
        first_name: "App",
        last_name: "Role",
        email_address: `app-role-${paying.brand_id}@example.com`,
        country: "US",
        locale: "en-US",
        timezone_id: "UTC",
        skip_notification: "Y",
      },
    });
    const session = { brandId: paying.brand_id, customerAccountId: opened.customer_account.customer_account_id, userId: opened.user.user_id };
    const customer = await contextFromCustomerSession(app.db, session);
    expect(customer.brand.id).toBe(paying.brand_id);
    expect(await rows(customer.db, sql`select distinct brand_id::text as brand from customer_accounts`)).toEqual([{ brand: paying.brand_id }]);
    // The session claimed for another brand finds no user there.
    await expect(contextFromCustomerSession(app.db, { ...session, brandId: declining.brand_id })).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("reads from the replica (DATABASE_READ_URL) under the context's brand", async () => {
    process.env.DATABASE_READ_URL = asAppRole(process.env.DATABASE_URL!);
    try {
      const ctx = await contextFromStaffSession(await owner(), { staffUserId: paying.staffUserId, brandId: paying.brand_id });
      const replica = await onReplica(ctx);
      expect(replica.db).not.toBe(ctx.db);
      const seen = await rows<{ who: string; brands: string[] }>(
        replica.db,
        sql`select current_user as who, coalesce(array_agg(distinct brand_id::text), '{}') as brands from subscriptions`,
      );
      expect(seen).toEqual([{ who: APP_ROLE, brands: [paying.brand_id] }]);
    } finally {
      delete process.env.DATABASE_READ_URL;
    }
  });
});

/** Runs `work` with the process-wide database (getDb) being the app's role's: what takes no handle runs there. */
async function onAppPool<T>(work: () => Promise<T>): Promise<T> {
  const holder = globalThis as unknown as { __rbDatabase?: Promise<Database> };
  const saved = holder.__rbDatabase;
  holder.__rbDatabase = Promise.resolve(app);
  try {
    return await work();
  } finally {
    holder.__rbDatabase = saved;
  }
}

describe("the portal's sign-in and sessions on the app's role (no handle given: the process-wide pool)", () => {
  let customer: Tenant;
  beforeAll(async () => {
    customer = await makeTenant();
  });
  const brand = async () => (await onAppPool(() => portalBrand(customer.brand_id)))!;
  const sessionRows = async (userId: string) =>
    (await (await owner()).select({ id: customerSessions.id }).from(customerSessions).where(eq(customerSessions.userId, userId))).map((r) => r.id).sort();
  const signedIn = (outcome: Awaited<ReturnType<typeof signInWithPassword>>): CustomerSession => {
    if (outcome.kind !== "signed-in") throw new Error(`expected a session, got ${outcome.kind}`);
    return outcome.session;
  };

  it("a password signs in (a session row of the customer's brand); signing out ends it, everywhere ends the rest; a reset is sent", async () => {
    const { account, user } = await newCustomer(customer, { password: "correct horse 1" });
    const b = await brand();
    const [laptop, phone, tablet] = await onAppPool(async () => [
      signedIn(await signInWithPassword(b, account.email_address, "correct horse 1")),
      signedIn(await signInWithPassword(b, user.username, "correct horse 1")),
      signedIn(await signInWithPassword(b, account.email_address, "correct horse 1")),
    ]);
    expect(laptop).toMatchObject({ brandId: customer.brand_id, userId: user.user_id, customerAccountId: account.customer_account_id });
    expect(await sessionRows(user.user_id)).toEqual([laptop.sessionId, phone.sessionId, tablet.sessionId].sort());
    await onAppPool(async () => {
      expect(await portalContext(laptop)).not.toBeNull();
      await endPortalSession(laptop);
      expect(await portalContext(laptop)).toBeNull();
      expect(await portalContext(phone)).not.toBeNull();
    });
    expect(await sessionRows(user.user_id)).toEqual([phone.sessionId, tablet.sessionId].sort());
    await onAppPool(() => endPortalSession(phone, { everywhere: true }));
    expect(await sessionRows(user.user_id)).toEqual([]);
    expect(await onAppPool(() => requestPasswordReset(b, user.username, { address: "198.51.100.40" }))).toBe(PASSWORD_RESET_NOTICE);
    expect(await outbox(customer, "User/PasswdReset")).toHaveLength(1);
  });

  it("with two-step verification on, the password sends a code and the code signs in", async () => {
    const { account, user } = await newCustomer(customer, { password: "correct horse 1" });
    await ok(customer, "json", "User/Update", { method: "PATCH", params: { user_id: user.user_id, access_level: "ADMIN", verified: "Y" } });
    const b = await brand();
    const outcome = await onAppPool(() => signInWithPassword(b, account.email_address, "correct horse 1"));
    if (outcome.kind !== "second-factor") throw new Error(`expected a code, got ${outcome.kind}`);
    await onAppPool(() => sendSecondFactorCode(outcome.pending));
    const code = (await outbox(customer, "User/2FARequest")).at(-1)!.user.email_verification_code as string;
    const session = await onAppPool(() => verifySecondFactor(outcome.pending, code));
    expect(session).toMatchObject({ brandId: customer.brand_id, userId: user.user_id });
    expect(await sessionRows(user.user_id)).toEqual([session.sessionId]);
  });

  it("a sign-in link's token finds its brand (across brands, ALL_BRANDS) and signs in once", async () => {
    const { account, user } = await newCustomer(customer);
    const created = await ok(customer, "json", "User/CreateToken", {
      method: "POST",
      params: { customer_account_id: account.customer_account_id, user_id: user.user_id },
    });
    const token = new URL(created.token.sign_in_url).searchParams.get("token")!;
    expect((await onAppPool(() => brandOfLinkToken(token)))?.id).toBe(customer.brand_id);
    const { session } = await onAppPool(() => signInWithLink(token));
    expect(session).toMatchObject({ brandId: customer.brand_id, userId: user.user_id });
    expect(await sessionRows(user.user_id)).toEqual([session.sessionId]);
    await expect(onAppPool(() => signInWithLink(token))).rejects.toMatchObject({ code: "AUTHENTICATION_FAILED" });
  });

  it("an identity provider's sign-in completes (the flow found across brands, claimed under its brand) and its token signs in", async () => {
    const google = await startFakeIdentityProvider("google");
    try {
      setEnv(google.env);
      const { account, user } = await newCustomer(customer);
      google.signInAs({ email: account.email_address, emailVerified: true });
      const b = await brand();
      const where = { returnTo: "https://shop.example/signed-in", failTo: "https://shop.example/sign-in" };
      const link = await onAppPool(() => startProviderSignIn(b, "google", where));
      const atProvider = await fetch(link, { redirect: "manual" });
      const callback = new URL(atProvider.headers.get("location")!);
      const done = await onAppPool(() => completeOAuthSignIn({ params: callback.searchParams }));
      if (!("location" in done)) throw new Error(`expected a redirect, got ${done.message}`);
      const token = new URL(done.location).searchParams.get("temporary_token")!;
      expect(token).toBeTruthy();
      const session = signedIn(await onAppPool(() => signInWithProviderToken(token)));
      expect(session).toMatchObject({ brandId: customer.brand_id, userId: user.user_id });
      expect(await sessionRows(user.user_id)).toEqual([session.sessionId]);
      // The callback works once.
      expect(await onAppPool(() => completeOAuthSignIn({ params: callback.searchParams }))).toMatchObject({ status: 400 });
    } finally {
      await google.close();
    }
  });
});

describe("the demo (npm run bootstrap, npm start) on the app's role", () => {
  it("makes the demo brand's gateway and customer once: a second run finds them under the brand", async () => {
    const t = await makeTenant();
    const gateway = await ensureDemoGateway(app.db, t.brand_id);
    expect(gateway.created).toBe(true);
    expect(await ensureDemoGateway(app.db, t.brand_id)).toEqual({ ...gateway, created: false });
    const demo = await ensureDemoCustomer(app.db, t.brand_id);
    expect(demo.created).toBe(true);
    expect(await ensureDemoCustomer(app.db, t.brand_id)).toEqual({ ...demo, created: false });
  });
});
