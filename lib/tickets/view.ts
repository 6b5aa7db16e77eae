import type { Context } from "../auth/context";
import { ticketWithMessages, type TicketMessageRead, type TicketRead, type TicketRow } from "./read";

/** The wire: a message with its author (a staff user, a customer user or a guest by email), its attachments comma separated. */
const messageToWire = (m: TicketMessageRead) => ({
  message_id: m.id,
  message: m.message,
  attachments: m.attachments.join(","),
  author_type: m.authorType,
  staff_user_id: m.staffUserId,
  customer_user_id: m.customerUserId,
  guest_email: m.guestEmail,
  created: m.createdAt,
});

/**
 * The wire: a ticket with its messages, oldest first, as the API answers it, from its read row. Only
 * lib/api calls it (and the write verbs through ticketView).
 */
export const ticketToWire = (t: TicketRead) => ({
  ticket_id: t.id,
  friendly_ticket_id: t.number,
  subject: t.subject,
  direction: t.direction,
  working_status: t.workingStatus,
  department: t.department,
  customer_account_id: t.customerAccountId,
  subscription_id: t.subscriptionId,
  guest_email: t.guestEmail,
  created: t.createdAt,
  updated: t.updatedAt,
  messages: t.messages.map(messageToWire),
});

/** What the write verbs answer: the wire of the ticket as it now stands, with its messages. */
export const ticketView = async (ctx: Context, row: TicketRow) => ticketToWire(await ticketWithMessages(ctx, row));
