import { or, sql } from "drizzle-orm";
import { z } from "zod";
import { invoices as t, payments } from "../../db/schema";
import { dayFilters, defineList, equalsFilter, idFilter, sqlFilter } from "../lists";
import { contains } from "../../db/scope";
import { accountMatches } from "../accounts/queries";
import type { Context } from "../auth/context";
import { INVOICE_STATUS } from "./amounts";
import { brandToday } from "../brand-time";
import type { ListInvoicesInput } from "./schemas";
import { readInvoices } from "./read";

/** Spec, Limits: 50 invoices, or 400 for one customer account or subscription. */
export const LIST_LIMIT = 50;
export const FILTERED_LIST_LIMIT = 400;

/**
 * invoiceAmounts' status in SQL, for a page's status filter (status is never stored): 3 deleted,
 * else 1 when the succeeded payments cover the lines' total less credit notes, 2 when some are paid, else 0.
 */
const statusSql = sql<number>`(case when ${t.deletedAt} is not null then ${INVOICE_STATUS.DELETED} else (
  select case when paid >= total then ${INVOICE_STATUS.PAID} when paid > 0 then ${INVOICE_STATUS.PARTIALLY_PAID} else ${INVOICE_STATUS.UNPAID} end
  from (select
    ${t.totalCents} - ${t.creditedCents} as total,
    coalesce((select sum(${payments.amount}) from ${payments} where ${payments.invoiceId} = ${t.id} and ${payments.status} = 'succeeded'), 0) as paid
  ) amounts) end)`;

const OWED = sql`${statusSql} in (${INVOICE_STATUS.UNPAID}, ${INVOICE_STATUS.PARTIALLY_PAID})`;

/**
 * A status filter's values: a status, or "owed" (a balance left: unpaid or partly paid) or "live"
 * (not deleted), the invoices behind the overview's receivables and revenue.
 */
export const INVOICE_STATUS_FILTERS = ["0", "1", "2", "3", "owed", "live"] as const;
const statusValue = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal("owed"), z.literal("live")]);

/**
 * Receivables by days past due on the brand's today ("current": not yet due), owed ones only (the
 * overview's aging buckets).
 */
export const INVOICE_AGES = { current: [null, -1], "0-30": [1, 30], "31-60": [31, 60], "61-90": [61, 90], "90+": [91, null] } as const;
export type InvoiceAge = keyof typeof INVOICE_AGES;
const ageFilter = sqlFilter(z.enum(Object.keys(INVOICE_AGES) as [InvoiceAge, ...InvoiceAge[]]), (age, ctx) => {
  // Days past due = today - due date: from..to days past due is a due date from today - to to today - from.
  const [least, most] = INVOICE_AGES[age];
  const today = sql`${brandToday(ctx)}::date`;
  const earliest = most === null ? sql`true` : sql`${t.dueDate} >= ${today} - ${most}::int`;
  const latest = least === null ? sql`true` : sql`${t.dueDate} <= ${today} - ${least}::int`;
  return sql`${t.deletedAt} is null and ${earliest} and ${latest} and ${OWED}`;
});
const created = dayFilters(t.createdAt, "instant");

/** Invoices, deleted ones too (status 3); `q` searches the invoice number, its id and the customer's name and email. */
export const invoiceList = defineList({
  table: t,
  portal: "account",
  filters: {
    id: idFilter(t.id),
    customerAccountId: idFilter(t.customerAccountId),
    subscriptionId: idFilter(t.subscriptionId),
    status: sqlFilter(statusValue, (s) =>
      s === "live" ? sql`${t.deletedAt} is null` : s === "owed" ? sql`${t.deletedAt} is null and ${OWED}` : sql`${statusSql} = ${s}`,
    ),
    age: ageFilter,
    createdFrom: created.from,
    createdTo: created.to,
    customField1: equalsFilter(t.customField1, z.string()),
    customField2: equalsFilter(t.customField2, z.string()),
    number: equalsFilter(t.number, z.string()),
  },
  search: (q) => or(contains(t.number, q), contains(sql`${t.id}::text`, q), accountMatches(t.customerAccountId, q))!,
  // Issue 31: a subscription's first invoice is issued (numbered) once its charge goes through;
  // until then it is not listed, but asked for by id.
  scope: (f) => (f.id ? undefined : sql`${t.number} is not null`),
  sortable: { created_at: t.createdAt, due_date: t.dueDate },
  defaultSort: { key: "created_at", dir: "desc" },
  // Lazily: ./read.ts reads through this list too.
  read: (ctx, rows) => readInvoices(ctx, rows),
});
export const listInvoicesPage = invoiceList.page;

/** Newest first (deleted ones too, as status 3); total counts every match. */
export async function listInvoices({ ctx, input }: { ctx: Context; input: ListInvoicesInput }) {
  const { rows, total } = await invoiceList.window(ctx, {
    filters: {
      id: input.invoice_id,
      customerAccountId: input.customer_account_id,
      subscriptionId: input.subscription_id,
      customField1: input.custom_field_1,
      customField2: input.custom_field_2,
      number: input.number,
    },
    limit: input.customer_account_id || input.subscription_id ? FILTERED_LIST_LIMIT : LIST_LIMIT,
  });
  return { items: rows, total };
}
