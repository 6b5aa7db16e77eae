import { notes as t } from "../../db/schema";
import { defineList, idFilter, liveUnlessById } from "../lists";
import type { Context } from "../auth/context";
import { NOTES_LISTED_BY_DEFAULT, type ListNotesInput } from "./schemas";
import { readNote } from "./read";

/** Notes, newest first; deleted ones only by id; `q` searches subject and contents. */
export const noteList = defineList({
  table: t,
  filters: {
    id: idFilter(t.id),
    customerAccountId: idFilter(t.customerAccountId),
    subscriptionId: idFilter(t.subscriptionId),
    invoiceId: idFilter(t.invoiceId),
  },
  scope: liveUnlessById(t.deletedAt),
  search: [t.subject, t.contents],
  sortable: { created_at: t.createdAt, subject: t.subject },
  defaultSort: { key: "created_at", dir: "desc" },
  read: (_ctx, rows) => rows.map(readNote),
});
export const listNotesPage = noteList.page;

/**
 * Note/List, newest first. Filters combine; deleted notes only by note_id. With no filter at all,
 * the brand's last 15 notes (total then counts all of its live notes).
 */
export async function listNotes({ ctx, input }: { ctx: Context; input: ListNotesInput }) {
  const { note_id, customer_account_id, subscription_id, invoice_id } = input;
  const filtered = Boolean(note_id || customer_account_id || subscription_id || invoice_id);
  const { rows, total } = await noteList.window(ctx, {
    filters: { id: note_id, customerAccountId: customer_account_id, subscriptionId: subscription_id, invoiceId: invoice_id },
    limit: filtered ? undefined : NOTES_LISTED_BY_DEFAULT,
  });
  return { items: rows, total };
}
