import { z } from "zod";
import { TICKET_DIRECTIONS, TICKET_WORKING_STATUSES } from "../../db/schema";
import { email, id, integer, isHttpUrl, keep, oneOf, opt, req, multilineText, text } from "../wire/params";

/** Spec, Limits: Ticket/List limit 1 to 300, default 300. */
export const MAX_TICKETS_LISTED = 300;
export const TICKET_SUBJECT_MAX = 255;
export const MESSAGE_MAX = 20_000;
export const DEPARTMENT_MAX = 100;
export const MAX_ATTACHMENTS = 20;

const subject = () => text(TICKET_SUBJECT_MAX).min(1, { error: "must not be empty" });
const direction = () => oneOf(TICKET_DIRECTIONS);
const workingStatus = () => oneOf(TICKET_WORKING_STATUSES);
const department = () => text(DEPARTMENT_MAX);

/** Comma-separated full http(s) addresses, as a list. */
const attachmentList = () =>
  z.string().transform((s, c) => {
    const urls = s
      .split(",")
      .map((u) => u.trim())
      .filter(Boolean);
    const bad = urls.findIndex((u) => u.length > 2048 || !isHttpUrl(u));
    if (bad >= 0) c.issues.push({ code: "custom", message: `must be comma-separated full http(s) addresses (item ${bad + 1} is not one)`, input: s });
    else if (urls.length > MAX_ATTACHMENTS) c.issues.push({ code: "custom", message: `must list at most ${MAX_ATTACHMENTS} addresses`, input: s });
    return urls;
  });

const ticketRef = (description: string) => req(id(), description, { refersTo: "Ticket" });

export const ListTicketsParams = z.object({
  ticket_id: opt(id(), "Only this ticket", { refersTo: "Ticket" }),
  friendly_ticket_id: opt(integer({ min: 1 }), "Only the ticket with this short per-brand number"),
  direction: opt(direction(), `Only tickets of this direction: ${TICKET_DIRECTIONS.join(", ")}`),
  working_status: opt(workingStatus(), `Only tickets in this working status: ${TICKET_WORKING_STATUSES.join(", ")}`),
  customer_account_id: opt(id(), "Only tickets of this customer account", { refersTo: "Account" }),
  subscription_id: opt(id(), "Only tickets about this subscription", { refersTo: "Subscription" }),
  limit: opt(integer({ min: 1, max: MAX_TICKETS_LISTED }), `At most this many tickets, 1 to ${MAX_TICKETS_LISTED} (default ${MAX_TICKETS_LISTED})`),
  order: opt(oneOf(["asc", "desc"]), "Oldest first (asc, default) or newest first (desc)"),
  offset: opt(integer({ min: 0 }), "Skip this many matching tickets"),
});

/**
 * Which parameters apply to NEW or REPLY, and what each direction needs, is checked by the verb
 * after the ids are looked up, so an id of another brand is answered 404 whatever else is sent.
 */
export const CreateTicketParams = z.object({
  type: req(oneOf(["NEW", "REPLY"]), "NEW opens a ticket; REPLY adds a message to ticket_id", { example: "NEW" }),
  message: req(multilineText(MESSAGE_MAX).min(1, { error: "must not be empty" }), `The message, plain text, at most ${MESSAGE_MAX} characters`, {
    example: "My last invoice shows the wrong plan.",
  }),
  ticket_id: opt(id(), "The ticket to reply to (required for REPLY; a friendly_ticket_id is not accepted)", { refersTo: "Ticket" }),
  attachments: opt(attachmentList(), `Comma-separated full http(s) addresses of images or files (at most ${MAX_ATTACHMENTS})`),
  subject: opt(subject(), `Subject (required for NEW; NEW only), at most ${TICKET_SUBJECT_MAX} characters`),
  direction: opt(
    direction(),
    "NEW only. INTERNAL: invisible to customers; EXTERNAL: customer-visible, needs customer_account_id; " +
      "EXTERNAL-CUSTOMER: opened by a customer (customer_account_id) or a guest (guest_email). " +
      "Default: EXTERNAL-CUSTOMER when customer_user_id or guest_email is given, otherwise INTERNAL",
  ),
  department: opt(department(), "NEW only: any text, like Billing"),
  customer_account_id: opt(id(), "The customer account of the ticket; with customer_user_id when a customer posts", { refersTo: "Account" }),
  customer_user_id: opt(id(), "The user_id of the customer user posting (a user of customer_account_id)", { refersTo: "User" }),
  subscription_id: opt(id(), "NEW only: the subscription the ticket is about, one of customer_account_id's", { refersTo: "Subscription" }),
  guest_email: opt(email(), "The email address of a guest or potential customer posting (EXTERNAL-CUSTOMER tickets, without customer_account_id)"),
});

/** Only supplied parameters change; department, customer_account_id and subscription_id sent empty are cleared. */
export const UpdateTicketParams = z.object({
  ticket_id: ticketRef("The ticket to change (a friendly_ticket_id is not accepted)"),
  subject: keep(subject(), "Subject"),
  working_status: keep(workingStatus(), `Any of ${TICKET_WORKING_STATUSES.join(", ")}`),
  department: opt(department(), "Any text, like Billing"),
  customer_account_id: opt(id(), "The customer account of the ticket", { refersTo: "Account" }),
  subscription_id: opt(id(), "The subscription the ticket is about, one of the ticket's customer account", { refersTo: "Subscription" }),
});

export const MergeTicketsParams = z.object({
  ticket_id: ticketRef("The surviving ticket: keeps its subject, direction and department and receives the messages"),
  merge_ticket_id: ticketRef("The ticket merged into ticket_id; it ceases to exist, irreversibly"),
});

export const TicketIdParams = z.object({
  ticket_id: ticketRef("The ticket to delete with its messages, irreversibly (a friendly_ticket_id is not accepted)"),
});

export type ListTicketsInput = z.output<typeof ListTicketsParams>;
export type CreateTicketInput = z.output<typeof CreateTicketParams>;
export type UpdateTicketInput = z.output<typeof UpdateTicketParams>;
export type MergeTicketsInput = z.output<typeof MergeTicketsParams>;
export type TicketIdInput = z.output<typeof TicketIdParams>;
