import { describe, expect, it } from "vitest";
import { asc, desc, eq, ne, sql } from "drizzle-orm";
import { getDb, openDatabase, resultRows, selectColumns, selectRows } from "../db/client";
import { anyOf, sqlArray } from "../db/scope";
import { newId } from "../lib/ids";
import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "../db/schema";
import { brands, coupons, customerAccounts, invoices, products, serviceAccounts, subscriptions } from "../db/schema";
import { makeTenant, ok } from "./support/api";
import { makeCoupon, makeGroup, makeProduct } from "./support/catalog";
import { fixtures } from "./support/fixtures";

describe("selectRows", () => {
  it("answers exactly what drizzle's own row mapping answers (dates, bigints, arrays, json, nulls)", async () => {
    const t = await makeTenant();
    const group = await makeGroup(t);
    const product = await makeProduct(t, group.product_group_id, { trial: "Y", trial_interval: "7" });
    await makeCoupon(t, { product_ids: product.product_id, expiration_date: "12/31/2030", max_redemptions: "5" });
    await fixtures.Subscription(t);
    await ok(t, "json", "Invoice/Create", { method: "POST", params: { customer_account_id: await fixtures.Account(t), due_date: "1/2/2031" } });
    const db = await getDb();
    for (const table of [products, coupons, subscriptions, customerAccounts, invoices]) {
      const fast = await selectRows(db, table, { where: eq(table.brandId, t.brand_id), orderBy: [asc(table.id)] });
      expect(fast.length).toBeGreaterThan(0);
      expect(fast).toEqual(await db.select().from(table).where(eq(table.brandId, t.brand_id)).orderBy(table.id));
    }
  });

  it("selectColumns answers drizzle's select of the same columns, on a pool, in a transaction and for other subsets", async () => {
    const t = await makeTenant();
    await fixtures.Subscription(t);
    const db = await getDb();
    const keys = ["id", "renewalDate", "createdAt", "variables", "status"] as const;
    const drizzleRows = await db
      .select({
        id: subscriptions.id,
        renewalDate: subscriptions.renewalDate,
        createdAt: subscriptions.createdAt,
        variables: subscriptions.variables,
        status: subscriptions.status,
      })
      .from(subscriptions)
      .where(eq(subscriptions.brandId, t.brand_id));
    const fast = await selectColumns(db, subscriptions, keys, { where: eq(subscriptions.brandId, t.brand_id) });
    expect(fast.length).toBe(1);
    expect(fast).toEqual(drizzleRows);
    expect(Object.keys(fast[0])).toEqual([...keys]);
    const inTx = await db.transaction((tx) => selectColumns(tx as unknown as typeof db, subscriptions, keys, { where: eq(subscriptions.brandId, t.brand_id) }));
    expect(inTx).toEqual(drizzleRows);
    // Another subset of the same table is compiled on its own; whole rows are unchanged.
    expect(await selectColumns(db, subscriptions, ["id"], { where: eq(subscriptions.brandId, t.brand_id) })).toEqual([{ id: fast[0].id }]);
    expect((await selectRows(db, subscriptions, { where: eq(subscriptions.brandId, t.brand_id) }))[0]).toMatchObject(drizzleRows[0]);
  });

  it("maps every table of the schema like drizzle does", async () => {
    const t = await makeTenant();
    await fixtures.Subscription(t);
    const db = await getDb();
    const tables = (Object.values(schema) as unknown[]).filter((x) => is(x, PgTable)) as PgTable[];
    expect(tables.length).toBeGreaterThan(20);
    for (const table of tables) {
      const fast = await selectRows(db, table, { orderBy: [sql`1`], limit: 50 });
      expect(fast).toEqual(
        await db
          .select()
          .from(table)
          .orderBy(sql`1`)
          .limit(50),
      );
    }
  });

  it("is drizzle's own select on PGlite, with every clause", async () => {
    const database = await openDatabase({ url: "", pgliteDir: ":memory:" });
    try {
      await database.migrate();
      const db = database.db;
      const now = new Date("2026-11-22T12:00:00Z");
      const [account] = await db.insert(serviceAccounts).values({ id: newId(), name: "PGlite", createdAt: now }).returning();
      const rows = [1, 2, 3].map((i) => ({
        id: newId(),
        serviceAccountId: account.id,
        name: `Brand ${i}`,
        description: "d",
        logoUrl: "https://example.com/l.png",
        timezoneId: "UTC",
        webhookSecret: `s${i}`,
        createdAt: now,
        updatedAt: now,
      }));
      await db.insert(brands).values(rows);
      const got = await db.transaction((tx) =>
        selectRows(tx as unknown as typeof db, brands, { where: ne(brands.name, "Brand 2"), orderBy: [desc(brands.name)], limit: 5, forUpdate: true }),
      );
      expect(got.map((b) => b.name)).toEqual(["Brand 3", "Brand 1"]);
      expect(got[0]).toEqual((await db.select().from(brands).where(eq(brands.name, "Brand 3")))[0]);
    } finally {
      await database.close();
    }
  });

  it("anyOf matches any of many ids with one parameter, and a non-UUID fails the cast instead of splitting", async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const db = await getDb();
    const ids = [t.brand_id, other.brand_id, ...Array.from({ length: 2000 }, () => newId())];
    const rows = await selectRows(db, brands, { where: anyOf(brands.id, ids), orderBy: [asc(brands.id)] });
    expect(rows.map((b) => b.id)).toEqual([t.brand_id, other.brand_id].sort());
    expect(await selectRows(db, brands, { where: anyOf(brands.id, []) })).toEqual([]);
    await expect(selectRows(db, brands, { where: anyOf(brands.id, [`${t.brand_id}","${other.brand_id}`]) })).rejects.toThrow();
  });

  it("sqlArray carries any text as one element each: quotes, backslashes, commas, braces, blanks", async () => {
    const db = await getDb();
    for (const values of [[], ["plain", "two words"], ['a"b', "back\\slash", "x,y", "{z}", "", "NULL", " pad "]]) {
      const [row] = resultRows<{ v: string[] }>(await db.execute(sql`select ${sqlArray(values, "text[]")} as v`));
      expect(row.v).toEqual(values);
    }
  });

  it("inside a transaction reads on the transaction's connection (its own uncommitted rows)", async () => {
    const t = await makeTenant();
    const db = await getDb();
    const rename = `Renamed ${newId()}`;
    let inside: string | undefined;
    await db.transaction(async (tx) => {
      await tx.update(brands).set({ name: rename }).where(eq(brands.id, t.brand_id));
      inside = (await selectRows(tx as unknown as typeof db, brands, { where: eq(brands.id, t.brand_id), forUpdate: true }))[0].name;
    });
    expect(inside).toBe(rename);
  });

  it("forUpdate inside a transaction holds the row lock until that transaction ends", async () => {
    const t = await makeTenant();
    const db = await getDb();
    const other = () => db.transaction((tx) => tx.execute(sql`select id from brands where id = ${t.brand_id} for update nowait`));
    await db.transaction(async (tx) => {
      await selectRows(tx as unknown as typeof db, brands, { where: eq(brands.id, t.brand_id), forUpdate: true });
      // Another connection cannot take the row meanwhile (55P03: lock_not_available).
      await expect(other()).rejects.toMatchObject({ cause: { code: "55P03" } });
    });
    await expect(other()).resolves.toBeDefined();
  });
});
