/**
 * DATABASE_READ_URL (lib/replica.ts): the overview, lists' counts, exports and the audit log read from
 * the replica; writes never go there. The "replica" here is the same database through a role that
 * can only read (every transaction read-only): a write sent there would fail. Its reads run under
 * row-level security for the context's brand, as the app's role (db/scoped-reads.ts): taking that
 * role away from the replica's user shows which reads go through it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { closeDatabase, getDb, getReplicaDb } from "../db/client";
import { contextFromStaffSession, withDb, type Context } from "../lib/auth/context";
import { auditPage } from "../lib/audit/queries";
import { brandOverview } from "../lib/insights/overview";
import { DASHBOARD_LISTS, exportBatches } from "../lib/dashboard/exports";
import { onReplica } from "../lib/replica";
import { unscoped } from "../db/scoped-reads";
import { APP_ROLE } from "../db/tenancy";
import { resultRows } from "../db/client";
import { makeTenant, ok, type Tenant } from "./support/api";
import { withAdmin, withConnection } from "./support/pg";

const role = `rb_replica_${randomBytes(4).toString("hex")}`;
const asReplica = (sqlText: string) => withConnection(process.env.DATABASE_URL!, (sql) => sql.unsafe(sqlText));

let t: Tenant;
let ctx: Context;
beforeAll(async () => {
  // Not BYPASSRLS: the replica's reads switch to the app's role (db/tenancy.ts), so its user must be a member of it.
  await withAdmin((sql) => sql.unsafe(`create role ${role} login; grant ${APP_ROLE} to ${role}; alter role ${role} set default_transaction_read_only = on`));
  await asReplica(`grant usage on schema public to ${role}; grant select on all tables in schema public to ${role}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.username = role;
  process.env.DATABASE_READ_URL = url.toString();
  t = await makeTenant();
  ctx = await contextFromStaffSession(await getDb(), { staffUserId: t.staffUserId, brandId: t.brand_id });
});
afterAll(async () => {
  delete process.env.DATABASE_READ_URL;
  await closeDatabase(); // the replica's connections too, before its role goes
  await asReplica(`revoke all on all tables in schema public from ${role}; revoke usage on schema public from ${role}`);
  await withAdmin((sql) => sql.unsafe(`drop role if exists ${role}`));
});

const account = (n: number) =>
  ok(t, "json", "Account/Create", {
    method: "POST",
    params: {
      first_name: "Replica",
      last_name: `Reader${n}`,
      email_address: `replica-${n}@example.com`,
      country: "US",
      locale: "en-US",
      timezone_id: "America/New_York",
      skip_notification: "Y",
    },
  });

const accounts = DASHBOARD_LISTS.accounts;
const state = { q: "", filters: {}, sort: accounts.defaultSort };
const reads = {
  overview: () => brandOverview(ctx, "30d"),
  "a list's count": () => accounts.list.window(ctx, { filters: {}, limit: 1 }),
  export: async () => {
    const rows = [];
    for await (const batch of exportBatches(ctx, accounts, state, 2)) rows.push(...batch);
    return rows;
  },
  "audit log": () => auditPage(ctx, {}),
};

describe("a read replica (DATABASE_READ_URL)", () => {
  it("writes go to the primary: creating records works while the replica refuses any write", async () => {
    for (let n = 0; n < 3; n++) await account(n);
    const replica = (await getReplicaDb())!;
    await expect(replica.execute(sql`update brands set name = name`)).rejects.toMatchObject({ cause: { code: "25006" } }); // read_only_sql_transaction
    expect(Number((await ok(t, "json", "Account/List", { params: { limit: "1" } })).total)).toBe(3);
  });

  it("the overview, lists' counts, exports and the audit log read from the replica", async () => {
    expect((await reads["a list's count"]()).total).toBe(3);
    expect(await reads.export()).toHaveLength(3);
    expect((await reads["audit log"]()).total).toBeGreaterThanOrEqual(3);
    expect((await reads.overview()).periods).toBeDefined();

    await asReplica(`revoke ${APP_ROLE} from ${role}`);
    try {
      for (const [name, read] of Object.entries(reads)) {
        await expect(read(), `${name} reads from the replica`).rejects.toThrow();
      }
      // A list's rows still come from the primary; only its count reads the replica.
      await expect(accounts.list.window(ctx, { filters: {} })).resolves.toMatchObject({ total: 3 });
    } finally {
      await asReplica(`grant ${APP_ROLE} to ${role}`);
    }
  });

  it("the replica's reads run as the app's role under the context's brand: no other brand's rows, even unfiltered", async () => {
    const other = await makeTenant();
    await ok(other, "json", "Account/Create", {
      method: "POST",
      params: {
        first_name: "Other",
        last_name: "Brand",
        email_address: "other@example.com",
        country: "US",
        locale: "en-US",
        timezone_id: "UTC",
        skip_notification: "Y",
      },
    });
    const seen = resultRows<{ who: string; brands: string[] }>(
      await (await onReplica(ctx)).db.execute(sql`select current_user as who, array_agg(distinct brand_id::text) as brands from customer_accounts`),
    );
    expect(seen).toEqual([{ who: APP_ROLE, brands: [t.brand_id] }]);
  });

  it("a transaction's reads stay in the transaction (what it reads is what it writes against)", async () => {
    await (
      await getDb()
    ).transaction(async (tx) => {
      const inTx = withDb(ctx, tx as never);
      expect((await onReplica(inTx)).db).toBe(tx);
    });
    expect(unscoped((await onReplica(ctx)).db)).toBe(await getReplicaDb());
  });
});
