import { and, asc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { resultRows, type Db } from "../../db/client";
import { brands, customerAccounts, invoices, productGroups, products, subscriptions } from "../../db/schema";
import { systemContext, type Brand } from "../auth/context";
import { formatWireDate } from "../dates";
import { newId } from "../ids";
import { logger } from "../log";
import { formatCents } from "../money";
import { customerPayload } from "../payments/customer";
import { withDetails, nextPeriodLines } from "../subscriptions/details";
import { INVOICE_LEAD_HOURS } from "./periods";
import { sumLines } from "./pricing";
import { toInvoiceLines } from "./invoice-lines";
import { lineRows } from "../invoices/lines";

export interface GenerateOptions {
  db: Db;
  now: Date;
  /** Only these subscriptions (a change that put a renewal inside the window). */
  subscriptionIds?: string[];
  chunkSize?: number;
}

/**
 * Generates the invoice of every renewal due within 72 hours (spec, behaviour 1), for all brands.
 * Idempotent and safe to run concurrently: (subscription_id, billing_period_start) is unique, so a
 * second runner's insert of the same period does nothing. Works in chunks: a few queries to load a
 * chunk with its catalog rows, pure pricing, then one insert each for invoices, lines and events.
 * Skipped: suspended or deleted subscriptions, deleted brands, suspended or deleted groups, deleted products.
 */
export async function generateDueInvoices({ db, now, subscriptionIds, chunkSize = 1000 }: GenerateOptions) {
  let cursor = "00000000-0000-0000-0000-000000000000";
  let created = 0;
  for (;;) {
    const due = await db
      .select({ sub: subscriptions, brand: brands })
      .from(subscriptions)
      .innerJoin(brands, and(eq(brands.id, subscriptions.brandId), isNull(brands.deletedAt)))
      .innerJoin(productGroups, and(eq(productGroups.id, subscriptions.productGroupId), eq(productGroups.status, 1)))
      .innerJoin(products, and(eq(products.id, subscriptions.productId), ne(products.status, 3)))
      .where(
        and(
          eq(subscriptions.status, 1),
          gt(subscriptions.id, cursor),
          subscriptionIds ? inArray(subscriptions.id, subscriptionIds) : undefined,
          sql`${subscriptions.renewalDate} <= ((${now.toISOString()}::timestamptz + interval '${sql.raw(String(INVOICE_LEAD_HOURS))} hours') at time zone ${brands.timezoneId})::date`,
          sql`not exists (select 1 from ${invoices} i where i.subscription_id = ${subscriptions.id} and i.billing_period_start = ${subscriptions.renewalDate})`,
        ),
      )
      .orderBy(asc(subscriptions.id))
      .limit(chunkSize);
    if (due.length === 0) return { created };
    cursor = due[due.length - 1].sub.id;
    const byBrand = new Map<string, { brand: Brand; subs: (typeof due)[number]["sub"][] }>();
    for (const { sub, brand } of due) {
      const entry = byBrand.get(brand.id) ?? { brand, subs: [] };
      entry.subs.push(sub);
      byBrand.set(brand.id, entry);
    }
    for (const { brand, subs } of byBrand.values()) {
      // One chunk that fails must not keep the subscriptions after it from being invoiced.
      try {
        created += await generateChunk(db, now, brand, subs);
      } catch (err) {
        logger.error("generating invoices failed for a chunk", { brandId: brand.id, first: subs[0].id, count: subs.length, error: err });
      }
    }
  }
}

async function generateChunk(db: Db, now: Date, brand: Brand, subs: (typeof subscriptions.$inferSelect)[]) {
  const ctx = { ...systemContext(db, brand), now: () => now };
  const [details, accounts] = await Promise.all([
    withDetails(ctx, subs),
    db.select().from(customerAccounts).where(inArray(customerAccounts.id, [...new Set(subs.map((s) => s.customerAccountId))])),
  ]);
  const accountById = new Map(accounts.map((a) => [a.id, a]));
  const priced = details.map((d) => {
    const lines = nextPeriodLines(ctx, d);
    const tax = { product: d.product, account: accountById.get(d.sub.customerAccountId), components: d.attached.map((a) => a.component) };
    return { d, invoiceId: newId(), lines: toInvoiceLines(lines, tax), total: sumLines(lines) };
  });
  // Rows travel as one JSON parameter per table: one small, reusable statement whatever the row count.
  const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;
  const at = sql`${now.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    // A generic plan cached while invoices were few can make the invoice_lines foreign-key checks
    // scan: on a first big run they grew from 3 to 940 µs a row. Planning each statement avoids it.
    await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
    const invoiceRows = priced.map((p) => ({ id: p.invoiceId, customerAccountId: p.d.sub.customerAccountId, subscriptionId: p.d.sub.id, periodStart: p.d.sub.renewalDate }));
    const inserted = await tx.execute(sql`
      insert into invoices (id, brand_id, customer_account_id, subscription_id, billing_period_start, due_date, created_at, updated_at)
      select id, ${brand.id}::uuid, "customerAccountId", "subscriptionId", "periodStart", "periodStart", ${at}, ${at}
      from json_to_recordset(${json(invoiceRows)}) as x(id uuid, "customerAccountId" uuid, "subscriptionId" uuid, "periodStart" date)
      on conflict (subscription_id, billing_period_start) do nothing
      returning id`).then((r) => resultRows<{ id: string }>(r));
    const kept = new Set(inserted.map((r) => r.id));
    const made = priced.filter((p) => kept.has(p.invoiceId));
    const rows = made.flatMap((p) => lineRows(brand.id, p.invoiceId, p.lines, now));
    if (rows.length) {
      await tx.execute(sql`
        insert into invoice_lines (id, brand_id, invoice_id, position, item_name, item_price, quantity, tax_exempt, kind, component_id, created_at)
        select id, ${brand.id}::uuid, "invoiceId", position, "itemName", "itemPrice", quantity, "taxExempt", kind, "componentId", ${at}
        from json_to_recordset(${json(rows)})
          as x(id uuid, "invoiceId" uuid, position int, "itemName" text, "itemPrice" bigint, quantity int, "taxExempt" text, kind text, "componentId" uuid)`);
    }
    if (made.length) {
      const events = made.map((p) => {
        const account = accountById.get(p.d.sub.customerAccountId)!;
        const total = formatCents(p.total);
        return {
          id: newId(),
          payload: {
            ...customerPayload(account),
            invoice: { invoice_id: p.invoiceId, status: p.total > 0 ? "0" : "1", due_date: formatWireDate(p.d.sub.renewalDate!), total, amount_paid: "0.00", amount_due: total },
            subscription: { subscription_id: p.d.sub.id },
          },
        };
      });
      await tx.execute(sql`
        insert into outbox_events (id, brand_id, type, payload, next_attempt_at, created_at)
        select id, ${brand.id}::uuid, 'Invoice/Create', payload, ${at}, ${at}
        from json_to_recordset(${json(events)}) as x(id uuid, payload jsonb)`);
    }
    return made.length;
  });
}
