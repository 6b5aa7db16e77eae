import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql, type SQL } from "drizzle-orm";
import { getDb, resultRows, type Db } from "../db/client";
import { auditEntries } from "../db/schema";
import { newId } from "../lib/ids";
import { makeTenant, type Tenant } from "./support/api";

// Migration 0041: audit_changes' bulk UPDATE statement made cheaper (a row's json built only when the
// row changed; no array of unchanged columns subtracted when it changed every changed column), the
// trail's entries unchanged. Here the same statements are made to pairs of records, one set written
// with 0040's function (installed beside it as audit_changes_0040) and one with the migrated one,
// statement for statement, and every entry of the two is the same, key order included.

const N = 25; // over the 20 rows of 0040's small-update path: a statement over all of them takes the bulk path

let t: Tenant;
let accountId: string;

const query = async <T>(db: Db, q: SQL) => resultRows<T>(await db.execute(q));
const entriesOf = async (db: Db, recordId: string) => db.select().from(auditEntries).where(eq(auditEntries.recordId, recordId)).orderBy(auditEntries.id);
const ids = (set: string[]) => sql`${`{${set.join(",")}}`}::uuid[]`;

/** Runs `statement` with `table`'s audit triggers calling 0040's function (same arguments) in place of the migrated one. */
async function asBefore(db: Db, table: string, statement: SQL) {
  await db.transaction(async (tx) => {
    const triggers = await query<{ name: string; def: string }>(
      tx as unknown as Db,
      sql`select tgname as name, pg_get_triggerdef(oid) as def from pg_trigger
        where tgrelid = ${table}::regclass and tgname in ('audit_insert', 'audit_update', 'audit_delete')`,
    );
    expect(triggers).toHaveLength(3);
    for (const { name, def } of triggers) {
      await tx.execute(sql.raw(`alter table ${table} disable trigger ${name}`));
      await tx.execute(sql.raw(def.replace(`TRIGGER ${name} `, `TRIGGER ${name}_0040 `).replace("audit_changes(", "audit_changes_0040(")));
    }
    await tx.execute(statement);
    for (const { name } of triggers) {
      await tx.execute(sql.raw(`drop trigger ${name}_0040 on ${table}`));
      await tx.execute(sql.raw(`alter table ${table} enable trigger ${name}`));
    }
  });
}

/** Every entry of `before` (written by 0040's function) is the same entry as `after`'s (the migrated one's), its own id written as the other's. */
async function expectSameTrail(db: Db, before: string, after: string) {
  const shape = (entries: Awaited<ReturnType<typeof entriesOf>>, id: string) =>
    JSON.stringify(
      entries.map((e) => [e.action, e.resource, e.brandId, e.customerAccountId, e.actorKind, e.actorId, e.apiKeyId, e.requestId, e.oldValues, e.newValues]),
    ).replaceAll(id, "the record");
  const [a, b] = [await entriesOf(db, before), await entriesOf(db, after)];
  expect(a.length).toBeGreaterThan(0);
  expect(shape(b, after), after).toBe(shape(a, before));
}

const invoiceRows = (ids_: string[]) => sql`
  insert into invoices (id, brand_id, customer_account_id, due_date, items, created_at, updated_at)
  select x.id, ${t.brand_id}::uuid, ${accountId}::uuid, date '2026-06-01' + (x.k::int - 1),
    jsonb_build_array(jsonb_build_object('itemName', 'Plan ' || x.k, 'itemPrice', 1000 + x.k, 'quantity', 1, 'kind', 'recurring', 'taxExempt', 'N', 'componentId', null)),
    timestamptz '2026-05-01T00:00:00Z', timestamptz '2026-05-01T00:00:00Z'
  from unnest(${ids(ids_)}) with ordinality x(id, k)`;

const accountRows = (ids_: string[]) => sql`
  insert into customer_accounts (id, brand_id, first_name, last_name, email_address, locale, timezone_id, security_code, email_verification_code, created_at, updated_at)
  select x.id, ${t.brand_id}::uuid, 'Ada', 'Lovelace', x.id || '@example.com', 'en-US', 'UTC', 'x', 'a-code-hash', timestamptz '2026-05-01T00:00:00Z', timestamptz '2026-05-01T00:00:00Z'
  from unnest(${ids(ids_)}) x(id)`;

/** Two sets of N fresh ids and a runner of one statement on each: 0040's function on `before`, the migrated one on `after`. */
function pairs(table: string) {
  const before = Array.from({ length: N }, () => newId());
  const after = Array.from({ length: N }, () => newId());
  const onBoth = async (statement: (set: string[]) => SQL) => {
    const db = await getDb();
    await asBefore(db, table, statement(before));
    await db.execute(statement(after));
  };
  const compareAll = async () => {
    const db = await getDb();
    for (const [k, id] of before.entries()) await expectSameTrail(db, id, after[k]);
  };
  return { before, after, onBoth, compareAll };
}

beforeAll(async () => {
  t = await makeTenant();
  accountId = newId();
  const db = await getDb();
  await db.execute(accountRows([accountId]));
  // 0040's function as it was, beside the migrated one.
  const source = readFileSync(new URL("../db/migrations/0040_audit_small_updates.sql", import.meta.url), "utf8");
  expect(source).toContain("CREATE OR REPLACE FUNCTION audit_changes()");
  await db.execute(sql.raw(source.replace("CREATE OR REPLACE FUNCTION audit_changes()", "CREATE OR REPLACE FUNCTION audit_changes_0040()")));
});

describe("audit_changes' cheaper bulk update (migration 0041) writes the entries 0040's did", () => {
  it("the migrated function is not 0040's (else the comparisons below compare a function with itself)", async () => {
    const db = await getDb();
    const src = await query<{ name: string; src: string }>(
      db,
      sql`select proname as name, prosrc as src from pg_proc where proname in ('audit_changes', 'audit_changes_0040') order by proname`,
    );
    expect(src.map((s) => s.name)).toEqual(["audit_changes", "audit_changes_0040"]);
    expect(src[0].src).not.toBe(src[1].src);
  });

  it("invoices: bulk updates of 25 (rows unchanged, rows changing every changed column, rows changing some; jsonb lines), a small update, deletes", async () => {
    const db = await getDb();
    const { before, after, onBoth, compareAll } = pairs("invoices");
    await onBoth((set) => invoiceRows(set));
    // k = 0..24 by due date. k % 5: 0 unchanged (values written again, lines as an equal jsonb), 1 every
    // changed column (due date, lines, custom field), 2 the due date, 3 due date and lines, 4 the custom field.
    const k = sql.raw(`(due_date - date '2026-06-01') % 5`);
    await onBoth(
      (set) => sql`update invoices set
        due_date = case when ${k} in (1, 2, 3) then due_date + 100 else due_date end,
        items = case when ${k} in (1, 3) then items || '[{"itemName":"Extra","itemPrice":50,"quantity":2,"kind":"component","taxExempt":"N","componentId":null}]'::jsonb
          else (items::text)::jsonb end,
        custom_field_1 = case when ${k} in (1, 4) then 'PO ' || due_date else custom_field_1 end,
        updated_at = timestamptz '2026-07-01T00:00:00Z'
      where id = any(${ids(set)})`,
    );
    await compareAll();
    const updates = async (id: string) => (await entriesOf(db, id)).filter((e) => e.action === "update");
    // The cases are there: 5 rows without an entry, 5 with every column the statement changed.
    expect((await Promise.all(after.map(updates))).map((u) => u.length)).toEqual(Array.from({ length: N }, (_, i) => (i % 5 === 0 ? 0 : 1)));
    expect(Object.keys((await updates(after[1]))[0].newValues!).sort()).toEqual(["custom_field_1", "due_date", "items", "total_cents"]);
    expect(Object.keys((await updates(after[2]))[0].newValues!).sort()).toEqual(["due_date"]);
    // Every row changing every changed column (the bench's statement).
    await onBoth((set) => sql`update invoices set due_date = due_date + 1, updated_at = now() where id = any(${ids(set)})`);
    // Only updated_at: no entry.
    await onBoth((set) => sql`update invoices set updated_at = timestamptz '2026-09-01T00:00:00Z' where id = any(${ids(set)})`);
    // A few rows (the small path, the same function in both).
    await onBoth(
      (set) => sql`update invoices set items = '[]'::jsonb, custom_field_1 = 'PO 7', updated_at = timestamptz '2026-08-01T00:00:00Z'
      where id = any(${ids(set.slice(0, 2))})`,
    );
    await onBoth((set) => sql`delete from invoices where id = any(${ids(set.filter((_, i) => i % 4 === 0))})`);
    await compareAll();
    expect((await entriesOf(db, after[0])).map((e) => e.action)).toEqual(["create", "update", "update", "delete"]);
    expect((await entriesOf(db, before[0])).map((e) => e.action)).toEqual(["create", "update", "update", "delete"]);
  });

  it("customer accounts (a masked secret column): a bulk update of 25 masks the same, the entries the same", async () => {
    const db = await getDb();
    const { after, onBoth, compareAll } = pairs("customer_accounts");
    await onBoth((set) => accountRows(set));
    // By position in the set: every third row changes nothing, the rest move their city; every other
    // row also its secret; the first of them all (with first name) every column the statement changed.
    await onBoth((set) => {
      const pick = (f: (i: number) => boolean) => ids(set.filter((_, i) => f(i)));
      return sql`update customer_accounts set
        city = case when id = any(${pick((i) => i % 3 !== 0)}) then 'Oslo' else city end,
        email_verification_code = case when id = any(${pick((i) => i % 3 !== 0 && i % 2 === 0)}) then 'another-hash' else email_verification_code end,
        first_name = case when id = any(${pick((i) => i % 3 !== 0 && i % 2 === 0 && i % 4 === 2)}) then 'Augusta' else first_name end,
        updated_at = timestamptz '2026-06-01T00:00:00Z'
      where id = any(${ids(set)})`;
    });
    await compareAll();
    const [, second] = await entriesOf(db, after[2]);
    expect([second.oldValues, second.newValues]).toEqual([
      { city: null, first_name: "Ada", email_verification_code: "***" },
      { city: "Oslo", first_name: "Augusta", email_verification_code: "***" },
    ]);
    expect(await entriesOf(db, after[0])).toHaveLength(1);
    await onBoth((set) => sql`update customer_accounts set city = null, company_name = 'Analytical', updated_at = now() where id = any(${ids(set)})`);
    await compareAll();
  });
});
