import type { notes } from "../../db/schema";

export type NoteRow = typeof notes.$inferSelect;

/**
 * Staff notes as every reader gets them (the dashboard, the API's Note/List through toWire in
 * ./view.ts, which only lib/api calls): instants as Dates. A note is deleted for good (its
 * deletedAt set; Note/List shows it by id only), never suspended.
 */
export interface NoteRead {
  id: string;
  subject: string;
  contents: string;
  /** What it is about: at least one of these. */
  customerAccountId: string | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  createdAt: Date;
  deletedAt: Date | null;
}

export const readNote = (n: NoteRow): NoteRead => ({
  id: n.id,
  subject: n.subject,
  contents: n.contents,
  customerAccountId: n.customerAccountId,
  subscriptionId: n.subscriptionId,
  invoiceId: n.invoiceId,
  createdAt: n.createdAt,
  deletedAt: n.deletedAt,
});
