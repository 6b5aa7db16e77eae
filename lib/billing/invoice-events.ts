import { eq, sql } from "drizzle-orm";
import { selectRows, type Db } from "../../db/client";
import { inScope } from "../../db/tenancy";
import { brands, customerAccounts, invoices, outboxEvents } from "../../db/schema";
import { anyOf, inBrand, sqlArray } from "../../db/scope";
import { clockFor, systemContext } from "../auth/context";
import { newId } from "../ids";
import { invoiceEventPayload } from "../invoices/events";
import { withAmounts } from "../invoices/queries";
import { invoiceView } from "../invoices/view";
import type { OutboxRow } from "../outbox/deliver";
import type { InvoicesCreatedPayload } from "../outbox/events";

/**
 * The event billing writes, one per chunk of generated invoices, in the statement that writes them.
 * Delivering it writes each invoice's Invoice/Create event (fanOutInvoiceEvents): the billing run
 * writes one row per invoice instead of two, and the emails follow when this event is delivered
 * (in the same delivery tick: lib/outbox/deliver.ts, deliverAllDue).
 */
export const INVOICES_CREATED = "billing/invoices-created";

/**
 * Writes the Invoice/Create event of every invoice a billing/invoices-created event lists, built
 * exactly as for an invoice made through the API (lib/invoices/events.ts), with the same amounts.
 * At most once: the events and the mark on this event commit together. A deleted invoice gets none.
 */
export async function fanOutInvoiceEvents(db: Db, event: OutboxRow, now: Date) {
  // One transaction of the event's brand (row-level security).
  return inScope(db, event.brandId, async (tx) => {
    const [self] = await tx.select({ payload: outboxEvents.payload }).from(outboxEvents).where(eq(outboxEvents.id, event.id)).for("update");
    const payload = self.payload as unknown as InvoicesCreatedPayload;
    if (payload.fanned_out) return "already fanned out";
    const [brand] = await selectRows(tx, brands, { where: eq(brands.id, event.brandId) });
    // `now` is the worker's (real) time, when the events are due; they are stamped with the brand's
    // time, which for a sandbox brand is its test clock.
    const ctx = systemContext(tx, brand, brand.sandbox ? clockFor(brand).now() : now);
    const rows = await selectRows(tx, invoices, { where: inBrand(ctx, invoices, anyOf(invoices.id, payload.invoice_ids)) });
    const live = rows.filter((r) => r.deletedAt === null);
    const accountIds = [...new Set(live.map((r) => r.customerAccountId))];
    const [details, accounts] = await Promise.all([
      withAmounts(ctx, live),
      accountIds.length ? selectRows(tx, customerAccounts, { where: inBrand(ctx, customerAccounts, anyOf(customerAccounts.id, accountIds)) }) : [],
    ]);
    const accountById = new Map(accounts.map((a) => [a.id, a]));
    const payloads = details.map((d) => invoiceEventPayload(accountById.get(d.row.customerAccountId)!, invoiceView(d)));
    // One statement whatever the count: ids as an array, payloads as one JSON array indexed by row.
    if (payloads.length) {
      const at = sql`${ctx.now().toISOString()}::timestamptz`;
      await tx.execute(sql`
        insert into outbox_events (id, brand_id, type, payload, next_attempt_at, created_at)
        select id, ${brand.id}::uuid, 'Invoice/Create', events.payloads -> (n::int - 1), ${now.toISOString()}::timestamptz, ${at}
        from unnest(${sqlArray(
          payloads.map(() => newId()),
          "uuid[]",
        )}) with ordinality as x(id, n),
             (select ${JSON.stringify(payloads)}::jsonb as payloads) as events`);
    }
    await tx
      .update(outboxEvents)
      .set({ payload: { ...payload, fanned_out: true } })
      .where(eq(outboxEvents.id, event.id));
    return `${payloads.length} Invoice/Create event(s) written`;
  });
}
