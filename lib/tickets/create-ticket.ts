import { eq } from "drizzle-orm";
import { ticketMessages, tickets, type MessageAuthor, type TicketDirection } from "../../db/schema";
import { findAccount } from "../accounts/queries";
import type { Context } from "../auth/context";
import { DomainError, invalidState } from "../errors";
import { newId } from "../ids";
import { findSubscription, notOnAccount } from "../notes/links";
import { findUser } from "../users/queries";
import { findTicket, invalid, missing, nextFriendlyTicketId } from "./queries";
import { ticketView } from "./view";
import type { CreateTicketInput } from "./schemas";

type Refs = {
  ticket: Awaited<ReturnType<typeof findTicket>> | null;
  account: Awaited<ReturnType<typeof findAccount>> | null;
  user: Awaited<ReturnType<typeof findUser>> | null;
  subscription: Awaited<ReturnType<typeof findSubscription>> | null;
};
type Author = { authorType: MessageAuthor; staffUserId?: string | null; customerUserId?: string; guestEmail?: string };
type Refuse = (parameter: string, message: string) => DomainError;

const NEW_ONLY = ["subject", "direction", "department", "subscription_id"] as const;

/** Ticket/Create: type NEW opens a ticket with its first message, type REPLY adds a message to ticket_id. */
export async function createTicket({ ctx, input }: { ctx: Context; input: CreateTicketInput }) {
  // Every id first: one of another brand is answered 404 whatever else is wrong with the request.
  const refs: Refs = {
    ticket: input.ticket_id ? await findTicket(ctx, input.ticket_id) : null,
    account: input.customer_account_id ? await findAccount(ctx, input.customer_account_id) : null,
    user: input.customer_user_id ? await findUser(ctx, input.customer_user_id, "customer_user_id") : null,
    subscription: input.subscription_id ? await findSubscription(ctx, input.subscription_id) : null,
  };
  if (refs.user && !refs.account) throw missing("customer_account_id", "is required when customer_user_id is given");
  const ticket = input.type === "NEW" ? await openTicket(ctx, input, refs) : await reply(ctx, input, refs);
  return ticketView(ctx, ticket);
}

async function openTicket(ctx: Context, input: CreateTicketInput, { ticket, account, user, subscription }: Refs) {
  if (ticket) throw invalid("ticket_id", "applies to type REPLY only");
  if (!input.subject) throw missing("subject", "is required when type is NEW");
  const direction: TicketDirection = input.direction ?? (input.customer_user_id || input.guest_email ? "EXTERNAL-CUSTOMER" : "INTERNAL");
  if (direction === "EXTERNAL" && !account) throw missing("customer_account_id", "is required when direction is EXTERNAL");
  if (direction === "EXTERNAL-CUSTOMER" && !account && !input.guest_email) {
    throw missing("customer_account_id", "is required when direction is EXTERNAL-CUSTOMER, unless a guest posts with guest_email");
  }
  if (subscription) {
    if (!account) throw missing("customer_account_id", "is required when subscription_id is given");
    if (subscription.customerAccountId !== account.id) throw notOnAccount("Subscription", "subscription_id");
  }
  const author = authorOf(ctx, input, account, user, direction, invalid);
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(tickets)
    .values({
      id: newId(),
      brandId: ctx.brand.id,
      friendlyTicketId: await nextFriendlyTicketId(ctx),
      subject: input.subject,
      direction,
      workingStatus: "OPEN",
      department: input.department ?? null,
      customerAccountId: account?.id ?? null,
      subscriptionId: subscription?.id ?? null,
      guestEmail: input.guest_email ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await addMessage(ctx, row.id, input, author, now);
  return row;
}

async function reply(ctx: Context, input: CreateTicketInput, { ticket, account, user }: Refs) {
  if (!ticket) throw missing("ticket_id", "is required when type is REPLY");
  const newOnly = NEW_ONLY.find((p) => input[p] != null);
  if (newOnly) throw invalid(newOnly, "applies to type NEW only");
  if (account && ticket.customerAccountId !== account.id) throw notOnAccount("Ticket", "ticket_id");
  // The ticket's direction is its state: a customer or guest may not post where it does not allow.
  const author = authorOf(ctx, input, account, user, ticket.direction, (p, m) => invalidState(`${p} ${m}`, p));
  const now = ctx.now();
  await addMessage(ctx, ticket.id, input, author, now);
  const [row] = await ctx.db.update(tickets).set({ updatedAt: now }).where(eq(tickets.id, ticket.id)).returning();
  return row;
}

/** Who posts: the customer user, else the guest, else the staff user acting through the API. */
function authorOf(ctx: Context, input: CreateTicketInput, account: Refs["account"], user: Refs["user"], direction: TicketDirection, refuse: Refuse): Author {
  // One author per message: a guest has no customer account (and so no customer user).
  if (input.guest_email && account) throw invalid("guest_email", "cannot be given with customer_account_id: a guest has no customer account");
  if (user && account) {
    if (user.customerAccountId !== account.id) throw notOnAccount("User", "customer_user_id");
    if (direction === "INTERNAL") throw refuse("customer_user_id", "cannot post on an INTERNAL ticket: INTERNAL tickets are invisible to customers");
    return { authorType: "CUSTOMER", customerUserId: user.id };
  }
  if (input.guest_email) {
    if (direction !== "EXTERNAL-CUSTOMER") throw refuse("guest_email", "applies to EXTERNAL-CUSTOMER tickets only");
    return { authorType: "GUEST", guestEmail: input.guest_email };
  }
  return { authorType: "STAFF", staffUserId: ctx.actor.kind === "staff" ? ctx.actor.staffUserId : null };
}

async function addMessage(ctx: Context, ticketId: string, input: CreateTicketInput, author: Author, now: Date) {
  await ctx.db
    .insert(ticketMessages)
    .values({ id: newId(), brandId: ctx.brand.id, ticketId, message: input.message, attachments: input.attachments ?? [], ...author, createdAt: now });
}
