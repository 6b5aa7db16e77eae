import { asc, count, desc } from "drizzle-orm";
import { tickets } from "../../db/schema";
import { filters, inBrand, impossibleIds } from "../../db/scope";
import type { Context } from "../auth/context";
import { messagesOf } from "./queries";
import { MAX_TICKETS_LISTED, type ListTicketsInput } from "./schemas";
import { ticketView } from "./view";

/** Ticket/List in friendly_ticket_id (creation) order, each ticket with its messages; total counts every match. */
export async function listTickets({ ctx, input }: { ctx: Context; input: ListTicketsInput }) {
  if (impossibleIds(input.ticket_id, input.customer_account_id, input.subscription_id)) return { items: [], total: 0 };
  const t = tickets;
  const where = inBrand(
    ctx,
    t,
    ...filters([
      [t.id, input.ticket_id],
      [t.friendlyTicketId, input.friendly_ticket_id],
      [t.direction, input.direction],
      [t.workingStatus, input.working_status],
      [t.customerAccountId, input.customer_account_id],
      [t.subscriptionId, input.subscription_id],
    ]),
  );
  const sortBy = input.order === "desc" ? desc : asc;
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select()
      .from(t)
      .where(where)
      .orderBy(sortBy(t.friendlyTicketId))
      .limit(input.limit ?? MAX_TICKETS_LISTED)
      .offset(input.offset ?? 0),
    ctx.db.select({ n: count() }).from(t).where(where),
  ]);
  const messages = await messagesOf(ctx, rows.map((r) => r.id));
  return { items: rows.map((r) => ticketView(r, messages.get(r.id)!)), total: n };
}
