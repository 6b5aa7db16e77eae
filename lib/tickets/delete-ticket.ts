import { eq } from "drizzle-orm";
import { tickets } from "../../db/schema";
import type { Context } from "../auth/context";
import { findTicket } from "./queries";
import { ticketView } from "./view";
import type { TicketIdInput } from "./schemas";

/** Irreversible: the ticket and its messages (on delete cascade) are gone; its friendly number is not reused. */
export async function deleteTicket({ ctx, input }: { ctx: Context; input: TicketIdInput }) {
  const ticket = await findTicket(ctx, input.ticket_id);
  const view = await ticketView(ctx, ticket);
  await ctx.db.delete(tickets).where(eq(tickets.id, ticket.id));
  return view;
}
