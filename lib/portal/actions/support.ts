import { defineAction, type CustomerAction } from "../../actions/define-action";
import { createTicket } from "../../tickets/create-ticket";
import { CreateTicketParams } from "../../tickets/schemas";

/** Support: tickets. */
export const supportActions = {
  /** A customer opens a support ticket (Ticket/Create type NEW), optionally about one of their subscriptions. */
  openTicket: defineAction({
    audience: "customer",
    endpoint: "Ticket/Create",
    schema: CreateTicketParams,
    verb: createTicket,
    fixed: { type: "NEW", direction: "EXTERNAL-CUSTOMER" },
    accepts: ["subject", "message", "subscription_id", "department"],
  }),
  /** A customer replies on one of their tickets (Ticket/Create type REPLY). */
  replyToTicket: defineAction({
    audience: "customer",
    endpoint: "Ticket/Create",
    schema: CreateTicketParams,
    verb: createTicket,
    fixed: { type: "REPLY" },
    accepts: ["ticket_id", "message"],
  }),
} satisfies Record<string, CustomerAction>;
