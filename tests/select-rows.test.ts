import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb, selectRows } from "../db/client";
import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "../db/schema";
import { coupons, customerAccounts, invoices, products, subscriptions } from "../db/schema";
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
      const query = () => db.select().from(table).where(eq(table.brandId, t.brand_id)).orderBy(table.id);
      const fast = await selectRows(db, query());
      expect(fast.length).toBeGreaterThan(0);
      expect(fast).toEqual(await query());
    }
  });

  it("maps every table of the schema like drizzle does", async () => {
    const t = await makeTenant();
    await fixtures.Subscription(t);
    const db = await getDb();
    const tables = (Object.values(schema) as unknown[]).filter((x) => is(x, PgTable)) as PgTable[];
    expect(tables.length).toBeGreaterThan(20);
    for (const table of tables) {
      const query = () => db.select().from(table).limit(50);
      expect(await selectRows(db, query())).toEqual(await query());
    }
  });
});
