import { outboxEvents } from "../../db/schema";
import type { Brand, Context } from "../auth/context";
import { newId } from "../ids";
import { clock as realClock } from "../clock";
import type { OutboxEvent, OutboxEventType } from "./events";
import { afterCommit } from "../run-verb";
import { wakeOutbox } from "./wake";

/**
 * When an event stamped `now` in this brand's time is due for delivery: then, for a live brand; at
 * once in real time for a sandbox brand, whose test clock may be a year ahead. The delivery worker's
 * schedule (and a receiver's availability) run on real time.
 */
export const deliveryDueAt = (brand: Brand, now: Date) => (brand.sandbox ? realClock.now() : now);

/**
 * Records an event for delivery. Call it with the verb's own ctx: inside the request's
 * transaction the event is committed with the change, or not at all.
 */
export async function emit<T extends OutboxEventType>(ctx: Context, event: OutboxEvent<T>) {
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(outboxEvents)
    .values({ id: newId(), brandId: ctx.brand.id, type: event.type, payload: event.payload, nextAttemptAt: deliveryDueAt(ctx.brand, now), createdAt: now })
    .returning({ id: outboxEvents.id });
  afterCommit(ctx, wakeOutbox);
  return row.id;
}
