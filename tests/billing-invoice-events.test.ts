/**
 * Invoice/Create events of generated invoices: the billing run writes one billing/invoices-created
 * event per chunk (lib/billing/generate-invoices.ts), and delivering it writes one Invoice/Create
 * event per invoice, built as for an invoice made through the API, at most once.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, openDatabase, type Db } from "../db/client";
import { newId } from "../lib/ids";
import { brands, customerAccounts, invoices, outboxAttempts, outboxEvents, productGroups, products, serviceAccounts, subscriptions } from "../db/schema";
import { generateDueInvoices } from "../lib/billing/generate-invoices";
import { INVOICES_CREATED } from "../lib/billing/invoice-events";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { deliverDue } from "../lib/outbox/deliver";
import { sinkFor } from "../lib/jobs/sinks";
import { makeTenant, ok, type Tenant } from "./support/api";
import { fixtures, subscriptionFor } from "./support/fixtures";
import { allBrandsContext } from "../lib/auth/context";

const clock = new ManualClock("2026-03-01T10:00:00Z");
let db: Db;
let t: Tenant;
const subs: { id: string; account: string }[] = [];

beforeAll(async () => {
  useClock(clock);
  db = await getDb();
  t = await makeTenant();
  for (let i = 0; i < 3; i++) {
    const account = await fixtures.Account(t);
    subs.push({ id: await subscriptionFor(t, account), account });
  }
  return () => useClock(systemClock);
});

const eventsOf = (type: string) =>
  db
    .select()
    .from(outboxEvents)
    .where(and(eq(outboxEvents.brandId, t.brand_id), eq(outboxEvents.type, type)))
    .orderBy(outboxEvents.createdAt, outboxEvents.id);
const deliver = () => deliverDue({ ctx: allBrandsContext(db, clock), input: { sinkFor } });

describe("Invoice/Create of generated invoices", () => {
  let batchId: string;
  let generated: (typeof invoices.$inferSelect)[];

  it("the billing run writes its invoices and one event listing them, and no Invoice/Create yet", async () => {
    const before = (await eventsOf("Invoice/Create")).length;
    // Renewals on 3/31 (30-day product from 3/1): inside the 72-hour window from 3/29 on.
    clock.set("2026-03-29T12:00:00Z");
    const { created } = await generateDueInvoices({ ctx: allBrandsContext(db, clock.now()), input: { subscriptionIds: subs.map((s) => s.id) } });
    expect(created).toBe(3);
    generated = await db
      .select()
      .from(invoices)
      .where(
        and(
          inArray(
            invoices.subscriptionId,
            subs.map((s) => s.id),
          ),
          eq(invoices.billingPeriodStart, "2026-03-31"),
        ),
      );
    expect(generated).toHaveLength(3);
    const [batch, ...more] = await eventsOf(INVOICES_CREATED);
    expect(more).toHaveLength(0);
    expect(batch.status).toBe("pending");
    expect([...(batch.payload as { invoice_ids: string[] }).invoice_ids].sort()).toEqual(generated.map((i) => i.id).sort());
    batchId = batch.id;
    expect(await eventsOf("Invoice/Create")).toHaveLength(before);
  });

  it("delivering it writes each live invoice's Invoice/Create, exactly as the API builds one", async () => {
    // An invoice deleted before the event is delivered gets no email.
    const [gone, ...live] = generated;
    await db.update(invoices).set({ deletedAt: clock.now() }).where(eq(invoices.id, gone.id));
    const before = (await eventsOf("Invoice/Create")).length;
    await deliver();
    const written = (await eventsOf("Invoice/Create")).slice(before);
    expect(written).toHaveLength(2);
    for (const inv of live) {
      const event = written.find((e) => (e.payload as any).invoice.invoice_id === inv.id)!;
      const view = (await ok(t, "json", "Invoice/List", { params: { subscription_id: inv.subscriptionId! } })).invoices.find(
        (i: any) => i.invoice_id === inv.id,
      );
      const account = (await ok(t, "json", "Account/List", { params: { customer_account_id: inv.customerAccountId } })).customer_accounts[0];
      expect(view.total).toBe("10.00");
      expect(event.payload).toEqual({
        to_email: account.email_address,
        cc_email: null,
        customer: {
          customer_account_id: inv.customerAccountId,
          first_name: "Fixture",
          last_name: "Account",
          company_name: null,
          email_address: account.email_address,
        },
        invoice: {
          invoice_id: inv.id,
          status: 0,
          due_date: "3/31/2026",
          total: "10.00",
          amount_paid: "0.00",
          amount_due: "10.00",
          number: view.number,
          currency: "USD",
          subtotal: "10.00",
          tax_total: "0.00",
          tax_lines: null,
          tax_note: null,
        },
        subscription: { subscription_id: inv.subscriptionId },
      });
    }
    const [batch] = await db.select().from(outboxEvents).where(eq(outboxEvents.id, batchId));
    expect(batch).toMatchObject({ status: "delivered", payload: { fanned_out: true } });
    const [attempt] = await db.select().from(outboxAttempts).where(eq(outboxAttempts.eventId, batchId));
    expect(attempt).toMatchObject({ ok: "Y", detail: "2 Invoice/Create event(s) written" });
  });

  it("a second delivery of the same event (a worker that died before marking it) writes none again", async () => {
    const before = (await eventsOf("Invoice/Create")).length;
    await db.update(outboxEvents).set({ status: "pending", deliveredAt: null, nextAttemptAt: clock.now() }).where(eq(outboxEvents.id, batchId));
    await deliver();
    expect(await eventsOf("Invoice/Create")).toHaveLength(before);
    const attempts = await db.select().from(outboxAttempts).where(eq(outboxAttempts.eventId, batchId)).orderBy(outboxAttempts.attempt);
    expect(attempts.map((a) => a.detail)).toEqual(["2 Invoice/Create event(s) written", "already fanned out"]);
  });

  it("a rerun of the billing day writes neither invoices nor another event", async () => {
    expect((await generateDueInvoices({ ctx: allBrandsContext(db, clock.now()), input: { subscriptionIds: subs.map((s) => s.id) } })).created).toBe(0);
    expect(await eventsOf(INVOICES_CREATED)).toHaveLength(1);
  });
});

describe("generateDueInvoices, brand by brand in chunks", () => {
  it("invoices every due subscription once across chunks and brands, one event per chunk, none for a deleted brand", async () => {
    clock.set("2026-03-01T10:00:00Z");
    const made = async (count: number) => {
      const tenant = await makeTenant();
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push(await subscriptionFor(tenant, await fixtures.Account(tenant)));
      return { tenant, ids };
    };
    const a = await made(5);
    const b = await made(3);
    const gone = await made(2);
    await db.update(brands).set({ deletedAt: clock.now() }).where(eq(brands.id, gone.tenant.brand_id));
    clock.set("2026-03-29T12:00:00Z");
    const all = [...a.ids, ...b.ids, ...gone.ids];
    // Chunks of 2: brand a in 2 + 2 + 1, brand b in 2 + 1, up to two chunks in flight at once.
    const { created } = await generateDueInvoices({ ctx: allBrandsContext(db, clock.now()), input: { subscriptionIds: all, chunkSize: 2 } });
    expect(created).toBe(8);
    const rows = await db
      .select()
      .from(invoices)
      .where(and(inArray(invoices.subscriptionId, all), eq(invoices.billingPeriodStart, "2026-03-31")));
    expect(rows.map((r) => r.subscriptionId).sort()).toEqual([...a.ids, ...b.ids].sort());
    for (const [tenant, chunks] of [
      [a.tenant, [2, 2, 1]],
      [b.tenant, [2, 1]],
    ] as const) {
      const events = await db
        .select()
        .from(outboxEvents)
        .where(and(eq(outboxEvents.brandId, tenant.brand_id), eq(outboxEvents.type, INVOICES_CREATED)));
      expect(events.map((e) => (e.payload as { invoice_ids: string[] }).invoice_ids.length).sort()).toEqual([...chunks].sort());
      const listed = events.flatMap((e) => (e.payload as { invoice_ids: string[] }).invoice_ids);
      expect(listed.sort()).toEqual(
        rows
          .filter((r) => r.brandId === tenant.brand_id)
          .map((r) => r.id)
          .sort(),
      );
    }
    expect((await generateDueInvoices({ ctx: allBrandsContext(db, clock.now()), input: { subscriptionIds: all, chunkSize: 2 } })).created).toBe(0);
  });
});

describe("generateDueInvoices when one subscription cannot be invoiced", () => {
  it("invoices the rest of its chunk, and that one on a later run once it can be", async () => {
    clock.set("2026-03-01T10:00:00Z");
    const tenant = await makeTenant();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await subscriptionFor(tenant, await fixtures.Account(tenant)));
    const bad = ids[4];
    // Any row-level failure of the chunk statement will do; a trigger refuses this one's invoice.
    await db.execute(
      sql.raw(`
      create function refuse_one() returns trigger language plpgsql as $$
      begin if new.subscription_id = '${bad}' then raise exception 'refused for the test'; end if; return new; end $$;
      create trigger refuse_one before insert on invoices for each row execute function refuse_one();`),
    );
    try {
      clock.set("2026-03-29T12:00:00Z");
      expect((await generateDueInvoices({ ctx: allBrandsContext(db, clock.now()), input: { subscriptionIds: ids, chunkSize: 10 } })).created).toBe(6);
      const invoiced = await db
        .select({ id: invoices.subscriptionId })
        .from(invoices)
        .where(and(inArray(invoices.subscriptionId, ids), eq(invoices.billingPeriodStart, "2026-03-31")));
      expect(invoiced.map((r) => r.id).sort()).toEqual(ids.filter((id) => id !== bad).sort());
    } finally {
      await db.execute(sql.raw(`drop trigger refuse_one on invoices; drop function refuse_one();`));
    }
    expect((await generateDueInvoices({ ctx: allBrandsContext(db, clock.now()), input: { subscriptionIds: ids, chunkSize: 10 } })).created).toBe(1);
  });
});

describe("generateDueInvoices on the embedded PGlite database (one connection: chunks one at a time)", () => {
  it("writes the invoice with its lines and the event, and delivering it writes the Invoice/Create", async () => {
    const database = await openDatabase({ url: "", pgliteDir: ":memory:" });
    try {
      await database.migrate();
      const pg = database.db;
      const at = new Date("2026-03-29T12:00:00Z");
      const stamps = { createdAt: at, updatedAt: at };
      const [service] = await pg.insert(serviceAccounts).values({ id: newId(), name: "PGlite", createdAt: at }).returning();
      const [brand] = await pg
        .insert(brands)
        .values({
          id: newId(),
          serviceAccountId: service.id,
          name: "B",
          description: "d",
          logoUrl: "https://example.com/l.png",
          timezoneId: "UTC",
          webhookSecret: "s",
          ...stamps,
        })
        .returning();
      const group = { id: newId(), brandId: brand.id, name: "G", description: "d", status: 1 as const, ...stamps };
      await pg.insert(productGroups).values(group);
      const product = {
        id: newId(),
        brandId: brand.id,
        productGroupId: group.id,
        name: "Plan",
        description: "d",
        status: 1 as const,
        expirationInterval: 30,
        setupFeeCents: 0,
        recurringPriceCents: 1250,
        trial: "N" as const,
        autoPayDiscount: "N" as const,
        promptForVariables: "N" as const,
        taxExempt: "N" as const,
        ...stamps,
      };
      await pg.insert(products).values(product);
      const account = {
        id: newId(),
        brandId: brand.id,
        firstName: "A",
        lastName: "B",
        emailAddress: "a@example.com",
        locale: "en-US",
        timezoneId: "UTC",
        securityCode: "12345",
        emailVerificationCode: "code",
        ...stamps,
      };
      await pg.insert(customerAccounts).values(account);
      const sub = {
        id: newId(),
        brandId: brand.id,
        customerAccountId: account.id,
        productId: product.id,
        productGroupId: group.id,
        status: 1 as const,
        autoPay: "N" as const,
        startDate: "2026-03-01",
        periodStart: "2026-03-01",
        renewalDate: "2026-03-31",
        overrideInitialBilling: "Y" as const,
        ...stamps,
      };
      await pg.insert(subscriptions).values(sub);

      expect(await generateDueInvoices({ ctx: allBrandsContext(pg, at) })).toEqual({ created: 1 });
      const [invoice] = await pg.select().from(invoices);
      expect(invoice).toMatchObject({ subscriptionId: sub.id, billingPeriodStart: "2026-03-31" });
      expect(invoice.items).toEqual([{ itemName: "Plan", itemPrice: 1250, quantity: 1, taxExempt: "N", kind: "recurring", componentId: null }]);
      await deliverDue({ ctx: allBrandsContext(pg, { now: () => at }), input: { sinkFor } });
      const [created] = await pg.select().from(outboxEvents).where(eq(outboxEvents.type, "Invoice/Create"));
      expect((created.payload as any).invoice).toMatchObject({ invoice_id: invoice.id, total: "12.50", amount_due: "12.50" });
      expect(await generateDueInvoices({ ctx: allBrandsContext(pg, at) })).toEqual({ created: 0 });
    } finally {
      await database.close();
    }
  });
});
