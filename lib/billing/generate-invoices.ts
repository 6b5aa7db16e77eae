import { and, asc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { brands, customerAccounts, invoiceLines, invoices, outboxEvents, productGroups, products, subscriptions } from "../../db/schema";
import { systemContext, type Brand } from "../auth/context";
import { formatWireDate } from "../dates";
import { newId } from "../ids";
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

// Postgres takes at most 65535 parameters per statement; lines have 10 columns.
const LINES_PER_INSERT = 5000;

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
    for (const { brand, subs } of byBrand.values()) created += await generateChunk(db, now, brand, subs);
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
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(invoices)
      .values(
        priced.map((p) => ({
          id: p.invoiceId,
          brandId: brand.id,
          customerAccountId: p.d.sub.customerAccountId,
          subscriptionId: p.d.sub.id,
          billingPeriodStart: p.d.sub.renewalDate,
          dueDate: p.d.sub.renewalDate!,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing({ target: [invoices.subscriptionId, invoices.billingPeriodStart] })
      .returning({ id: invoices.id });
    const kept = new Set(inserted.map((r) => r.id));
    const made = priced.filter((p) => kept.has(p.invoiceId));
    const rows = made.flatMap((p) => lineRows(brand.id, p.invoiceId, p.lines, now));
    for (let i = 0; i < rows.length; i += LINES_PER_INSERT) await tx.insert(invoiceLines).values(rows.slice(i, i + LINES_PER_INSERT));
    if (made.length) {
      await tx.insert(outboxEvents).values(
        made.map((p) => {
          const account = accountById.get(p.d.sub.customerAccountId)!;
          const total = formatCents(p.total);
          return {
            id: newId(),
            brandId: brand.id,
            type: "Invoice/Create",
            payload: {
              ...customerPayload(account),
              invoice: { invoice_id: p.invoiceId, status: p.total > 0 ? "0" : "1", due_date: formatWireDate(p.d.sub.renewalDate!), total, amount_paid: "0.00", amount_due: total },
              subscription: { subscription_id: p.d.sub.id },
            },
            nextAttemptAt: now,
            createdAt: now,
          };
        }),
      );
    }
    return made.length;
  });
}
