import { notes } from "../../db/schema";

export type NoteRow = typeof notes.$inferSelect;

export const noteView = (n: NoteRow) => ({
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
