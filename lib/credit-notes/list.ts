import { or } from "drizzle-orm";
import { z } from "zod";
import { creditNotes as t, CREDIT_NOTE_REASONS } from "../../db/schema";
import { contains } from "../../db/scope";
import { accountMatches } from "../accounts/queries";
import type { Context } from "../auth/context";
import { dayFilters, defineList, equalsFilter, idFilter } from "../lists";
import { readCreditNotes } from "./read";
import type { ListCreditNotesInput } from "./schemas";

export const CREDIT_NOTE_LIST_LIMIT = 400;
const created = dayFilters(t.createdAt, "instant");

/** Credit notes, newest first; `q` searches the number and the customer's name and email. */
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
  search: (q) => or(contains(t.number, q), accountMatches(t.customerAccountId, q))!,
  sortable: { created_at: t.createdAt, amount: t.amount },
  defaultSort: { key: "created_at", dir: "desc" },
  read: (ctx, rows) => readCreditNotes(rows, ctx.brand.currency),
});
export const listCreditNotesPage = creditNoteList.page;

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
