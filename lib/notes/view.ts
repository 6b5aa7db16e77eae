import { readNote, type NoteRead, type NoteRow } from "./read";

/** The wire: a note as the API answers it, from its read row. Only lib/api calls it (and the write verbs through noteView). */
export const noteToWire = (n: NoteRead) => ({
  note_id: n.id,
  subject: n.subject,
  contents: n.contents,
  customer_account_id: n.customerAccountId,
  subscription_id: n.subscriptionId,
  invoice_id: n.invoiceId,
  status: n.deletedAt ? "deleted" : "active",
  created: n.createdAt,
  deleted: n.deletedAt,
});

/** What the write verbs answer today: the wire of the note as it now stands. */
export const noteView = (n: NoteRow) => noteToWire(readNote(n));
