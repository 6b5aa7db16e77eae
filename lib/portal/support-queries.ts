import { count, desc, inArray, ne } from "drizzle-orm";
import { selectRows } from "../../db/client";
import { customerUsers, tickets } from "../../db/schema";
import { inAccount } from "../../db/scope";
import { findInBrand } from "../scope";
import type { Context } from "../auth/context";
import { DomainError, notFound } from "../errors";
import { messagesOf } from "../tickets/queries";

/**
 * The portal's support pages: the signed-in customer's tickets and one ticket's thread. INTERNAL
 * tickets are the brand's own notes (spec: invisible to customers), so they read as not found.
 */

export type PortalTicketStatus = (typeof tickets.$inferSelect)["workingStatus"];

function customerOf(ctx: Context) {
  if (ctx.actor.kind !== "customer") throw new DomainError("FORBIDDEN", "The portal reads for a signed-in customer only");
  return ctx.actor;
}

export const SUPPORT_PAGE_SIZE = 20;

const visible = ne(tickets.direction, "INTERNAL");

/** The customer's tickets, the most recently active first, a page at a time; `open` leaves out CLOSED ones. */
export async function portalTickets(ctx: Context, opts: { page?: number; open?: boolean } = {}) {
  customerOf(ctx);
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const pageSize = SUPPORT_PAGE_SIZE;
  const where = inAccount(ctx, tickets, visible, opts.open ? ne(tickets.workingStatus, "CLOSED") : undefined);
  const rows = await selectRows(ctx.db, tickets, {
    where,
    orderBy: [desc(tickets.updatedAt), desc(tickets.id)],
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const [{ n }] = await ctx.db.select({ n: count() }).from(tickets).where(where);
  return {
    rows: rows.map((t) => ({
      id: t.id,
      number: t.friendlyTicketId,
      subject: t.subject,
      status: t.workingStatus,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    })),
    total: Number(n),
    page,
    pageSize,
  };
}

/** One ticket of the customer with its messages, oldest first; another's (or an INTERNAL one) is NOT_FOUND. */
export async function portalTicket(ctx: Context, id: string) {
  const actor = customerOf(ctx);
  const t = await findInBrand(ctx, tickets, id, "Ticket", "ticket_id");
  if (t.direction === "INTERNAL") throw notFound("Ticket", "ticket_id");
  const messages = (await messagesOf(ctx, [t.id])).get(t.id) ?? [];
  // The names of the account's users who wrote here (a colleague may have replied).
  const userIds = [...new Set(messages.flatMap((m) => (m.customerUserId ? [m.customerUserId] : [])))];
  const names = new Map<string, string>();
  if (userIds.length) {
    const rows = await selectRows(ctx.db, customerUsers, { where: inAccount(ctx, customerUsers, inArray(customerUsers.id, userIds)) });
    for (const u of rows) names.set(u.id, `${u.firstName} ${u.lastName}`.trim());
  }
  return {
    ticket: {
      id: t.id,
      number: t.friendlyTicketId,
      subject: t.subject,
      status: t.workingStatus,
      department: t.department,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    },
    messages: messages.map((m) => ({
      id: m.id,
      body: m.message,
      at: m.createdAt,
      attachments: m.attachments,
      /** "you": the signed-in user; "customer": a colleague on the account; "support": the brand. */
      from: m.authorType === "STAFF" ? ("support" as const) : m.customerUserId === actor.userId ? ("you" as const) : ("customer" as const),
      name: m.customerUserId ? (names.get(m.customerUserId) ?? null) : m.guestEmail,
    })),
  };
}

/** Whether the customer may still write on this ticket (CLOSED ones take a new ticket). */
export const acceptsReplies = (status: PortalTicketStatus) => status !== "CLOSED";
