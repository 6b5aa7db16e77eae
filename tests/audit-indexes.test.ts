/**
 * Every read of the audit trail is served by an index (issue 34 item 6: migration 0041 took indexes
 * off audit_entries to make the triggers cheaper): the audit log's list and count with each of its
 * filters and paging, a record's history and a customer account's timeline, explained on a few
 * thousand entries of a dozen brands, never scan the whole table.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { contextFromStaffSession } from "../lib/auth/context";
import { auditPage, recordHistory, type AuditFilters } from "../lib/audit/queries";
import { accountTimeline } from "../lib/dashboard/timeline";
import { newId } from "../lib/ids";
import { makeTenant, type Tenant } from "./support/api";
import { explained, recordingDb, tableRowsRead, type PlanNode } from "./support/explain";

const ENTRIES = 6_000;
const BRANDS = 12;

let t: Tenant;
const recordId = newId();
const accountId = newId();

beforeAll(async () => {
  t = await makeTenant();
  const db = await getDb();
  // A dozen brands' entries (the tenant's a twelfth of them), over 1,500 records of 300 accounts,
  // a minute apart; the record and the account the reads look for have a dozen or so each, all the tenant's.
  const others = Array.from({ length: BRANDS - 1 }, () => newId());
  await db.execute(sql`
    insert into audit_entries (brand_id, at, actor_kind, actor_id, request_id, resource, record_id, customer_account_id, action, old_values, new_values)
    select case when i % ${BRANDS} = 0 then ${t.brand_id}::uuid else (${`{${others.join(",")}}`}::uuid[])[1 + i % ${BRANDS - 1}] end,
      now() - make_interval(mins => i),
      (array['system', 'staff', 'api_key', 'customer'])[1 + i % 4],
      case when i % 4 = 0 then null else ${t.staffUserId}::uuid end,
      'req-' || i,
      (array['invoices', 'subscriptions', 'customer_accounts', 'payments', 'notes'])[1 + i % 5],
      case when i % 480 = 0 then ${recordId}::uuid else md5('record' || (i % 1500))::uuid end,
      case when i % 360 = 0 then ${accountId}::uuid when i % 3 = 0 then null else md5('account' || (i % 300))::uuid end,
      (array['create', 'update', 'delete'])[1 + i % 3],
      case when i % 3 = 0 then null else jsonb_build_object('due_date', '2026-06-01') end,
      jsonb_build_object('due_date', '2026-06-02')
    from generate_series(1, ${ENTRIES}) i`);
  await db.execute(sql`analyze audit_entries`);
});

/** The scans of audit_entries in a plan that read the whole table. */
const seqScans = (node: PlanNode): string[] => [
  ...(node["Node Type"] === "Seq Scan" && node["Relation Name"] === "audit_entries" ? [node["Node Type"]] : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];

describe("the audit trail's reads", () => {
  it("the audit log (each filter, paging both ways), a record's history and an account's timeline use an index, never a sequential scan", async () => {
    const recording = recordingDb();
    try {
      const ctx = await contextFromStaffSession(recording.db, { staffUserId: t.staffUserId, brandId: t.brand_id });
      const day = 86_400_000;
      const filters: AuditFilters[] = [
        {},
        { resource: "invoices" },
        { action: "update" },
        { recordId },
        { customerAccountId: accountId },
        { actor: "system" },
        { actor: t.staffUserId },
        { actor: "staff-" },
        { from: new Date(Date.now() - 2 * day), to: new Date(Date.now() - day) },
        { resource: "invoices", action: "create", recordId },
      ];
      for (const f of filters) {
        await auditPage(ctx, { filters: f });
        await auditPage(ctx, { filters: f, page: 3, dir: "asc" });
      }
      expect((await recordHistory(ctx, recordId)).total).toBe(Math.floor(ENTRIES / 480));
      expect((await auditPage(ctx, { filters: { customerAccountId: accountId } })).total).toBe(Math.floor(ENTRIES / 360));
      await accountTimeline(ctx, accountId);
    } finally {
      await recording.close();
    }
    const reads = recording.sent.filter((s) => /\baudit_entries\b/.test(s.query));
    expect(reads.length).toBeGreaterThanOrEqual(40);
    const scanned: string[] = [];
    const wide: string[] = [];
    for (const s of reads) {
      const plan = await explained(s);
      if (seqScans(plan).length) scanned.push(s.query);
      // A record's or an account's entries (a dozen or so) are found through their own index, not by
      // walking the brand's 500.
      const read = tableRowsRead(plan, "audit_entries");
      if (s.params.some((p) => p === recordId || p === accountId) && read > 60) wide.push(`${read} rows: ${s.query}`);
    }
    expect(scanned, "reads of audit_entries that scan the whole table").toEqual([]);
    expect(wide, "reads of one record's or account's entries that walk the brand's").toEqual([]);
  });
});
