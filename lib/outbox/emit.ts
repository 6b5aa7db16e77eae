import { and, eq } from "drizzle-orm";
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
  const [id] = await emitAll(ctx, [event]);
  return id;
}

/** Records events for delivery in one statement, in the order given (as emit does each). */
export async function emitAll<T extends OutboxEventType>(ctx: Context, events: readonly OutboxEvent<T>[]) {
  if (!events.length) return [];
  const now = ctx.now();
  const held = ctx.holdEventsFor ? { status: "held" as const, heldFor: ctx.holdEventsFor } : {};
  const rows = await ctx.db
    .insert(outboxEvents)
    .values(
      events.map((event) => ({
        id: newId(),
        brandId: ctx.brand.id,
        type: event.type,
        payload: event.payload,
        nextAttemptAt: deliveryDueAt(ctx.brand, now),
        createdAt: now,
        ...held,
      })),
    )
    .returning({ id: outboxEvents.id });
  if (!ctx.holdEventsFor) afterCommit(ctx, wakeOutbox);
  return rows.map((r) => r.id);
}

/**
 * The same ctx, its events held for a record that is still pending (a subscription whose initial
 * charge is being made): they are committed with it but not delivered until releaseHeldEvents, and
 * dropHeldEvents deletes them with the record. A process dying meanwhile leaves them held.
 */
export const holdEventsFor = <C extends Context>(ctx: C, recordId: string): C => ({ ...ctx, holdEventsFor: recordId });

/** Delivers the events held for a record that settled, in the order they were emitted. */
export async function releaseHeldEvents(ctx: Context, recordId: string) {
  const released = await ctx.db
    .update(outboxEvents)
    .set({ status: "pending", heldFor: null })
    .where(and(eq(outboxEvents.brandId, ctx.brand.id), eq(outboxEvents.heldFor, recordId), eq(outboxEvents.status, "held")))
    .returning({ id: outboxEvents.id });
  if (released.length) afterCommit(ctx, wakeOutbox);
}

/** Deletes the events held for a record that was discarded: they are never delivered. */
export async function dropHeldEvents(ctx: Context, recordId: string) {
  await ctx.db.delete(outboxEvents).where(and(eq(outboxEvents.brandId, ctx.brand.id), eq(outboxEvents.heldFor, recordId), eq(outboxEvents.status, "held")));
}
