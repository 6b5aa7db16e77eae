import { ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { tickets as t, TICKET_DIRECTIONS, TICKET_WORKING_STATUSES } from "../../db/schema";
import { defineList, equalsFilter, idFilter, sqlFilter } from "../lists";
import { contains } from "../../db/scope";
import type { Context } from "../auth/context";
import { MAX_TICKETS_LISTED, type ListTicketsInput } from "./schemas";
import { readTickets } from "./read";

/** INTERNAL tickets are the brand's own notes (spec: invisible to customers): a customer (the portal) never reads one. */
const customerScope = ne(t.direction, "INTERNAL");

/**
 * Tickets, each with its messages; `q` searches subject, guest email and the ticket number; `open`
 * Y leaves out CLOSED ones. A customer reads only their own account's, never an INTERNAL one.
 */
export const ticketList = defineList({
  table: t,
  portal: "account",
  filters: {
    id: idFilter(t.id),
    friendlyTicketId: equalsFilter(t.friendlyTicketId, z.number().int()),
    direction: equalsFilter(t.direction, z.enum(TICKET_DIRECTIONS)),
    workingStatus: equalsFilter(t.workingStatus, z.enum(TICKET_WORKING_STATUSES)),
    open: sqlFilter(z.literal("Y"), () => ne(t.workingStatus, "CLOSED")),
    department: equalsFilter(t.department, z.string()),
    customerAccountId: idFilter(t.customerAccountId),
    subscriptionId: idFilter(t.subscriptionId),
  },
  scope: (_f, ctx) => (ctx.actor.kind === "customer" ? customerScope : undefined),
  search: (q) => or(contains(t.subject, q), contains(t.guestEmail, q), contains(sql`${t.friendlyTicketId}::text`, q))!,
  sortable: { friendly_ticket_id: t.friendlyTicketId, updated_at: t.updatedAt, subject: t.subject },
  defaultSort: { key: "friendly_ticket_id", dir: "asc" },
  // Lazily: ./read.ts reads through this list too.
  read: (ctx, rows) => readTickets(ctx, rows),
});
export const listTicketsPage = ticketList.page;

/** Ticket/List in friendly_ticket_id (creation) order, each ticket with its messages; total counts every match. */
export async function listTickets({ ctx, input }: { ctx: Context; input: ListTicketsInput }) {
  const { rows, total } = await ticketList.window(ctx, {
    filters: {
      id: input.ticket_id,
      friendlyTicketId: input.friendly_ticket_id || undefined,
      direction: input.direction,
      workingStatus: input.working_status,
      customerAccountId: input.customer_account_id,
      subscriptionId: input.subscription_id,
    },
    sort: { key: "friendly_ticket_id", dir: input.order ?? "asc" },
    offset: input.offset ?? 0,
    limit: input.limit ?? MAX_TICKETS_LISTED,
  });
  return { items: rows, total };
}
