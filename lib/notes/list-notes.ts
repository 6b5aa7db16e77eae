import { count, desc, eq, isNull } from "drizzle-orm";
import { notes } from "../../db/schema";
import { filters, impossibleIds, inBrand } from "../../db/scope";
import type { Context } from "../auth/context";
import { NOTES_LISTED_BY_DEFAULT, type ListNotesInput } from "./schemas";
import { noteView } from "./view";

/**
 * Note/List, newest first. Filters combine; deleted notes only by note_id. With no filter at all,
 * the brand's last 15 notes (total then counts all of its live notes).
 */
export async function listNotes({ ctx, input }: { ctx: Context; input: ListNotesInput }) {
  const { note_id, customer_account_id, subscription_id, invoice_id } = input;
  const given = [note_id, customer_account_id, subscription_id, invoice_id].filter((v): v is string => Boolean(v));
  if (impossibleIds(...given)) return { items: [], total: 0 };
  const where = inBrand(
    ctx,
    notes,
    note_id ? eq(notes.id, note_id) : isNull(notes.deletedAt),
    ...filters([
      [notes.customerAccountId, customer_account_id],
      [notes.subscriptionId, subscription_id],
      [notes.invoiceId, invoice_id],
    ]),
  );
  const query = ctx.db.select().from(notes).where(where).orderBy(desc(notes.createdAt), desc(notes.id)).$dynamic();
  if (given.length) {
    const rows = await query;
    return { items: rows.map(noteView), total: rows.length };
  }
  const [rows, [{ n }]] = await Promise.all([query.limit(NOTES_LISTED_BY_DEFAULT), ctx.db.select({ n: count() }).from(notes).where(where)]);
  return { items: rows.map(noteView), total: n };
}
