import type { InvoiceLine } from "../../db/schema";
import type { Context } from "../auth/context";
import { withCustomerNameReads } from "../accounts/names";
import { notFound } from "../errors";
import { isUuid } from "../ids";
import { brandToday, daysBetween } from "../brand-time";
import { INVOICE_STATUS, type InvoiceStatus } from "./amounts";
import { withAmounts } from "./queries";
import type { InvoiceDetails, InvoiceRow } from "./queries";
import { invoiceList } from "./list-invoices";
import { sql } from "drizzle-orm";
import { resultRows } from "../../db/client";
import { invoices, payments } from "../../db/schema";
import { owedSql } from "./lines";
import { nextRetry } from "../pricing/retries";
import { today } from "../pricing/periods";

/**
 * Invoices as every reader gets them (the dashboard, the portal, the PDF, the API's List through
 * toWire in ./view.ts, which only lib/api calls): cents as integers, instants as Dates, calendar
 * days as ISO dates (YYYY-MM-DD), the status named in db/schema/status.ts.
 */
export interface InvoiceRead {
  id: string;
  /**
   * Its name, <prefix>-<sequence> (lib/document-numbers.ts), kept when it is deleted (void); empty
   * only while a subscription's first charge is pending.
   */
  number: string;
  customerAccountId: string;
  subscriptionId: string | null;
  billingPeriodStart: string | null;
  dueDate: string;
  status: InvoiceStatus;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  /** ISO 4217 code of the brand's currency; every amount here (lines too) is its minor units. */
  currency: string;
  customField1: string | null;
  customField2: string | null;
  /** In order; a line's amount is itemPrice × quantity (cents). */
  lines: InvoiceLine[];
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export const readInvoice = ({ row, amounts, currency }: InvoiceDetails): InvoiceRead => ({
  id: row.id,
  number: row.number ?? "",
  customerAccountId: row.customerAccountId,
  subscriptionId: row.subscriptionId,
  billingPeriodStart: row.billingPeriodStart,
  dueDate: row.dueDate,
  status: amounts.status,
  totalCents: amounts.total,
  paidCents: amounts.paid,
  balanceCents: amounts.balance,
  currency,
  customField1: row.customField1,
  customField2: row.customField2,
  lines: row.items,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  deletedAt: row.deletedAt,
});

/** The list definition's rows (lib/lists.ts): invoices with their amounts, read. */
export const readInvoices = async (ctx: Context, rows: InvoiceRow[]) => (await withAmounts(ctx, rows)).map(readInvoice);

/** A customer's invoices still owed (unpaid or partly paid), newest first. */
export async function openInvoices(ctx: Context, customerAccountId: string) {
  const owed = { customerAccountId, status: "owed" as const };
  return (await invoiceList.page(ctx, { filters: owed, sort: { key: "created_at", dir: "desc" }, pageSize: 100 })).rows;
}

/** Unpaid or partly paid: a balance is owed. */
export const isOwed = (i: Pick<InvoiceRead, "status">) => i.status === INVOICE_STATUS.UNPAID || i.status === INVOICE_STATUS.PARTIALLY_PAID;

// Through a function: ./list-invoices.ts reads through this module too, and may load first.
const named = withCustomerNameReads(
  (ctx, input: Parameters<typeof invoiceList.page>[1]) => invoiceList.page(ctx, input),
  (id) => ({ filters: { id } }),
);

/** The dashboard's invoices list: read rows, with each customer's name. */
export const invoicesPage = named.page;

/** One invoice (deleted ones too) with its customer's name and days overdue; null when the brand has none by that id. */
export async function invoiceDetail(ctx: Context, id: string) {
  const invoice = await named.one(ctx, id);
  // Invoice/Reminder refuses an invoice less than a day overdue unless told to bypass the check.
  return invoice && { daysOverdue: daysBetween(invoice.dueDate, brandToday(ctx)), ...invoice };
}

export const PORTAL_PAGE_SIZE = 20;

/** The signed-in customer's invoices that are not deleted (the list's customer scope), newest first, a page at a time. */
export async function customerInvoices(ctx: Context, opts: { page?: number; pageSize?: number; subscriptionId?: string; openOnly?: boolean } = {}) {
  const pageSize = Math.min(Math.max(1, opts.pageSize ?? PORTAL_PAGE_SIZE), 100);
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const filters = { status: opts.openOnly ? ("owed" as const) : ("live" as const), subscriptionId: opts.subscriptionId };
  const { rows, total } = await invoiceList.page(ctx, { filters, sort: { key: "created_at", dir: "desc" }, page, pageSize });
  return { rows, total, page, pageSize };
}

/** One invoice of the signed-in customer (not deleted); another customer's or brand's id is NOT_FOUND. */
export async function customerInvoice(ctx: Context, id: string) {
  const { rows } = isUuid(id) ? await invoiceList.page(ctx, { filters: { id, status: "live" } }) : { rows: [] };
  if (!rows[0]) throw notFound("Invoice", "invoice_id");
  return rows[0];
}

/**
 * When a declined renewal charge of this invoice will be retried next (issue 32; the brand's
 * retry_days, lib/billing/retry-declines.ts): the retry's number of how many, and its day (ISO);
 * null when there is none (no schedule, nothing declined, paid, the schedule spent, or the
 * subscription no longer active with auto pay). For the dashboard's invoice page and the portal's.
 */
export async function scheduledRetry(ctx: Context, invoiceId: string): Promise<{ retry: number; of: number; on: string } | null> {
  const days = ctx.brand.retryDays;
  if (!days.length || !isUuid(invoiceId)) return null;
  const [row] = resultRows<{ declined_at: Date | string | null; last_retry: number | null; owed: number | string; retried: boolean }>(
    await ctx.db.execute(sql`
      select
        (select min(p.created_at) from ${payments} p where p.brand_id = i.brand_id and p.invoice_id = i.id and p.status = 'failed' and p.processed_by = 'gateway' and p.retry is null) as declined_at,
        (select max(p.retry) from ${payments} p where p.brand_id = i.brand_id and p.invoice_id = i.id) as last_retry,
        ${owedSql(sql`i`)} as owed,
        (i.deleted_at is null and i.voided_at is null and s.status = 1 and s.auto_pay = 'Y') as retried
      from ${invoices} i join subscriptions s on s.id = i.subscription_id
      where i.brand_id = ${ctx.brand.id} and i.id = ${invoiceId}`),
  );
  if (!row?.declined_at || !row.retried || Number(row.owed) <= 0) return null;
  const tz = ctx.brand.timezoneId;
  const last = row.last_retry === null ? null : Number(row.last_retry);
  const next = nextRetry(today(new Date(row.declined_at), tz), days, today(ctx.now(), tz), last);
  return next && { of: days.length, ...next };
}
