/**
 * The CSV export's keyset batches (db/paging.ts `batches`) read exactly the rows of the page's
 * order, once each, for every sort key of every exportable list, both directions, with ties on the
 * sort value (timestamps equal to the microsecond, which a JavaScript Date cannot hold) and nulls
 * (accounts without a company name), at batch sizes that end inside and on those runs.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { contextFromStaffSession } from "../lib/auth/context";
import { DASHBOARD_LISTS, exportBatches, wireOf, type DashboardListName } from "../lib/dashboard/exports";
import { makeTenant, ok } from "./support/api";

describe("export batches", () => {
  it("equal the whole list in the page's order for every sort key and direction", async () => {
    const t = await makeTenant();
    const db = await getDb();
    for (let n = 0; n < 9; n++) {
      await ok(t, "json", "Account/Create", {
        method: "POST",
        params: {
          first_name: "Batch",
          last_name: n % 3 === 0 ? "Same" : `Last${n}`,
          email_address: `batch-${n}@example.com`,
          ...(n % 2 ? { company_name: n % 4 === 1 ? "Acme" : `Company ${n}` } : {}),
          country: "US",
          locale: "en-US",
          timezone_id: "America/New_York",
          skip_notification: "Y",
        },
      });
    }
    // Ties to the microsecond on created_at, in three runs, as rows seeded by SQL have them.
    await db.execute(
      sql`update customer_accounts set created_at = timestamptz '2026-01-01 10:00:00.123456' + ((abs(hashtext(id::text)) % 3) * interval '1 microsecond') where brand_id = ${t.brand_id}`,
    );
    const ctx = await contextFromStaffSession(db, { staffUserId: t.staffUserId, brandId: t.brand_id });
    const lists: DashboardListName[] = ["accounts"];
    let checked = 0;
    for (const name of lists) {
      const spec = DASHBOARD_LISTS[name];
      for (const key of spec.sortKeys) {
        for (const dir of ["asc", "desc"] as const) {
          const state = { q: "", filters: {}, sort: { key, dir } };
          // The export answers each read row through the list's toWire, as the API's List does.
          const wire = wireOf(spec);
          const whole = (await spec.list.window(ctx, { filters: spec.filtersFor(state), sort: state.sort })).rows.map((r) => JSON.stringify(wire(r)));
          expect(whole.length).toBe(9);
          for (const size of [1, 2, 3, 4, 9, 10]) {
            const read: string[] = [];
            for await (const b of exportBatches(ctx, spec, state, size)) read.push(...b.map((r) => JSON.stringify(r)));
            expect(read, `${name} by ${key} ${dir}, batches of ${size}`).toEqual(whole);
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(DASHBOARD_LISTS.accounts.sortKeys.length * 2 * 6);
  });
});
