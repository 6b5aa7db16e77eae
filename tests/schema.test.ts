import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getDatabase, openDatabase } from "../db/client";
import { newId } from "../lib/ids";
import { beforeMigration } from "./support/pg";
import { bootstrapDemo } from "../lib/platform/bootstrap";
import { contextFromApiCredentials, forgetResolvedCredentials } from "../lib/auth/context";

/** Tables that are not owned by one brand: the tenants themselves and what authenticates them. */
// audit_entries: written by triggers for every table, including the ones above (brand_id null there).
// rate_limits: the throttles' counters (per API key, address or sign-in name), not records.
const NOT_BRAND_OWNED = new Set(["service_accounts", "brands", "staff_users", "api_keys", "staff_tokens", "staff_sessions", "audit_entries", "rate_limits"]);

describe("the database", () => {
  it("every brand-owned table has a non-null brand_id referencing brands", async () => {
    const { db } = await getDatabase();
    const tables = (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { table_name: string }[];
    const columns = (await db.execute(
      sql`select table_name, is_nullable from information_schema.columns where table_schema = 'public' and column_name = 'brand_id'`,
    )) as unknown as { table_name: string; is_nullable: string }[];
    const withBrand = new Map(columns.map((c) => [c.table_name, c.is_nullable]));
    const owned = tables.map((t) => t.table_name).filter((n) => !NOT_BRAND_OWNED.has(n));
    expect(owned.length).toBeGreaterThan(0);
    for (const name of owned) {
      expect(withBrand.get(name), `${name} needs a brand_id column`).toBe("NO");
    }
  });

  it("migrations are idempotent: applying them again changes nothing", async () => {
    const database = await getDatabase();
    const before = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    await database.migrate();
    await database.migrate();
    const after = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(after).toEqual(before);
  });

  it("the embedded PGlite database takes the very same migrations and bootstraps, persistently", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rb-pglite-"));
    try {
      const first = await openDatabase({ url: "", pgliteDir: dir });
      expect(first.driver).toBe("pglite");
      await first.migrate();
      const made = await bootstrapDemo(first.db);
      expect(made.created).toBe(true);
      const creds = { key: made.key!, user_key: made.user_key!, brand_id: made.brand_id, staff_email: made.staff_email, staff_password: made.staff_password };
      expect(creds.staff_password).toBeTruthy();
      await first.close();

      const second = await openDatabase({ url: "", pgliteDir: dir });
      await second.migrate();
      const again = await bootstrapDemo(second.db, { known: creds });
      expect(again).toEqual({ ...creds, created: false, minted: false });
      const ctx = await contextFromApiCredentials(second.db, { key: creds.key, userKey: creds.user_key, brandId: creds.brand_id }, "t");
      expect(ctx.brand.id).toBe(creds.brand_id);
      // Lost saved credentials: nothing is reissued (keys not shown), the existing ones keep working.
      expect(await bootstrapDemo(second.db)).toEqual({
        key: null,
        user_key: null,
        brand_id: creds.brand_id,
        staff_email: creds.staff_email,
        staff_password: null,
        created: false,
        minted: false,
      });
      forgetResolvedCredentials();
      expect((await contextFromApiCredentials(second.db, { key: creds.key, userKey: creds.user_key, brandId: creds.brand_id }, "t")).brand.id).toBe(
        creds.brand_id,
      );
      // Only an explicit request mints new keys, for the same brand; the old ones stop working.
      const minted = await bootstrapDemo(second.db, { newKeys: true });
      expect(minted).toMatchObject({ brand_id: creds.brand_id, created: false, minted: true });
      expect(minted.key).not.toBe(creds.key);
      await expect(contextFromApiCredentials(second.db, { key: creds.key, userKey: creds.user_key, brandId: creds.brand_id }, "t")).rejects.toThrow();
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Two PGlite starts, each migrating (and securing the brand tables), take 30 s on a loaded machine.
  }, 90_000);
});

describe("migration 0007 (invoice lines onto their invoices)", () => {
  it("moves each invoice's lines onto it in position order, leaves an invoice without lines empty, and drops the line table", async () => {
    await beforeMigration(`rb_test_migration_0007_${process.pid}`, "0007", async (pg, migrate) => {
      const [brand, account, withLines, without, component] = [newId(), newId(), newId(), newId(), newId()];
      const service = newId();
      await pg`insert into service_accounts (id, name, created_at) values (${service}, 'Migration', now())`;
      await pg`insert into brands (id, service_account_id, name, description, logo_url, timezone_id, webhook_secret, created_at, updated_at)
                 values (${brand}, ${service}, 'B', 'd', 'https://example.com/l.png', 'UTC', 's', now(), now())`;
      await pg`insert into customer_accounts (id, brand_id, first_name, last_name, email_address, locale, timezone_id, security_code, email_verification_code, created_at, updated_at)
                 values (${account}, ${brand}, 'A', 'B', 'a@example.com', 'en-US', 'UTC', '12345', 'code', now(), now())`;
      const group = newId();
      await pg`insert into product_groups (id, brand_id, name, description, status, created_at, updated_at) values (${group}, ${brand}, 'G', 'd', 1, now(), now())`;
      await pg`insert into components (id, brand_id, product_group_id, component_type, name, description, unit_price_cents, taxable, status, created_at, updated_at)
                 values (${component}, ${brand}, ${group}, 'traditional', 'Seat', 'd', 250, 'Y', 1, now(), now())`;
      for (const id of [withLines, without]) {
        await pg`insert into invoices (id, brand_id, customer_account_id, due_date, created_at, updated_at) values (${id}, ${brand}, ${account}, '2026-05-01', now(), now())`;
      }
      // Written out of order: the move keeps position order.
      await pg`insert into invoice_lines (id, brand_id, invoice_id, position, item_name, item_price, quantity, tax_exempt, kind, component_id, created_at) values
                 (${newId()}, ${brand}, ${withLines}, 2, 'Seat', 250, 3, 'N', 'component', ${component}, now()),
                 (${newId()}, ${brand}, ${withLines}, 1, 'Plan', 1999, 1, 'Y', 'recurring', null, now()),
                 (${newId()}, ${brand}, ${withLines}, 3, 'Coupon', -500, 1, 'N', 'discount', null, now())`;
      await migrate();
      const rows = await pg`select id, items from invoices order by id`;
      const items = new Map(rows.map((r) => [r.id, r.items]));
      expect(items.get(withLines)).toEqual([
        { itemName: "Plan", itemPrice: 1999, quantity: 1, taxExempt: "Y", kind: "recurring", componentId: null },
        { itemName: "Seat", itemPrice: 250, quantity: 3, taxExempt: "N", kind: "component", componentId: component },
        { itemName: "Coupon", itemPrice: -500, quantity: 1, taxExempt: "N", kind: "discount", componentId: null },
      ]);
      expect(items.get(without)).toEqual([]);
      expect((await pg`select to_regclass('invoice_lines') as t`)[0].t).toBeNull();
    });
  });
});
