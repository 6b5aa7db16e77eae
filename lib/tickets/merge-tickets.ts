import { eq } from "drizzle-orm";
import { ticketMessages, tickets } from "../../db/schema";
import type { Context } from "../auth/context";
import { invalidState } from "../errors";
import { findTicket, invalid } from "./queries";
import { ticketView } from "./view";
import type { MergeTicketsInput } from "./schemas";
import type { TicketRow } from "./read";

/**
 * Ticket/Merge: merge_ticket_id's messages move to ticket_id (which keeps its subject, direction,
 * department and status) and the merged ticket ceases to exist. Errors 7: both tickets must have
 * the same customer account and subscription where either has one.
 */
export async function mergeTickets({ ctx, input }: { ctx: Context; input: MergeTicketsInput }) {
  // Locked in id order, so two merges of one pair in opposite roles cannot deadlock.
  const wanted = [
    ["ticket_id", input.ticket_id],
    ["merge_ticket_id", input.merge_ticket_id],
  ].sort((a, b) => (a[1] < b[1] ? -1 : 1));
  const found: Record<string, TicketRow> = {};
  for (const [parameter, id] of wanted) found[parameter] = await findTicket(ctx, id, parameter);
  const survivor = found.ticket_id;
  const merged = found.merge_ticket_id;
  if (survivor.id === merged.id) throw invalid("merge_ticket_id", "must be another ticket than ticket_id");
  if (survivor.customerAccountId !== merged.customerAccountId) {
    throw invalidState("The tickets belong to different customer accounts (or only one has a customer account); they cannot be merged", "merge_ticket_id");
  }
  if (survivor.subscriptionId !== merged.subscriptionId) {
    throw invalidState("The tickets are about different subscriptions (or only one is about a subscription); they cannot be merged", "merge_ticket_id");
  }
  await ctx.db.update(ticketMessages).set({ ticketId: survivor.id }).where(eq(ticketMessages.ticketId, merged.id));
  await ctx.db.delete(tickets).where(eq(tickets.id, merged.id));
  const [row] = await ctx.db.update(tickets).set({ updatedAt: ctx.now() }).where(eq(tickets.id, survivor.id)).returning();
  return ticketView(ctx, row);
}
