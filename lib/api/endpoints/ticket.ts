import { defineEndpoint } from "../endpoint";
import { CreateTicketParams, ListTicketsParams, MAX_TICKETS_LISTED, MergeTicketsParams, TicketIdParams, UpdateTicketParams } from "../../tickets/schemas";
import { listTickets } from "../../tickets/list-tickets";
import { ticketToWire } from "../../tickets/view";
import { createTicket } from "../../tickets/create-ticket";
import { updateTicket } from "../../tickets/update-ticket";
import { mergeTickets } from "../../tickets/merge-tickets";
import { deleteTicket } from "../../tickets/delete-ticket";

const returns = "ticket";
const onlyTicketId = "404 NOT_FOUND for a friendly_ticket_id passed as ticket_id: only ticket_id can update, delete or reply";

export const ticketEndpoints = [
  defineEndpoint({
    resource: "Ticket",
    action: "List",
    method: "GET",
    summary:
      `Lists tickets by friendly_ticket_id (at most ${MAX_TICKETS_LISTED}), each with its messages (in time order, with their author) ` +
      "in the nested list messages; ticket_id and friendly_ticket_id both find a ticket.",
    params: ListTicketsParams,
    returns,
    list: "tickets",
    handler: listTickets,
    wire: ticketToWire,
  }),
  defineEndpoint({
    resource: "Ticket",
    action: "Create",
    method: "POST",
    summary:
      "Opens a ticket with its first message (type NEW; gets the next friendly_ticket_id of the brand) or adds a message to one (type REPLY). " +
      "The author is the customer user (customer_user_id with customer_account_id), else the guest (guest_email), else the staff user of user_key.",
    params: CreateTicketParams,
    returns,
    refusals: [
      "400 MISSING_PARAMETER: subject for NEW, ticket_id for REPLY, customer_account_id for EXTERNAL, for EXTERNAL-CUSTOMER without guest_email, with subscription_id or with customer_user_id",
      "400 INVALID_PARAMETER: subject, direction, department or subscription_id with REPLY; ticket_id with NEW; guest_email with customer_account_id or on a ticket that is not EXTERNAL-CUSTOMER; customer_user_id on a NEW INTERNAL ticket",
      "404 NOT_FOUND: customer_user_id not a user of customer_account_id, subscription_id not one of its subscriptions, or (REPLY) ticket_id not a ticket of customer_account_id",
      "409 INVALID_STATE: REPLY by a customer user to an INTERNAL ticket, or by a guest to a ticket that is not EXTERNAL-CUSTOMER",
      onlyTicketId,
    ],
    handler: createTicket,
  }),
  defineEndpoint({
    resource: "Ticket",
    action: "Update",
    method: "PATCH",
    summary: "Changes a ticket: only supplied parameters change; working_status may be set to any of its values.",
    params: UpdateTicketParams,
    returns,
    refusals: [
      "400 MISSING_PARAMETER (customer_account_id) for a subscription_id when the ticket has (or gets) no customer account",
      "404 NOT_FOUND for a subscription_id not of the ticket's customer account",
      "409 INVALID_STATE when customer_account_id changes under the ticket's subscription without subscription_id, or is cleared on an EXTERNAL (or non-guest EXTERNAL-CUSTOMER) ticket",
      onlyTicketId,
    ],
    handler: updateTicket,
  }),
  defineEndpoint({
    resource: "Ticket",
    action: "Merge",
    method: "PATCH",
    summary:
      "Merges merge_ticket_id into ticket_id, irreversibly: ticket_id keeps its subject, direction and department and receives the " +
      "messages of both in time order; merge_ticket_id ceases to exist.",
    params: MergeTicketsParams,
    returns,
    refusals: [
      "400 INVALID_PARAMETER when merge_ticket_id is ticket_id",
      "409 INVALID_STATE when the tickets' customer_account_id or subscription_id differ (where either ticket has one)",
    ],
    handler: mergeTickets,
  }),
  defineEndpoint({
    resource: "Ticket",
    action: "Delete",
    method: "DELETE",
    summary: "Deletes a ticket and its messages, irreversibly; answers the ticket as it was.",
    params: TicketIdParams,
    returns,
    refusals: [onlyTicketId],
    handler: deleteTicket,
  }),
];
