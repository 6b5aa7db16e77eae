import { sql } from "drizzle-orm";
import { ticketCounters, tickets } from "../../db/schema";
import { findInBrand } from "../scope";
import type { Context } from "../auth/context";
import { DomainError } from "../errors";
import { newId } from "../ids";

/** By ticket_id only: a friendly_ticket_id is not a UUID and so is simply not found. */
export const findTicket = (ctx: Context, id: string, parameter = "ticket_id") => findInBrand(ctx, tickets, id, "Ticket", parameter, { forUpdate: true });

/**
 * The brand's next friendly_ticket_id. The upsert locks the brand's counter row until the
 * transaction ends, so concurrent creates get consecutive numbers and a rollback gives its number back.
 */
export async function nextFriendlyTicketId(ctx: Context) {
  const [row] = await ctx.db
    .insert(ticketCounters)
    .values({ id: newId(), brandId: ctx.brand.id, lastNumber: 1 })
    .onConflictDoUpdate({ target: ticketCounters.brandId, set: { lastNumber: sql`${ticketCounters.lastNumber} + 1` } })
    .returning({ n: ticketCounters.lastNumber });
  return row.n;
}

/** "is required when ..." refusals of cross-parameter rules, checked once the ids are known to exist. */
export const missing = (parameter: string, message: string) => new DomainError("MISSING_PARAMETER", `${parameter} ${message}`, { parameter });
export const invalid = (parameter: string, message: string) => new DomainError("INVALID_PARAMETER", `${parameter} ${message}`, { parameter });
