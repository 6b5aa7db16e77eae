import { outboxEvents } from "../../db/schema";
import type { Context } from "../auth/context";
import { newId } from "../ids";
import type { OutboxEvent, OutboxEventType } from "./events";
import { afterCommit } from "../run-verb";
import { wakeOutbox } from "./wake";

/**
 * Records an event for delivery. Call it with the verb's own ctx: inside the request's
 * transaction the event is committed with the change, or not at all.
 */
export async function emit<T extends OutboxEventType>(ctx: Context, event: OutboxEvent<T>) {
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(outboxEvents)
    .values({ id: newId(), brandId: ctx.brand.id, type: event.type, payload: event.payload, nextAttemptAt: now, createdAt: now })
    .returning({ id: outboxEvents.id });
  afterCommit(ctx, wakeOutbox);
  return row.id;
}
