import { and, asc, desc, eq, isNotNull, isNull, ne } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { tickets as t } from "../../db/schema";
import { inBrand } from "../../db/scope";
import type { Context } from "../auth/context";

/** How many departments the list's filter offers, and how many tickets the merge picker. */
export const DEPARTMENTS_SHOWN = 50;
export const MERGE_CHOICES = 100;

/** The brand's departments in use, for the list's department filter (departments are free text). */
export async function ticketDepartments(ctx: Context): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ d: t.department })
    .from(t)
    .where(inBrand(ctx, t, isNotNull(t.department)))
    .orderBy(asc(t.department))
    .limit(DEPARTMENTS_SHOWN);
  return rows.map((r) => r.d!).filter(Boolean);
}

/**
 * Tickets that can be merged into `ticket`: Ticket/Merge needs the same customer account and the
 * same subscription (or neither), so only those are offered; most recently updated first.
 */
export async function mergeCandidates(ctx: Context, ticket: { ticket_id: string; customer_account_id: string | null; subscription_id: string | null }) {
  const same = (column: PgColumn, value: string | null) => (value ? eq(column, value) : isNull(column));
  return ctx.db
    .select({ ticket_id: t.id, friendly_ticket_id: t.friendlyTicketId, subject: t.subject, working_status: t.workingStatus })
    .from(t)
    .where(
      inBrand(ctx, t, and(ne(t.id, ticket.ticket_id), same(t.customerAccountId, ticket.customer_account_id), same(t.subscriptionId, ticket.subscription_id))),
    )
    .orderBy(desc(t.updatedAt), desc(t.id))
    .limit(MERGE_CHOICES);
}
