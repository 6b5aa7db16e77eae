/**
 * invoices.total_cents (migration 0021), which the overview sums: PostgreSQL's total of an invoice's
 * stored lines, the same number as linesTotal in code and linesTotalSql in SQL, however the lines are
 * written, on PostgreSQL and on the embedded PGlite alike (the overview's statement too); and never
 * written by anyone else.
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb, openDatabase, type Db } from "../db/client";
import { brands, customerAccounts, INVOICE_LINE_KINDS, invoices } from "../db/schema";
import { systemContext } from "../lib/auth/context";
import { newId } from "../lib/ids";
import { brandOverview } from "../lib/insights/overview";
import { appendLines, linesTotal, linesTotalSql, replaceLines, storedLines, type NewLine } from "../lib/invoices/lines";
import { bootstrapDemo } from "../lib/platform/bootstrap";
import { makeAccount } from "./support/payments";
import { makeTenant } from "./support/api";

/** One line of every kind, quantities above one, a discount taking off more than one line's price. */
const EVERY_KIND: NewLine[] = INVOICE_LINE_KINDS.map((kind, i) => ({
  itemName: `A ${kind}`,
  itemPrice: kind === "discount" ? -1_234 : 1_000 + 17 * i,
  quantity: i + 1,
  kind,
}));

async function totals(db: Db, id: string) {
  const [row] = await db
    .select({ generated: invoices.totalCents, summed: linesTotalSql(sql`${invoices.items}`).mapWith(Number) })
    .from(invoices)
    .where(eq(invoices.id, id));
  return row;
}

/** Writes an invoice's lines every way the code does and checks the generated total after each. */
async function checkTotals(db: Db, brandId: string, accountId: string) {
  const [brand] = await db.select().from(brands).where(eq(brands.id, brandId));
  const ctx = systemContext(db, brand);
  const id = newId();
  const now = new Date();
  await db
    .insert(invoices)
    .values({ id, brandId, customerAccountId: accountId, dueDate: "2026-05-01", items: storedLines(EVERY_KIND), createdAt: now, updatedAt: now });
  expect(linesTotal(EVERY_KIND)).toBeGreaterThan(0);
  expect(await totals(db, id)).toEqual({ generated: linesTotal(EVERY_KIND), summed: linesTotal(EVERY_KIND) });

  const replaced: NewLine[] = [
    { itemName: "Plan", itemPrice: 2_000, kind: "recurring" },
    { itemName: "Coupon", itemPrice: -500, kind: "discount", couponCode: "FIVE" },
  ];
  await replaceLines(ctx, id, replaced);
  expect(await totals(db, id)).toEqual({ generated: 1_500, summed: 1_500 });

  const usage: NewLine[] = [{ itemName: "Calls", itemPrice: 3, quantity: 250, kind: "usage" }];
  await appendLines(ctx, id, usage);
  expect(await totals(db, id)).toEqual({ generated: 2_250, summed: 2_250 });

  await replaceLines(ctx, id, []);
  expect(await totals(db, id)).toEqual({ generated: 0, summed: 0 });

  // Only PostgreSQL writes it: an insert or an update naming the column is refused.
  await expect(db.execute(sql`update invoices set total_cents = 1 where id = ${id}`)).rejects.toThrow();
  await expect(
    db.execute(sql`insert into invoices (id, brand_id, customer_account_id, due_date, items, total_cents, created_at, updated_at)
      values (${newId()}, ${brandId}, ${accountId}, '2026-05-01', '[]', 0, now(), now())`),
  ).rejects.toThrow();
  expect((await totals(db, id)).generated).toBe(0);

  // The overview sums the generated totals of issued (numbered) invoices: invoiced this month and
  // owed (one statement, both databases).
  await db.insert(invoices).values({
    id: newId(),
    brandId,
    customerAccountId: accountId,
    number: "TOTALS-000001",
    dueDate: "2026-05-01",
    items: storedLines(EVERY_KIND),
    createdAt: now,
    updatedAt: now,
  });
  const o = await brandOverview(ctx, "30d");
  expect(o.invoiced).toBe(linesTotal(EVERY_KIND));
  expect(o.receivables.outstanding).toEqual({ count: 1, amount: linesTotal(EVERY_KIND) });
}

describe("an invoice's generated total", () => {
  it("is its lines' sum, every kind of line and discounts included, as the lines are created, replaced and appended to", async () => {
    const t = await makeTenant();
    await checkTotals(await getDb(), t.brand_id, await makeAccount(t));
  });

  it("is computed the same on the embedded PGlite database", async () => {
    const database = await openDatabase({ url: "", pgliteDir: ":memory:" });
    try {
      await database.migrate();
      const { brand_id } = await bootstrapDemo(database.db);
      const accountId = newId();
      const now = new Date();
      await database.db.insert(customerAccounts).values({
        id: accountId,
        brandId: brand_id,
        firstName: "Ada",
        lastName: "Lovelace",
        emailAddress: "ada@example.com",
        locale: "en-US",
        timezoneId: "UTC",
        securityCode: "12345",
        emailVerificationCode: "code",
        createdAt: now,
        updatedAt: now,
      });
      await checkTotals(database.db, brand_id, accountId);
    } finally {
      await database.close();
    }
  }, 120_000);
});
