import { ticketMessages, tickets } from "../../db/schema";

export type TicketRow = typeof tickets.$inferSelect;
export type MessageRow = typeof ticketMessages.$inferSelect;

/** A message with its author: a staff user, a customer user or a guest (by email). */
export const messageView = (m: MessageRow) => ({
  message_id: m.id,
  message: m.message,
  attachments: m.attachments.join(","),
  author_type: m.authorType,
  staff_user_id: m.staffUserId,
  customer_user_id: m.customerUserId,
  guest_email: m.guestEmail,
  created: m.createdAt,
});

/** A ticket with its messages, oldest first. */
export const ticketView = (t: TicketRow, messages: MessageRow[]) => ({
  ticket_id: t.id,
  friendly_ticket_id: t.friendlyTicketId,
  subject: t.subject,
  direction: t.direction,
  working_status: t.workingStatus,
  department: t.department,
  customer_account_id: t.customerAccountId,
  subscription_id: t.subscriptionId,
  guest_email: t.guestEmail,
  created: t.createdAt,
  updated: t.updatedAt,
  messages: messages.map(messageView),
});
