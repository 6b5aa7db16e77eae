import { eq } from "drizzle-orm";
import { tickets } from "../../db/schema";
import { findAccount } from "../accounts/queries";
import type { Context } from "../auth/context";
import { invalidState } from "../errors";
import { findSubscription, notOnAccount } from "../notes/links";
import { findTicket, missing } from "./queries";
import { ticketView } from "./view";
import type { UpdateTicketInput } from "./schemas";

const absentOrCleared = (v: string | null | undefined) => (v === undefined ? undefined : null);

/**
 * Ticket/Update: only supplied parameters change (department, customer_account_id and
 * subscription_id sent empty are cleared). A subscription must be one of the ticket's customer
 * account as it is after the change.
 */
export async function updateTicket({ ctx, input }: { ctx: Context; input: UpdateTicketInput }) {
  const ticket = await findTicket(ctx, input.ticket_id);
  // undefined: leave alone; null: clear; a row: set.
  const account = input.customer_account_id ? await findAccount(ctx, input.customer_account_id) : absentOrCleared(input.customer_account_id);
  const subscription = input.subscription_id ? await findSubscription(ctx, input.subscription_id) : absentOrCleared(input.subscription_id);
  const accountId = account === undefined ? ticket.customerAccountId : (account?.id ?? null);
  if (subscription) {
    if (!accountId) throw missing("customer_account_id", "is required when subscription_id is given (the ticket has no customer account)");
    if (subscription.customerAccountId !== accountId) throw notOnAccount("Subscription", "subscription_id");
  } else if (subscription === undefined && ticket.subscriptionId && accountId !== ticket.customerAccountId) {
    throw invalidState(
      "customer_account_id cannot change while the ticket is about a subscription of its customer account: send subscription_id too (empty to clear it)",
      "customer_account_id",
    );
  }
  const needsAccount = ticket.direction === "EXTERNAL" || (ticket.direction === "EXTERNAL-CUSTOMER" && !ticket.guestEmail);
  if (!accountId && needsAccount) {
    throw invalidState(`customer_account_id cannot be cleared: this ${ticket.direction} ticket needs a customer account`, "customer_account_id");
  }

  const changes: Partial<typeof tickets.$inferInsert> = {};
  if (input.subject !== undefined) changes.subject = input.subject;
  if (input.working_status !== undefined) changes.workingStatus = input.working_status;
  if (input.department !== undefined) changes.department = input.department;
  if (account !== undefined) changes.customerAccountId = accountId;
  if (subscription !== undefined) changes.subscriptionId = subscription?.id ?? null;
  if (!Object.keys(changes).length) return ticketView(ctx, ticket);
  const [row] = await ctx.db
    .update(tickets)
    .set({ ...changes, updatedAt: ctx.now() })
    .where(eq(tickets.id, ticket.id))
    .returning();
  return ticketView(ctx, row);
}
