import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { getDb, openDatabase, resultRows } from "../db/client";
import { auditEntries, brands, customerAccounts, customerUsers, subscriptions } from "../db/schema";
import { contextFromApiCredentials, contextFromCustomerSession, contextFromStaffSession, systemContext, runContext } from "../lib/auth/context";
import { staffActions } from "../lib/dashboard/actions";
import { portalActions } from "../lib/portal/actions";
import { generateDueInvoices } from "../lib/billing/generate-invoices";
import { runVerb } from "../lib/run-verb";
import { DomainError } from "../lib/errors";
import { auditPage, recordHistory } from "../lib/audit/queries";
import { accountTimeline } from "../lib/dashboard/timeline";
import { bootstrapDemo } from "../lib/platform/bootstrap";
import { call, makeTenant, ok, type Tenant } from "./support/api";
import { fixtures, subscriptionFor } from "./support/fixtures";

// The audit trail (migration 0016): every change through the API, the dashboard, the portal or a
// job is recorded in its own transaction with who, what, when (the context's clock) and from where.

const PASSWORD = "Audit-pass-12345";

async function entriesOf(recordId: string) {
  const db = await getDb();
  return db.select().from(auditEntries).where(eq(auditEntries.recordId, recordId)).orderBy(auditEntries.id);
}

async function newAccount(t: Tenant, email = `audit-${Math.random().toString(36).slice(2, 10)}@example.com`) {
  const body = await ok(t, "json", "Account/Create", {
    method: "POST",
    params: {
      first_name: "Ada",
      last_name: "Lovelace",
      email_address: email,
      country: "US",
      locale: "en-US",
      timezone_id: "America/New_York",
      skip_notification: "Y",
      password: PASSWORD,
    },
  });
  return { accountId: body.customer_account.customer_account_id as string, userId: body.user.user_id as string };
}

let t: Tenant;
let sandbox: Tenant;

beforeAll(async () => {
  t = await makeTenant();
  const brand = await ok(t, "json", "Brand/Create", {
    method: "POST",
    params: { name: "Audit sandbox", description: "A sandbox brand", logo_url: "https://example.com/logo.png", sandbox: "Y" },
  });
  sandbox = { ...t, brand_id: brand.brand.brand_id };
  await ok(sandbox, "json", "TestClock/Advance", { method: "POST", params: { advance_to: "2031-03-04T05:06:07.000Z" } });
});

describe("the audit trail", () => {
  it("a change through the API (json) records the API key and staff user, old and new values, request id, address and the brand's test clock", async () => {
    const { accountId } = await newAccount(sandbox);
    const r = await call("json", "Account/Update", {
      method: "PATCH",
      creds: sandbox,
      bodyAs: "json",
      headers: { "x-forwarded-for": "203.0.113.7" },
      params: { customer_account_id: accountId, first_name: "Augusta" },
    });
    expect(r.status).toBe(200);
    const rows = await entriesOf(accountId);
    expect(rows.map((e) => e.action)).toEqual(["create", "update"]);
    const update = rows[1];
    const db = await getDb();
    const [key] = resultRows<{ id: string }>(await db.execute(sql`select id from api_keys where service_account_id = ${t.serviceAccountId} limit 1`));
    expect(update).toMatchObject({
      brandId: sandbox.brand_id,
      resource: "customer_accounts",
      customerAccountId: accountId,
      actorKind: "api_key",
      actorId: t.staffUserId,
      apiKeyId: key.id,
      requestId: r.headers.get("x-request-id"),
      clientAddress: "203.0.113.7",
      oldValues: { first_name: "Ada" },
      newValues: { first_name: "Augusta" },
    });
    // The sandbox brand's clock, not the machine's.
    expect(update.at.toISOString()).toBe("2031-03-04T05:06:07.000Z");
    expect(rows[0].newValues).toMatchObject({ first_name: "Ada", last_name: "Lovelace", brand_id: sandbox.brand_id });
  });

  it("secret columns are masked, in a create and in an update", async () => {
    const { accountId, userId } = await newAccount(t);
    const created = (await entriesOf(userId)).find((e) => e.resource === "customer_users" && e.action === "create")!;
    expect(created.customerAccountId).toBe(accountId);
    expect(created.newValues!.password_hash).toBe("***");
    await ok(t, "json", "User/Update", { method: "PATCH", params: { user_id: userId, access_level: "ADMIN", password: "Another-pass-98765" } });
    const update = (await entriesOf(userId)).filter((e) => e.action === "update").at(-1)!;
    expect(update.oldValues!.password_hash).toBe("***");
    expect(update.newValues!.password_hash).toBe("***");
    // No hash anywhere in the trail of this user.
    const text = JSON.stringify(await entriesOf(userId));
    expect(text).not.toMatch(/\$argon2/);

    const brandRows = await entriesOf(sandbox.brand_id);
    expect(brandRows[0].action).toBe("create");
    expect(brandRows[0].newValues!.webhook_secret).toBe("***");
  });

  it("a dashboard server action records the signed-in staff user (no API key) and the client's address", async () => {
    const { accountId } = await newAccount(t);
    const result = await staffActions.accountUpdate.run(
      { staffUserId: t.staffUserId },
      t.brand_id,
      { customer_account_id: accountId, last_name: "Byron" },
      { clientAddress: "198.51.100.9" },
    );
    expect(result.ok).toBe(true);
    const update = (await entriesOf(accountId)).at(-1)!;
    expect(update).toMatchObject({
      actorKind: "staff",
      actorId: t.staffUserId,
      apiKeyId: null,
      clientAddress: "198.51.100.9",
      action: "update",
      oldValues: { last_name: "Lovelace" },
      newValues: { last_name: "Byron" },
    });
    expect(update.requestId).toBeTruthy();
  });

  it("a portal action records the customer's user", async () => {
    const { accountId, userId } = await newAccount(t);
    const ctx = {
      ...(await contextFromCustomerSession(await getDb(), { brandId: t.brand_id, customerAccountId: accountId, userId })),
      clientAddress: "192.0.2.44",
    };
    const result = await portalActions.updateProfile.run(ctx, { first_name: "Annabella" });
    expect(result.ok).toBe(true);
    const update = (await entriesOf(userId)).at(-1)!;
    expect(update).toMatchObject({
      resource: "customer_users",
      action: "update",
      actorKind: "customer",
      actorId: userId,
      apiKeyId: null,
      clientAddress: "192.0.2.44",
      requestId: ctx.requestId,
      customerAccountId: accountId,
      newValues: { first_name: "Annabella" },
    });
  });

  it("a billing job records its bulk invoices as the system's, at the run's time", async () => {
    const job = await makeTenant();
    const accountId = await fixtures.Account(job);
    const subscriptionId = await subscriptionFor(job, accountId);
    const db = await getDb();
    const [sub] = await db.select({ renewalDate: subscriptions.renewalDate }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    const now = new Date(Date.parse(`${sub.renewalDate}T00:00:00Z`) - 24 * 3_600_000);
    expect((await generateDueInvoices({ ctx: await runContext(db, now, job.brand_id) })).created).toBe(1);
    const rows = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.brandId, job.brand_id), eq(auditEntries.resource, "invoices"), eq(auditEntries.action, "create")));
    const generated = rows.filter((e) => e.newValues!.subscription_id === subscriptionId && e.newValues!.billing_period_start === sub.renewalDate);
    expect(generated).toHaveLength(1);
    expect(generated[0]).toMatchObject({ actorKind: "system", actorId: null, apiKeyId: null, customerAccountId: accountId, requestId: "system" });
    expect(generated[0].at.toISOString()).toBe(now.toISOString());
  });

  it("a rolled-back verb leaves no audit row", async () => {
    const { accountId } = await newAccount(t);
    const db = await getDb();
    const ctx = await contextFromStaffSession(db, { staffUserId: t.staffUserId, brandId: t.brand_id });
    const before = (await entriesOf(accountId)).length;
    await expect(
      runVerb(
        ctx,
        async ({ ctx: c }) => {
          await c.db.update(customerAccounts).set({ firstName: "Never" }).where(eq(customerAccounts.id, accountId));
          throw new DomainError("INVALID_PARAMETER", "refused after writing");
        },
        undefined,
      ),
    ).rejects.toThrow("refused after writing");
    expect(await entriesOf(accountId)).toHaveLength(before);
    const [account] = await db.select().from(customerAccounts).where(eq(customerAccounts.id, accountId));
    expect(account.firstName).toBe("Ada");
  });

  it("a change made outside runVerb is still recorded, as the system's", async () => {
    const { accountId } = await newAccount(t);
    const db = await getDb();
    await db.update(customerAccounts).set({ city: "London" }).where(eq(customerAccounts.id, accountId));
    expect((await entriesOf(accountId)).at(-1)).toMatchObject({ actorKind: "system", actorId: null, requestId: null, newValues: { city: "London" } });
  });

  it("a delete records the row's old values (the trigger's update-only checks never run for it)", async () => {
    const { accountId } = await newAccount(t);
    const db = await getDb();
    const [user] = await db.delete(customerUsers).where(eq(customerUsers.customerAccountId, accountId)).returning({ id: customerUsers.id });
    expect((await entriesOf(user.id)).at(-1)).toMatchObject({
      action: "delete",
      resource: "customer_users",
      oldValues: { id: user.id, customer_account_id: accountId },
    });
  });

  it("an update that changes nothing but updated_at records nothing", async () => {
    const { accountId } = await newAccount(t);
    const db = await getDb();
    const before = (await entriesOf(accountId)).length;
    await db.update(customerAccounts).set({ updatedAt: new Date() }).where(eq(customerAccounts.id, accountId));
    expect(await entriesOf(accountId)).toHaveLength(before);
  });

  it("one statement updating many rows records each row's own changes, old and new, and nothing for a row it left as it was", async () => {
    const accounts = [await newAccount(t), await newAccount(t), await newAccount(t)].map((a) => a.accountId);
    const db = await getDb();
    const counts = async () => Promise.all(accounts.map(async (id) => (await entriesOf(id)).length));
    const before = await counts();
    // The first moves its city, the second its last name and company (to null and back: a null
    // is a value), the third only updated_at.
    await db.execute(sql`update customer_accounts set
        city = case when id = ${accounts[0]} then 'Paris' else city end,
        last_name = case when id = ${accounts[1]} then 'Byron' else last_name end,
        company_name = case when id = ${accounts[1]} then 'Analytical' else company_name end,
        updated_at = now()
      where id in (${accounts[0]}, ${accounts[1]}, ${accounts[2]})`);
    const [first, second] = [(await entriesOf(accounts[0])).at(-1)!, (await entriesOf(accounts[1])).at(-1)!];
    expect(first).toMatchObject({ action: "update", brandId: t.brand_id, customerAccountId: accounts[0], resource: "customer_accounts" });
    expect([first.oldValues, first.newValues]).toEqual([{ city: null }, { city: "Paris" }]);
    expect([second.oldValues, second.newValues]).toEqual([
      { last_name: "Lovelace", company_name: null },
      { last_name: "Byron", company_name: "Analytical" },
    ]);
    expect(await counts()).toEqual([before[0] + 1, before[1] + 1, before[2]]);
  });

  it("a statement updating more rows than the small-statement path takes (migration 0040: over 20) records each row's changes the same way", async () => {
    const accounts = await Promise.all(Array.from({ length: 25 }, () => newAccount(t).then((a) => a.accountId)));
    const db = await getDb();
    // Every row moves its city; every other row also its last name; the last only updated_at.
    const moving = accounts.slice(0, -1);
    const renamed = moving.filter((_, i) => i % 2 === 0);
    await db.execute(sql`update customer_accounts set
        city = case when id in ${sql.raw(`(${moving.map((id) => `'${id}'`).join(", ")})`)} then 'Oslo' else city end,
        last_name = case when id in ${sql.raw(`(${renamed.map((id) => `'${id}'`).join(", ")})`)} then 'Byron' else last_name end,
        updated_at = now()
      where id in ${sql.raw(`(${accounts.map((id) => `'${id}'`).join(", ")})`)}`);
    for (const id of moving) {
      const updates = (await entriesOf(id)).filter((e) => e.action === "update");
      expect(updates).toHaveLength(1);
      expect([updates[0].oldValues, updates[0].newValues]).toEqual(
        renamed.includes(id)
          ? [
              { city: null, last_name: "Lovelace" },
              { city: "Oslo", last_name: "Byron" },
            ]
          : [{ city: null }, { city: "Oslo" }],
      );
      expect(updates[0]).toMatchObject({ brandId: t.brand_id, customerAccountId: id, actorKind: "system" });
    }
    expect((await entriesOf(accounts.at(-1)!)).filter((e) => e.action === "update")).toHaveLength(0);
  });

  it("a bulk update of a jsonb column (an invoice's lines) records exactly the rows whose lines changed, compared as jsonb (an equal value in other bytes is no change)", async () => {
    const { accountId } = await newAccount(t);
    const db = await getDb();
    const lines = (price: string) => `[{"itemName":"Plan","itemPrice":${price},"quantity":1,"kind":"recurring","taxExempt":"N","componentId":null}]`;
    const ids = resultRows<{ id: string }>(
      await db.execute(sql`insert into invoices (id, brand_id, customer_account_id, due_date, items, created_at, updated_at)
        select gen_random_uuid(), ${t.brand_id}::uuid, ${accountId}::uuid, date '2026-06-01', ${lines("2500")}::jsonb, now(), now()
        from generate_series(1, 30) returning id`),
    ).map((r) => r.id);
    // One statement: every third invoice's lines change price, the others' are written again as an
    // equal value in other bytes (2500.0: jsonb holds the number's scale), which is no change.
    const repriced = ids.filter((_, i) => i % 3 === 0);
    await db.execute(sql`update invoices set
        items = case when id in ${sql.raw(`(${repriced.map((id) => `'${id}'`).join(", ")})`)} then ${lines("2600")}::jsonb else ${lines("2500.0")}::jsonb end,
        updated_at = now()
      where id in ${sql.raw(`(${ids.map((id) => `'${id}'`).join(", ")})`)}`);
    for (const id of ids) {
      const entries = await entriesOf(id);
      expect(entries[0]).toMatchObject({ action: "create", resource: "invoices", brandId: t.brand_id, customerAccountId: accountId });
      expect(entries[0].newValues).toMatchObject({ id, items: [{ itemName: "Plan", itemPrice: 2500 }] });
      const updates = entries.filter((e) => e.action === "update");
      if (!repriced.includes(id)) {
        expect(updates).toHaveLength(0);
        continue;
      }
      expect(updates).toHaveLength(1);
      expect(Object.keys(updates[0].newValues!).sort()).toEqual(["items", "total_cents"]);
      expect(updates[0]).toMatchObject({
        oldValues: { items: [{ itemPrice: 2500 }], total_cents: 2500 },
        newValues: { items: [{ itemPrice: 2600 }], total_cents: 2600 },
      });
    }
  });

  it("the dashboard reads: search, a record's history and the customer timeline, and another brand's staff sees none of it", async () => {
    const { accountId } = await newAccount(t);
    await ok(t, "json", "Account/Update", { method: "PATCH", params: { customer_account_id: accountId, first_name: "Grace" } });
    const db = await getDb();
    const ctx = await contextFromStaffSession(db, { staffUserId: t.staffUserId, brandId: t.brand_id });

    const history = await recordHistory(ctx, accountId);
    expect(history.rows.map((r) => r.action)).toEqual(["update", "create"]);
    expect(history.rows[0].changes).toEqual([{ field: "first_name", old: "Ada", new: "Grace" }]);
    expect(history.rows[0].actor).toMatch(/^API key/);

    const found = await auditPage(ctx, { filters: { resource: "customer_accounts", action: "update", recordId: accountId } });
    expect(found.total).toBe(1);
    const byActor = await auditPage(ctx, { filters: { actor: `staff-`, recordId: accountId } });
    expect(byActor.total).toBe(2);
    const future = await auditPage(ctx, { filters: { recordId: accountId, from: new Date(Date.now() + 86_400_000) } });
    expect(future.total).toBe(0);

    const timeline = await accountTimeline(ctx, accountId);
    const change = timeline.rows.find((e) => e.kind === "change");
    expect(change).toMatchObject({ title: "Customer account changed", resource: "customer_accounts", ref: accountId });
    expect(change!.detail).toMatch(/through the API: first name/);

    const other = await makeTenant();
    const theirs = await contextFromStaffSession(db, { staffUserId: other.staffUserId, brandId: other.brand_id });
    expect((await recordHistory(theirs, accountId)).total).toBe(0);
    expect((await auditPage(theirs, {})).rows.some((r) => r.recordId === accountId)).toBe(false);
    expect((await accountTimeline(theirs, accountId)).rows).toHaveLength(0);
    await expect(contextFromStaffSession(db, { staffUserId: other.staffUserId, brandId: t.brand_id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("works on the embedded PGlite database too", async () => {
    const pglite = await openDatabase({ url: "", pgliteDir: ":memory:" });
    try {
      await pglite.migrate();
      const made = await bootstrapDemo(pglite.db);
      const ctx = await contextFromApiCredentials(pglite.db, { key: made.key!, userKey: made.user_key!, brandId: made.brand_id }, "req-pglite");
      await runVerb(
        { ...ctx, clientAddress: "10.0.0.1" },
        ({ ctx: c }) => c.db.update(brands).set({ description: "Changed on PGlite" }).where(eq(brands.id, c.brand.id)),
        undefined,
      );
      const rows = await pglite.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.recordId, made.brand_id), eq(auditEntries.action, "update")));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorKind: "api_key",
        requestId: "req-pglite",
        clientAddress: "10.0.0.1",
        newValues: { description: "Changed on PGlite" },
      });
      const system = systemContext(pglite.db, ctx.brand);
      expect((await recordHistory(system, made.brand_id)).rows[0].action).toBe("update");
    } finally {
      await pglite.close();
    }
    // Boots, migrates and bootstraps a whole embedded database: seconds of CPU on a shared machine.
  }, 120_000);
});
