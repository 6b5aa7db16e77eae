import { outboxEvents } from "../../db/schema";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import { afterCommit } from "../run-verb";
import { wakeOutbox } from "./wake";

export interface OutboxEvent {
  /** e.g. "Account/Create" (an email notification event) or "action_url/new_subscription". */
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Records an event for delivery. Call it with the verb's own ctx: inside the request's
 * transaction the event is committed with the change, or not at all.
 */
export async function emit(ctx: Context, event: OutboxEvent) {
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(outboxEvents)
    .values({ id: newId(), brandId: ctx.brand.id, type: event.type, payload: event.payload, nextAttemptAt: now, createdAt: now })
    .returning({ id: outboxEvents.id });
  afterCommit(ctx, wakeOutbox);
  return row.id;
}
