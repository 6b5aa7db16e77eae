/**
 * Invoice numbers (issue 31): <prefix>-<sequence>, gapless and unique per brand under concurrency,
 * taken in the transaction that issues the invoice (lib/document-numbers.ts, migration 0031).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, resultRows, type Db } from "../db/client";
import { brands, documentCounters, invoices } from "../db/schema";
import { inScope } from "../db/tenancy";
import { nextDocumentNumber } from "../lib/document-numbers";
import { generateDueInvoices } from "../lib/billing/generate-invoices";
import { ManualClock, systemClock, useClock } from "../lib/clock";
import { newId } from "../lib/ids";
import { ok, call, makeTenant } from "./support/api";
import { fixtures, subscriptionFor } from "./support/fixtures";
import { CARDS, items, makeAccount, makeCard, makeGateway, makeInvoice } from "./support/payments";
import { beforeMigration } from "./support/pg";
import { runContext } from "../lib/auth/context";

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

const numbersOf = async (brandId: string) =>
  (await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.brandId, brandId)).orderBy(asc(invoices.number))).map((r) => r.number);
const prefixOf = async (brandId: string) => (await db.select({ p: brands.invoicePrefix }).from(brands).where(eq(brands.id, brandId)))[0].p;
const counterOf = async (brandId: string) =>
  (
    await db
      .select({ last: documentCounters.last })
      .from(documentCounters)
      .where(and(eq(documentCounters.brandId, brandId), eq(documentCounters.kind, "invoice")))
  )[0]?.last ?? 0;
const seq = (prefix: string, from: number, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${String(from + i).padStart(6, "0")}`);

describe("document numbers", () => {
  it("Invoice/Create numbers a brand's invoices from 000001, each brand on its own", async () => {
    const [a, b] = [await makeTenant(), await makeTenant()];
    const [accA, accB] = [await makeAccount(a), await makeAccount(b)];
    for (let i = 0; i < 3; i++) await makeInvoice(a, accA, "1.00");
    await makeInvoice(b, accB, "1.00");
    expect(await numbersOf(a.brand_id)).toEqual(seq(await prefixOf(a.brand_id), 1, 3));
    expect(await numbersOf(b.brand_id)).toEqual(seq(await prefixOf(b.brand_id), 1, 1));
    expect(await counterOf(a.brand_id)).toBe(3);
  });

  it("a rolled-back transaction gives its number back; the sequence grows past 6 digits", async () => {
    const t = await makeTenant();
    const prefix = await prefixOf(t.brand_id);
    const take = () => inScope(db, t.brand_id, (tx) => nextDocumentNumber(tx, t.brand_id, "invoice"));
    expect(await take()).toBe(`${prefix}-000001`);
    await expect(
      inScope(db, t.brand_id, async (tx) => {
        expect(await nextDocumentNumber(tx, t.brand_id, "invoice")).toBe(`${prefix}-000002`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await take()).toBe(`${prefix}-000002`);
    expect(await inScope(db, t.brand_id, (tx) => nextDocumentNumber(tx, t.brand_id, "credit_note"))).toBe(`${prefix}-CN-000001`);
    await db.execute(sql`update document_counters set last = 999998 where brand_id = ${t.brand_id} and kind = 'invoice'`);
    expect(await take()).toBe(`${prefix}-999999`);
    expect(await take()).toBe(`${prefix}-1000000`);
  });

  it("another brand's counter is out of reach (row-level security)", async () => {
    const [a, b] = [await makeTenant(), await makeTenant()];
    await inScope(db, a.brand_id, (tx) => nextDocumentNumber(tx, a.brand_id, "invoice"));
    const refused = await inScope(db, b.brand_id, (tx) => nextDocumentNumber(tx, a.brand_id, "invoice")).catch((err: Error) => err);
    expect(String((refused as Error).cause)).toMatch(/row-level security/);
    const seen = await inScope(db, b.brand_id, async (tx) => resultRows(await tx.execute(sql`select * from document_counters`)));
    expect(seen).toEqual([]);
  });

  it("parallel Invoice/Create calls get consecutive numbers, none twice", async () => {
    const t = await makeTenant();
    const account = await makeAccount(t);
    await Promise.all(Array.from({ length: 20 }, () => makeInvoice(t, account, "2.00")));
    expect(await numbersOf(t.brand_id)).toEqual(seq(await prefixOf(t.brand_id), 1, 20));
  });

  it("a refused Invoice/Create takes no number", async () => {
    const t = await makeTenant();
    const account = await makeAccount(t);
    await makeInvoice(t, account, "1.00");
    const r = await call("json", "Invoice/Create", {
      method: "POST",
      creds: t,
      params: { customer_account_id: account, due_date: "12/31/2030", attached_items: "[{" },
    });
    expect(r.status).toBe(400);
    await makeInvoice(t, account, "1.00");
    expect(await numbersOf(t.brand_id)).toEqual(seq(await prefixOf(t.brand_id), 1, 2));
  });

  it("generated invoices continue the brand's sequence, in the run's order, while Invoice/Create runs beside it", async () => {
    const clock = new ManualClock("2026-03-01T10:00:00Z");
    useClock(clock);
    try {
      const t = await makeTenant();
      const subs: string[] = [];
      for (let i = 0; i < 4; i++) subs.push(await subscriptionFor(t, await fixtures.Account(t)));
      const account = await makeAccount(t);
      clock.set("2026-03-29T12:00:00Z");
      const [{ created }] = await Promise.all([
        generateDueInvoices({ ctx: await runContext(db, clock.now(), t.brand_id), input: { chunkSize: 2 } }),
        ...Array.from({ length: 5 }, () => makeInvoice(t, account, "1.00")),
      ]);
      expect(created).toBe(4);
      // 4 up-front invoices, 4 generated, 5 manual: 13 numbers, none missing.
      expect(await numbersOf(t.brand_id)).toEqual(seq(await prefixOf(t.brand_id), 1, 13));
      // A second run writes nothing and takes nothing.
      expect((await generateDueInvoices({ ctx: await runContext(db, clock.now(), t.brand_id) })).created).toBe(0);
      expect(await counterOf(t.brand_id)).toBe(13);
    } finally {
      useClock(systemClock);
    }
  });

  it("a subscription's first invoice is numbered when its charge goes through; a declined one takes no number", async () => {
    const t = await makeTenant();
    await makeGateway(t);
    const account = await makeAccount(t);
    const product = await fixtures.Product(t);
    await makeInvoice(t, account, "1.00");
    const declined = await call("json", "Subscription/Create", {
      method: "POST",
      creds: t,
      params: {
        customer_account_id: account,
        product_id: product,
        override_initial_billing: "N",
        auto_pay: "Y",
        pay_method_id: await makeCard(t, account, CARDS.declines, { require_verification: "N" }),
      },
    });
    expect(declined.status, declined.text).toBe(402);
    await ok(t, "json", "Subscription/Create", {
      method: "POST",
      params: {
        customer_account_id: account,
        product_id: product,
        override_initial_billing: "N",
        auto_pay: "Y",
        pay_method_id: await makeCard(t, account, CARDS.ok),
      },
    });
    await makeInvoice(t, account, "1.00");
    expect(await numbersOf(t.brand_id)).toEqual(seq(await prefixOf(t.brand_id), 1, 3));
  });

  it("a brand's prefix defaults from its name, and cleared, comes back", async () => {
    const cases: [string, string][] = [
      ["Northwind Cloud", "NC"],
      ["Acme", "ACME"],
      ["Globex Corporation of North America Inc and Sons Ltd", "GCONAIASL"],
      ["1&1 hosting", "11H"],
      ["A", "INV"],
      ["日本", "INV"],
      ["Zed", "ZED"],
    ];
    for (const [name, prefix] of cases) {
      const [row] = resultRows<{ p: string }>(await db.execute(sql`select default_invoice_prefix(${name}) as p`));
      expect(row.p, name).toBe(prefix);
    }
    const t = await makeTenant();
    await db.update(brands).set({ invoicePrefix: "ZZ9" }).where(eq(brands.id, t.brand_id));
    expect(await prefixOf(t.brand_id)).toBe("ZZ9");
    await db.execute(sql`update brands set invoice_prefix = null where id = ${t.brand_id}`);
    expect(await prefixOf(t.brand_id)).toMatch(/^[A-Z0-9]{2,10}$/);
    await expect(db.execute(sql`update brands set invoice_prefix = 'a-b' where id = ${t.brand_id}`)).rejects.toThrow();
  });
});

describe("migration 0031 (invoice numbers)", () => {
  it("numbers existing invoices per brand in creation order, derives prefixes and sets the counters, unaudited", async () => {
    await beforeMigration(`rb_test_migration_0031_${process.pid}`, "0031", async (pg, migrate) => {
      const service = newId();
      await pg`insert into service_accounts (id, name, created_at) values (${service}, 'Migration', now())`;
      const made: Record<string, string[]> = {};
      for (const brandName of ["Northwind Cloud", "Acme"]) {
        const brand = newId();
        const account = newId();
        await pg`insert into brands (id, service_account_id, name, description, logo_url, timezone_id, webhook_secret, created_at, updated_at)
                   values (${brand}, ${service}, ${brandName}, 'd', 'https://example.com/l.png', 'UTC', 's', now(), now())`;
        await pg`insert into customer_accounts (id, brand_id, first_name, last_name, email_address, locale, timezone_id, security_code, email_verification_code, created_at, updated_at)
                   values (${account}, ${brand}, 'A', 'B', 'a@example.com', 'en-US', 'UTC', '12345', 'code', now(), now())`;
        // Created out of id order: numbered by created_at.
        const ids = [newId(), newId(), newId()];
        const days = ["2026-01-03", "2026-01-01", "2026-01-02"];
        for (const [i, id] of ids.entries()) {
          await pg`insert into invoices (id, brand_id, customer_account_id, due_date, created_at, updated_at) values (${id}, ${brand}, ${account}, '2026-05-01', ${days[i]}, now())`;
        }
        made[brand] = [ids[1], ids[2], ids[0]];
      }
      const auditBefore = (await pg`select count(*)::int as n from audit_entries where resource = 'invoices'`)[0].n;
      await migrate();
      for (const [brand, inOrder] of Object.entries(made)) {
        const [b] = await pg`select invoice_prefix from brands where id = ${brand}`;
        const rows = await pg`select id, number from invoices where brand_id = ${brand} order by number`;
        expect(rows.map((r) => r.id)).toEqual(inOrder);
        expect(rows.map((r) => r.number)).toEqual(seq(b.invoice_prefix, 1, 3));
        expect((await pg`select last::int from document_counters where brand_id = ${brand} and kind = 'invoice'`)[0].last).toBe(3);
      }
      expect((await pg`select invoice_prefix from brands order by invoice_prefix`).map((r) => r.invoice_prefix)).toEqual(["ACME", "NC"]);
      // Filling the column is nobody's change: no audit entries.
      expect((await pg`select count(*)::int as n from audit_entries where resource = 'invoices'`)[0].n).toBe(auditBefore);
    });
  });
});

describe("the number on the wire", () => {
  for (const format of ["json", "xml"]) {
    it(`${format}: Invoice/Create and List answer number; List filters by it (any case); a deleted invoice keeps it`, async () => {
      const t = await makeTenant();
      const account = await makeAccount(t);
      const prefix = await prefixOf(t.brand_id);
      const first = (
        await ok(t, format, "Invoice/Create", {
          method: "POST",
          params: { customer_account_id: account, due_date: "12/31/2030", attached_items: items("1.00") },
        })
      ).invoice;
      expect(first.number).toBe(`${prefix}-000001`);
      const second = await makeInvoice(t, account, "2.00");
      const one = (body: any) => (format === "json" ? body.invoices : [body.invoices.invoice].flat().filter(Boolean));
      const found = one(await ok(t, format, "Invoice/List", { params: { number: ` ${prefix.toLowerCase()}-000002 ` } }));
      expect(found.map((i: any) => [i.invoice_id, i.number])).toEqual([[second, `${prefix}-000002`]]);
      expect(one(await ok(t, format, "Invoice/List", { params: { number: `${prefix}-000009` } }))).toEqual([]);
      await ok(t, "json", "Invoice/Delete", { method: "DELETE", params: { invoice_id: second, customer_account_id: account } });
      const deleted = one(await ok(t, format, "Invoice/List", { params: { number: `${prefix}-000002` } }));
      expect(deleted.map((i: any) => [i.number, i.status])).toEqual([[`${prefix}-000002`, "3"]]);
      await makeInvoice(t, account, "3.00");
      expect(await numbersOf(t.brand_id)).toEqual(seq(prefix, 1, 3));
    });
  }
});
