import { and, asc, desc, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { selectRows } from "../../db/client";
import { customerUsers, ticketMessages, tickets, type MessageAuthor, type TicketDirection, type TicketWorkingStatus } from "../../db/schema";
import { inAccount, inBrand, oldestFirst } from "../../db/scope";
import type { Context } from "../auth/context";
import { DomainError, notFound } from "../errors";
import { ticketList } from "./list-tickets";

export type TicketRow = typeof tickets.$inferSelect;
export type MessageRow = typeof ticketMessages.$inferSelect;

/**
 * Tickets as every reader gets them (the dashboard, the portal's support pages, the API's List
 * through toWire in ./view.ts, which only lib/api calls): instants as Dates, the direction and the
 * working status as db/schema/support.ts names them, each ticket with its messages oldest first.
 */
export interface TicketRead {
  id: string;
  /** The brand's ticket number (friendly_ticket_id), "#12". */
  number: number;
  subject: string;
  /** INTERNAL tickets are the brand's own: customers never see them. */
  direction: TicketDirection;
  workingStatus: TicketWorkingStatus;
  department: string | null;
  customerAccountId: string | null;
  subscriptionId: string | null;
  guestEmail: string | null;
  createdAt: Date;
  updatedAt: Date;
  messages: TicketMessageRead[];
}

/** A message with its author: a staff user, a customer user or a guest (by email). */
export interface TicketMessageRead {
  id: string;
  message: string;
  /** Addresses of the attached files. */
  attachments: string[];
  authorType: MessageAuthor;
  staffUserId: string | null;
  customerUserId: string | null;
  guestEmail: string | null;
  createdAt: Date;
}

export const readTicketMessage = (m: MessageRow): TicketMessageRead => ({
  id: m.id,
  message: m.message,
  attachments: m.attachments,
  authorType: m.authorType,
  staffUserId: m.staffUserId,
  customerUserId: m.customerUserId,
  guestEmail: m.guestEmail,
  createdAt: m.createdAt,
});

export const readTicket = (t: TicketRow, messages: MessageRow[]): TicketRead => ({
  id: t.id,
  number: t.friendlyTicketId,
  subject: t.subject,
  direction: t.direction,
  workingStatus: t.workingStatus,
  department: t.department,
  customerAccountId: t.customerAccountId,
  subscriptionId: t.subscriptionId,
  guestEmail: t.guestEmail,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  messages: messages.map(readTicketMessage),
});

/** Messages of the given tickets in one query, each ticket's in time order (merged ones interleave). */
export async function messagesOf(ctx: Context, ticketIds: string[]) {
  const byTicket = new Map<string, MessageRow[]>(ticketIds.map((id) => [id, []]));
  if (!ticketIds.length) return byTicket;
  const rows = await ctx.db
    .select()
    .from(ticketMessages)
    .where(inBrand(ctx, ticketMessages, inArray(ticketMessages.ticketId, ticketIds)))
    .orderBy(...oldestFirst(ticketMessages));
  for (const m of rows) byTicket.get(m.ticketId)!.push(m);
  return byTicket;
}

/** The list definition's rows (lib/lists.ts): tickets with their messages, read. */
export async function readTickets(ctx: Context, rows: TicketRow[]) {
  const messages = await messagesOf(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => readTicket(r, messages.get(r.id)!));
}

/** One ticket as it now stands, with its messages (what the write verbs answer). */
export const ticketWithMessages = async (ctx: Context, row: TicketRow) => (await readTickets(ctx, [row]))[0];

/**
 * The names of the customer users who wrote the messages ("Ada Lovelace"), by user id: for a
 * customer, only the users of their own account (a colleague may have replied).
 */
export async function authorNames(ctx: Context, messages: Pick<TicketMessageRead, "customerUserId">[]) {
  const ids = [...new Set(messages.flatMap((m) => (m.customerUserId ? [m.customerUserId] : [])))];
  const names = new Map<string, string>();
  if (!ids.length) return names;
  const rows = await selectRows(ctx.db, customerUsers, { where: inAccount(ctx, customerUsers, inArray(customerUsers.id, ids)) });
  for (const u of rows) names.set(u.id, `${u.firstName} ${u.lastName}`.trim());
  return names;
}

/** How many departments the list's filter offers, and how many tickets the merge picker. */
export const DEPARTMENTS_SHOWN = 50;
export const MERGE_CHOICES = 100;

/** The brand's departments in use, for the list's department filter (departments are free text). */
export async function ticketDepartments(ctx: Context): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ d: tickets.department })
    .from(tickets)
    .where(inBrand(ctx, tickets, isNotNull(tickets.department)))
    .orderBy(asc(tickets.department))
    .limit(DEPARTMENTS_SHOWN);
  return rows.map((r) => r.d!).filter(Boolean);
}

/** What the merge picker shows of a ticket. */
export type MergeCandidate = Pick<TicketRead, "id" | "number" | "subject" | "workingStatus">;

/**
 * Tickets that can be merged into `ticket`: Ticket/Merge needs the same customer account and the
 * same subscription (or neither), so only those are offered; most recently updated first.
 */
export async function mergeCandidates(ctx: Context, ticket: Pick<TicketRead, "id" | "customerAccountId" | "subscriptionId">): Promise<MergeCandidate[]> {
  const same = (column: PgColumn, value: string | null) => (value ? eq(column, value) : isNull(column));
  return ctx.db
    .select({ id: tickets.id, number: tickets.friendlyTicketId, subject: tickets.subject, workingStatus: tickets.workingStatus })
    .from(tickets)
    .where(
      inBrand(
        ctx,
        tickets,
        and(ne(tickets.id, ticket.id), same(tickets.customerAccountId, ticket.customerAccountId), same(tickets.subscriptionId, ticket.subscriptionId)),
      ),
    )
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(MERGE_CHOICES);
}

// ---- The portal's support pages: the ticket list with the customer scope (never an INTERNAL ticket). ----

function customerOf(ctx: Context) {
  if (ctx.actor.kind !== "customer") throw new DomainError("FORBIDDEN", "The portal reads for a signed-in customer only");
  return ctx.actor;
}

export const SUPPORT_PAGE_SIZE = 20;

/** The signed-in customer's tickets, the most recently active first, a page at a time; `open` leaves out CLOSED ones. */
export async function customerTickets(ctx: Context, opts: { page?: number; pageSize?: number; open?: boolean } = {}) {
  customerOf(ctx);
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const pageSize = Math.min(Math.max(1, opts.pageSize ?? SUPPORT_PAGE_SIZE), 100);
  const filters = { open: opts.open ? ("Y" as const) : null };
  const { rows, total } = await ticketList.page(ctx, { filters, sort: { key: "updated_at", dir: "desc" }, page, pageSize });
  return { rows, total, page, pageSize };
}

/** Who wrote a message, as the customer reads it: "you" (the signed-in user), "customer" (a colleague on the account), "support" (the brand). */
export type MessageFrom = "you" | "customer" | "support";

/** One ticket of the signed-in customer with its messages, oldest first, and who wrote each; another's (or an INTERNAL one) is NOT_FOUND. */
export async function customerTicket(ctx: Context, id: string) {
  const actor = customerOf(ctx);
  const [ticket] = (await ticketList.page(ctx, { filters: { id } })).rows;
  if (!ticket) throw notFound("Ticket", "ticket_id");
  const names = await authorNames(ctx, ticket.messages);
  const from = (m: TicketMessageRead): MessageFrom => (m.authorType === "STAFF" ? "support" : m.customerUserId === actor.userId ? "you" : "customer");
  return {
    ticket,
    messages: ticket.messages.map((m) => ({ from: from(m), name: m.customerUserId ? (names.get(m.customerUserId) ?? null) : m.guestEmail, ...m })),
  };
}

/** Whether the customer may still write on this ticket (CLOSED ones take a new ticket). */
export const acceptsReplies = (status: TicketWorkingStatus) => status !== "CLOSED";
