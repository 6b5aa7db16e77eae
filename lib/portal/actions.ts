import { definePortalAction, type PortalActionDef } from "../auth/portal-action";
import { createTicket } from "../tickets/create-ticket";
import { CreateTicketParams } from "../tickets/schemas";

/**
 * Every action the Customer Facing Portal offers, by name: the pages' server actions wrap these
 * (app/(portal)/portal/_lib/portal-action.ts), and tests/portal-action-contract.test.ts walks them
 * all with another customer's and another brand's ids. A new portal action is added here.
 */
export const portalActions = {
  /** A customer opens a support ticket (Ticket/Create type NEW), optionally about one of their subscriptions. */
  openTicket: definePortalAction({
    endpoint: "Ticket/Create",
    schema: CreateTicketParams,
    verb: (ctx, input) => createTicket({ ctx, input }),
    fixed: { type: "NEW", direction: "EXTERNAL-CUSTOMER" },
    accepts: ["subject", "message", "subscription_id", "department"],
  }),
  /** A customer replies on one of their tickets (Ticket/Create type REPLY). */
  replyToTicket: definePortalAction({
    endpoint: "Ticket/Create",
    schema: CreateTicketParams,
    verb: (ctx, input) => createTicket({ ctx, input }),
    fixed: { type: "REPLY" },
    accepts: ["ticket_id", "message"],
  }),
} satisfies Record<string, PortalActionDef>;

export type PortalActionName = keyof typeof portalActions;
