import { or, sql } from "drizzle-orm";
import { z } from "zod";
import { creditNotes as t, CREDIT_NOTE_REASONS, invoices } from "../../db/schema";
import { contains } from "../../db/scope";
import { accountMatches } from "../accounts/queries";
import { withCustomerNameReads } from "../accounts/names";
import type { Context } from "../auth/context";
import { dayFilters, defineList, equalsFilter, idFilter } from "../lists";
import { readCreditNotes } from "./read";
import type { ListCreditNotesInput } from "./schemas";

export const CREDIT_NOTE_LIST_LIMIT = 400;
const created = dayFilters(t.createdAt, "instant");

/** A credit note whose invoice's number contains the text. */
const invoiceMatches = (q: string) => sql`exists (select 1 from ${invoices} where ${invoices.id} = ${t.invoiceId} and ${contains(invoices.number, q)})`;

/** Credit notes, newest first; `q` searches the number, the credited invoice's number and the customer's name and email. */
export const creditNoteList = defineList({
  table: t,
  portal: "account",
  filters: {
    id: idFilter(t.id),
    customerAccountId: idFilter(t.customerAccountId),
    invoiceId: idFilter(t.invoiceId),
    number: equalsFilter(t.number, z.string()),
    reason: equalsFilter(t.reason, z.enum(CREDIT_NOTE_REASONS)),
    createdFrom: created.from,
    createdTo: created.to,
  },
  search: (q) => or(contains(t.number, q), invoiceMatches(q), accountMatches(t.customerAccountId, q))!,
  sortable: { created_at: t.createdAt, amount: t.amount },
  defaultSort: { key: "created_at", dir: "desc" },
  read: readCreditNotes,
});
export const listCreditNotesPage = creditNoteList.page;

const named = withCustomerNameReads(
  (ctx, input: Parameters<typeof creditNoteList.page>[1]) => creditNoteList.page(ctx, input),
  (id) => ({ filters: { id } }),
);
/** The dashboard's credit notes list: read rows, with each customer's name. */
export const creditNotesPage = named.page;
/** One credit note of the brand (a customer: of their own account) with its customer's name; null when there is none by that id. */
export const creditNoteDetail = named.one;

/** The credit notes against one invoice, oldest first (its page, the portal's and its PDF; a customer context: only their own). */
export async function creditNotesAgainst(ctx: Context, invoiceId: string) {
  const { rows } = await creditNoteList.page(ctx, { filters: { invoiceId }, sort: { key: "created_at", dir: "asc" }, pageSize: 100 });
  return rows;
}

/** CreditNote/List: newest first; total counts every match. */
export async function listCreditNotes({ ctx, input }: { ctx: Context; input: ListCreditNotesInput }) {
  const { rows, total } = await creditNoteList.window(ctx, {
    filters: {
      id: input.credit_note_id,
      customerAccountId: input.customer_account_id,
      invoiceId: input.invoice_id,
      number: input.number,
    },
    limit: CREDIT_NOTE_LIST_LIMIT,
  });
  return { items: rows, total };
}
