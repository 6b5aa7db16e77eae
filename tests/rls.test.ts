import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { makeTenant, ok, type Tenant } from "./support/api";
import { withConnection } from "./support/pg";
import { getDb, openDatabase, resultRows } from "../db/client";
import { ALL_BRANDS, APP_ROLE, inScope } from "../db/tenancy";
import { runVerb } from "../lib/run-verb";
import { contextFromCustomerSession, contextFromStaffSession, type Context } from "../lib/auth/context";
import { selectRows } from "../db/client";
import { customerAccounts } from "../db/schema";

/**
 * Row-level security (db/tenancy.ts): every table with a brand_id column, found in the catalog (so
 * a table added later is covered without being listed here), shows and lets write only the rows of
 * the transaction's brand, even to a raw select; a transaction without a brand sees none.
 */
let a: Tenant;
let b: Tenant;
let tables: string[];

const owner = <T>(fn: (q: import("postgres").Sql) => Promise<T>) => withConnection(process.env.DATABASE_URL!, fn);

/**
 * One row of `brand` in `table`, whatever its columns: every NOT NULL column without a default gets
 * a value of its type. Written as the superuser with triggers (foreign keys, audit) off and the
 * table's checks put back NOT VALID around the insert, so no parent row or meaningful value is
 * needed: the test is about who sees the row, not what it means (this file's own database).
 */
async function seedRow(q: import("postgres").Sql, table: string, brand: string) {
  const columns = await q<{ name: string; type: string }[]>`
    select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
    from pg_attribute a
    where a.attrelid = ${`public.${table}`}::regclass and a.attnum > 0 and not a.attisdropped and a.attnotnull
      and a.attgenerated = '' and a.attidentity = '' and not a.atthasdef and a.attname <> 'brand_id'`;
  const valueOf = (type: string) =>
    type === "uuid"
      ? "gen_random_uuid()"
      : /^(smallint|integer|bigint|numeric|real|double)/.test(type)
        ? "1"
        : type === "boolean"
          ? "false"
          : type.startsWith("timestamp")
            ? "now()"
            : type === "date"
              ? "current_date"
              : type.startsWith("json")
                ? `'{}'::${type}`
                : type.endsWith("[]")
                  ? `'{}'::${type}`
                  : type === "bytea"
                    ? "'\\x00'::bytea"
                    : `'x' || gen_random_uuid()::text`;
  const names = ["brand_id", ...columns.map((c) => c.name)].map((n) => `"${n}"`).join(", ");
  const values = [`'${brand}'::uuid`, ...columns.map((c) => valueOf(c.type))].join(", ");
  await q.begin(async (tx) => {
    await tx.unsafe("set local session_replication_role = replica");
    const checks = await tx<{ name: string; def: string }[]>`
      select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = ${`public.${table}`}::regclass and contype = 'c'`;
    for (const c of checks) await tx.unsafe(`alter table public."${table}" drop constraint "${c.name}"`);
    await tx.unsafe(`insert into public."${table}" (${names}) values (${values})`);
    for (const c of checks) await tx.unsafe(`alter table public."${table}" add constraint "${c.name}" ${c.def} not valid`);
  });
}

/** As the app's role, in one transaction with `app.brand_id` set to `brand` (undefined: not set at all). */
const asApp = <T>(brand: string | undefined, fn: (q: import("postgres").TransactionSql) => Promise<T>) =>
  owner((q) =>
    q.begin(async (tx) => {
      await tx.unsafe(`set local role ${APP_ROLE}`);
      if (brand !== undefined) await tx`select set_config('app.brand_id', ${brand}, true)`;
      return fn(tx);
    }),
  ) as Promise<T>;

const counts = (tx: import("postgres").TransactionSql, table: string, brand: string) =>
  tx.unsafe<{ all: number; of: number }[]>(`select count(*)::int as all, count(*) filter (where brand_id = $1)::int as of from public."${table}"`, [brand]);

beforeAll(async () => {
  [a, b] = [await makeTenant(), await makeTenant()];
  tables = await owner(async (q) => {
    const found = (
      await q<{ table: string }[]>`
        select c.relname as table from pg_class c join pg_attribute at on at.attrelid = c.oid
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and at.attname = 'brand_id' and not at.attisdropped
        order by 1`
    ).map((r) => r.table);
    for (const table of found) for (const brand of [a.brand_id, b.brand_id]) await seedRow(q, table, brand);
    return found;
  });
});

describe("row-level security on every brand-owned table", () => {
  it("finds the brand-owned tables in the catalog, each with RLS on and the brand policy", async () => {
    expect(tables.length).toBeGreaterThan(25);
    expect(tables).toEqual(expect.arrayContaining(["customer_accounts", "subscriptions", "invoices", "payments", "audit_entries", "outbox_events"]));
    const secured = await owner(
      (q) => q<{ table: string; rls: boolean; policies: number }[]>`
      select c.relname as table, c.relrowsecurity as rls, (select count(*)::int from pg_policies p where p.tablename = c.relname and p.policyname = 'brand_scope') as policies
      from pg_class c where c.relnamespace = 'public'::regnamespace and c.relname = any(${tables})`,
    );
    expect(secured.filter((s) => !s.rls || s.policies !== 1).map((s) => s.table)).toEqual([]);
    const [role] = await owner(
      (q) => q<{ rolsuper: boolean; rolbypassrls: boolean }[]>`select rolsuper, rolbypassrls from pg_roles where rolname = ${APP_ROLE}`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
  });

  it("the policy reads the brand once per statement, not per row; a policy written the first way (per row) is rewritten by the next migration", async () => {
    const plan = () =>
      asApp(a.brand_id, async (tx) =>
        (await tx.unsafe<{ "QUERY PLAN": string }[]>(`explain select count(*) from customer_accounts`)).map((r) => r["QUERY PLAN"]).join("\n"),
      );
    const perRow = /Filter: .*current_setting/;
    expect(await plan()).not.toMatch(perRow);
    expect(await plan()).toMatch(/InitPlan/);
    // The first form of the policy, as a database migrated before this change has it.
    await owner((q) =>
      q.unsafe(`alter policy brand_scope on customer_accounts using (current_setting('app.brand_id', true) = '${ALL_BRANDS}'
        or brand_id = nullif(nullif(current_setting('app.brand_id', true), ''), '${ALL_BRANDS}')::uuid)`),
    );
    expect(await plan()).toMatch(perRow);
    // Each policy's row version: a migration that finds a policy up to date leaves it alone.
    const versions = () =>
      owner(
        (q) =>
          q<
            { table: string; version: string }[]
          >`select polrelid::regclass::text as table, xmin::text as version from pg_policy where polname = 'brand_scope' order by 1`,
      );
    const before = await versions();
    const app = await openDatabase({ url: process.env.DATABASE_URL, role: "app" });
    try {
      await app.migrate();
    } finally {
      await app.close();
    }
    expect(await plan()).not.toMatch(perRow);
    const after = await versions();
    expect(after.filter((p, i) => p.version !== before[i].version).map((p) => p.table)).toEqual(["customer_accounts"]);
    const seen = await asApp(a.brand_id, (tx) => counts(tx, "customer_accounts", a.brand_id));
    expect(seen[0].all).toBe(seen[0].of);
    expect(seen[0].of).toBeGreaterThan(0);
  });

  it("with brand A set, a raw select of any brand-owned table returns no row of brand B (and A's own rows)", async () => {
    const leaks = await asApp(a.brand_id, async (tx) => {
      const out: string[] = [];
      for (const table of tables) {
        const [ofB] = await counts(tx, table, b.brand_id);
        const [ofA] = await counts(tx, table, a.brand_id);
        if (ofB.of !== 0 || ofA.of === 0 || ofA.all !== ofA.of) out.push(`${table}: B ${ofB.of}, A ${ofA.of} of ${ofA.all}`);
      }
      return out;
    });
    expect(leaks).toEqual([]);
    // The superuser sees both (the rows are there).
    const [seen] = await owner((q) => q<{ n: number }[]>`select count(*)::int as n from customer_accounts where brand_id in (${a.brand_id}, ${b.brand_id})`);
    expect(seen.n).toBeGreaterThanOrEqual(2);
  });

  it("a transaction without a brand (or with an empty one) sees no row of any brand-owned table", async () => {
    for (const brand of [undefined, ""]) {
      const seen = await asApp(brand, async (tx) => {
        const out: string[] = [];
        for (const table of tables) {
          const [n] = await tx.unsafe<{ n: number }[]>(`select count(*)::int as n from public."${table}"`);
          if (n.n) out.push(`${table}: ${n.n}`);
        }
        return out;
      });
      expect(seen).toEqual([]);
    }
  });

  it("with brand A set, B's rows cannot be changed, deleted or written", async () => {
    const changed = await asApp(a.brand_id, async (tx) => {
      const out: string[] = [];
      for (const table of tables) {
        const updated = await tx.unsafe(`update public."${table}" set brand_id = brand_id where brand_id = $1`, [b.brand_id]);
        const deleted = await tx.unsafe(`delete from public."${table}" where brand_id = $1`, [b.brand_id]);
        if (updated.count || deleted.count) out.push(table);
      }
      return out;
    });
    expect(changed).toEqual([]);
    // Moving one of A's rows to B is refused by the policy's check.
    await expect(asApp(a.brand_id, (tx) => tx`update notes set brand_id = ${b.brand_id} where brand_id = ${a.brand_id}`)).rejects.toThrow(/row-level security/);
  });

  it("ALL_BRANDS, said explicitly, sees every brand's rows", async () => {
    const db = await getDb();
    const n = await inScope(db, ALL_BRANDS, async (tx) =>
      resultRows<{ n: number }>(
        await tx.execute(sql`select count(distinct brand_id)::int as n from customer_accounts where brand_id in (${a.brand_id}, ${b.brand_id})`),
      ),
    );
    expect(n[0].n).toBe(2);
  });

  it("runVerb runs a verb's reads and writes as the app's role, scoped to the context's brand", async () => {
    const db = await getDb();
    const ctx = await contextFromStaffSession(db, { staffUserId: a.staffUserId, brandId: a.brand_id });
    const look = async ({ ctx: c }: { ctx: typeof ctx }) => {
      const [row] = resultRows<{ who: string; brands: string[] }>(
        await c.db.execute(sql`select current_user as who, coalesce(array_agg(distinct brand_id::text), '{}') as brands from customer_accounts`),
      );
      return { who: row.who, brands: [...row.brands] };
    };
    for (const read of [false, true]) {
      const seen = await runVerb(ctx, look, undefined, { read });
      expect(seen).toEqual({ who: APP_ROLE, brands: [a.brand_id] });
    }
  });

  it("the app's connections (DATABASE_ROLE app, the default) are the app role's sessions: a statement without a scope sees and writes no brand's rows", async () => {
    const app = await openDatabase({ url: process.env.DATABASE_URL, role: "app" });
    try {
      const [who] = resultRows<{ who: string }>(await app.db.execute(sql`select current_user as who`));
      expect(who.who).toBe(APP_ROLE);
      const [n] = resultRows<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from customer_accounts`));
      expect(n.n).toBe(0);
      const renamed = resultRows(await app.db.execute(sql`update customer_accounts set first_name = 'Unscoped' returning id`));
      expect(renamed).toHaveLength(0);
      // Under a scope it sees the brand's rows, and migrating runs as the owner on a connection of its own.
      const seen = await inScope(app.db, a.brand_id, async (tx) =>
        resultRows<{ n: number }>(await tx.execute(sql`select count(*)::int as n from customer_accounts`)),
      );
      expect(seen[0].n).toBeGreaterThan(0);
      await app.migrate();
    } finally {
      await app.close();
    }
    const owner = await getDb();
    const [same] = resultRows<{ n: number }>(await owner.execute(sql`select count(*)::int as n from customer_accounts where first_name = 'Unscoped'`));
    expect(same.n).toBe(0);
  });

  const READ_ONLY_TRANSACTION = "25006";
  it("an API read (runVerb's read) runs read only under the brand: a write in it fails and leaves nothing", async () => {
    const db = await getDb();
    const ctx = await contextFromStaffSession(db, { staffUserId: a.staffUserId, brandId: a.brand_id });
    const rename = async ({ ctx: c }: { ctx: typeof ctx }) => {
      await c.db.execute(sql`update customer_accounts set first_name = 'Read only?' where brand_id = ${a.brand_id}`);
    };
    await expect(runVerb(ctx, rename, undefined, { read: true })).rejects.toMatchObject({ cause: { code: READ_ONLY_TRANSACTION } });
    const [n] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from customer_accounts where first_name = 'Read only?'`));
    expect(n.n).toBe(0);
    // A transaction the read verb opens is read only too.
    const inTransaction = async ({ ctx: c }: { ctx: typeof ctx }) => c.db.transaction((tx) => rename({ ctx: { ...c, db: tx as never } }));
    await expect(runVerb(ctx, inTransaction, undefined, { read: true })).rejects.toMatchObject({ cause: { code: READ_ONLY_TRANSACTION } });
    // The same verb as a write is allowed (and audited as its caller).
    await runVerb(ctx, rename, undefined);
  });

  /** What a page's reads see through its context: every brand-owned table read raw, as the page's handle runs it. */
  async function seenByPage(ctx: Context) {
    const out: string[] = [];
    for (const table of tables) {
      const [n] = resultRows<{ all: number; of_b: number }>(
        await ctx.db.execute(
          sql`select count(*)::int as all, count(*) filter (where brand_id = ${b.brand_id})::int as of_b from ${sql.raw(`public."${table}"`)}`,
        ),
      );
      if (n.of_b !== 0) out.push(`${table}: B ${n.of_b}`);
    }
    return out;
  }

  it("a dashboard page's reads (its staff session's context) run as the app's role under the brand: no row of B, even unfiltered", async () => {
    const db = await getDb();
    const ctx = await contextFromStaffSession(db, { staffUserId: a.staffUserId, brandId: a.brand_id });
    const [who] = resultRows<{ who: string; brand: string }>(
      await ctx.db.execute(sql`select current_user as who, current_setting('app.brand_id', true) as brand`),
    );
    expect(who).toEqual({ who: APP_ROLE, brand: a.brand_id });
    expect(await seenByPage(ctx)).toEqual([]);
    // The same reads through drizzle's builder, the fast select path and parallel queries.
    const [built, fast, ...parallel] = await Promise.all([
      ctx.db.select({ brandId: customerAccounts.brandId }).from(customerAccounts),
      selectRows(ctx.db, customerAccounts),
      ...[1, 2, 3].map(() => ctx.db.execute(sql`select distinct brand_id::text as brand from customer_accounts`)),
    ]);
    expect(new Set(built.map((r) => r.brandId))).toEqual(new Set([a.brand_id]));
    expect(new Set(fast.map((r) => r.brandId))).toEqual(new Set([a.brand_id]));
    for (const p of parallel) expect(resultRows<{ brand: string }>(p)).toEqual([{ brand: a.brand_id }]);
    // A statement that fails ends its own transaction: the connection goes back clean, the next reads work.
    for (let i = 0; i < 12; i++) await expect(ctx.db.execute(sql`select 1 / 0`)).rejects.toMatchObject({ cause: { message: "division by zero" } });
    const after = await Promise.all([1, 2, 3, 4].map(() => ctx.db.execute(sql`select current_user as who, current_setting('app.brand_id') as brand`)));
    for (const r of after) expect(resultRows(r)).toEqual([{ who: APP_ROLE, brand: a.brand_id }]);
    // The pool itself (the superuser) still sees both: the scope is the page's handle's, not the process's.
    const [both] = resultRows<{ n: number }>(
      await db.execute(sql`select count(distinct brand_id)::int as n from customer_accounts where brand_id in (${a.brand_id}, ${b.brand_id})`),
    );
    expect(both.n).toBe(2);
  });

  it("a portal page's reads (its customer session's context) see only the customer's brand", async () => {
    const opened = await ok(a, "json", "Account/Create", {
      method: "POST",
      params: {
        first_name: "Row",
        last_name: "Level",
        email_address: `rls-${a.brand_id}@example.com`,
        country: "US",
        locale: "en-US",
        timezone_id: "UTC",
        skip_notification: "Y",
      },
    });
    const db = await getDb();
    const ctx = await contextFromCustomerSession(db, {
      brandId: a.brand_id,
      customerAccountId: opened.customer_account.customer_account_id,
      userId: opened.user.user_id,
    });
    expect(await seenByPage(ctx)).toEqual([]);
    const [who] = resultRows<{ who: string }>(await ctx.db.execute(sql`select current_user as who`));
    expect(who.who).toBe(APP_ROLE);
  });

  it("a transaction opened on a page's context starts under its brand too, and runVerb's keeps it", async () => {
    const db = await getDb();
    const ctx = await contextFromStaffSession(db, { staffUserId: a.staffUserId, brandId: a.brand_id });
    const seen = await ctx.db.transaction(async (tx) => resultRows<{ who: string }>(await tx.execute(sql`select current_user as who`)));
    expect(seen[0].who).toBe(APP_ROLE);
    // One with a `set transaction` first (the overview's snapshot): the scope follows it.
    const snapshot = await ctx.db.transaction(
      async (tx) =>
        resultRows<{ who: string; iso: string }>(await tx.execute(sql`select current_user as who, current_setting('transaction_isolation') as iso`)),
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    expect(snapshot[0]).toEqual({ who: APP_ROLE, iso: "repeatable read" });
    const look = async ({ ctx: c }: { ctx: Context }) =>
      resultRows<{ n: number }>(await c.db.execute(sql`select count(distinct brand_id)::int as n from customer_accounts`))[0].n;
    expect(await runVerb(ctx, look, undefined, {})).toBe(1);
  });
});
