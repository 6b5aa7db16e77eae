import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getDatabase, openDatabase } from "../db/client";
import { bootstrapDemo } from "../lib/platform/bootstrap";
import { contextFromApiCredentials } from "../lib/auth/context";

/** Tables that are not owned by one brand: the tenants themselves and what authenticates them. */
const NOT_BRAND_OWNED = new Set(["service_accounts", "brands", "staff_users", "api_keys"]);

describe("the database", () => {
  it("every brand-owned table has a non-null brand_id referencing brands", async () => {
    const { db } = await getDatabase();
    const tables = (await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)) as unknown as { table_name: string }[];
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
      const creds = await bootstrapDemo(first.db);
      expect(creds.created).toBe(true);
      await first.close();

      const second = await openDatabase({ url: "", pgliteDir: dir });
      await second.migrate();
      const again = await bootstrapDemo(second.db, creds);
      expect(again).toEqual({ ...creds, created: false });
      const ctx = await contextFromApiCredentials(second.db, { key: creds.key, userKey: creds.user_key, brandId: creds.brand_id }, "t");
      expect(ctx.brand.id).toBe(creds.brand_id);
      // Lost saved credentials: new keys are issued for the same brand, and the old ones stop working.
      const reissued = await bootstrapDemo(second.db);
      expect(reissued.brand_id).toBe(creds.brand_id);
      expect(reissued.key).not.toBe(creds.key);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
