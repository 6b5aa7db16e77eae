import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { outboxEvents as t } from "../../db/schema";
import { inBrand } from "../../db/scope";
import { findInBrand } from "../scope";
import type { Context } from "../auth/context";
import { invalidState, notFound } from "../errors";
import { isUuid } from "../ids";
import { afterCommit } from "../run-verb";
import { date, id, oneOf, opt, req } from "../wire/params";
import { aboutCustomer, createdWithinDays, CREDENTIAL_TYPES, DELIVERY_TYPES, EMAIL_TYPES, POST_TYPES, replayRefusal } from "./deliveries";
import { deliveryDueAt } from "../outbox/emit";
import { wakeOutbox } from "../outbox/wake";

/**
 * Replays: staff re-queue a delivery under the SAME event id, so a receiver that already has it
 * can tell (X-Billing-Delivery is the id, X-Billing-Replay the replay's number). The event starts a
 * fresh retry schedule (attempts from 1 again; its attempt rows carry the replay number).
 */

export const ReplayDeliveryParams = z.object({
  delivery_id: req(id(), "The delivery (outbox event) to send again", { refersTo: "Delivery" }),
});

/** At most this many events per range replay: one bounded statement; the answer says how many are left. */
export const REPLAY_BATCH = 500;

export const ReplayFailedDeliveriesParams = z.object({
  from: req(date(), "First day of the range, M/D/YYYY in the brand's time zone", { example: "11/1/2026" }),
  to: req(date(), "Last day of the range (included), M/D/YYYY in the brand's time zone", { example: "11/30/2026" }),
  channel: opt(oneOf(["email", "post"]), "Only emails or only posts"),
  type: opt(oneOf(DELIVERY_TYPES as [string, ...string[]]), "Only this event type"),
  customer_account_id: opt(id(), "Only the deliveries about this customer account"),
});

/** What a replay sets: pending again at once (sandbox brands: on real time), a fresh schedule, marked replayed. */
function requeue(ctx: Context) {
  const now = ctx.now();
  return {
    status: "pending" as const,
    attempts: 0,
    nextAttemptAt: deliveryDueAt(ctx.brand, now),
    leasedUntil: null,
    lastError: null,
    deliveredAt: null,
    replayCount: sql`${t.replayCount} + 1`,
    replayedAt: now,
  };
}

/** Replays one delivery: a failed or retrying one, or a delivered post (see replayRefusal). */
export async function replayDelivery({ ctx, input }: { ctx: Context; input: z.output<typeof ReplayDeliveryParams> }) {
  const event = await findInBrand(ctx, t, input.delivery_id, "Delivery", "delivery_id", { forUpdate: true });
  if (!DELIVERY_TYPES.includes(event.type)) throw notFound("Delivery", "delivery_id");
  // Leases run on the deliverer's (real) time, which deliveryDueAt gives for sandbox brands too.
  const refusal = replayRefusal(event, deliveryDueAt(ctx.brand, ctx.now()));
  if (refusal) throw invalidState(refusal, "delivery_id");
  const [row] = await ctx.db
    .update(t)
    .set(requeue(ctx))
    .where(inBrand(ctx, t, eq(t.id, event.id)))
    .returning({ id: t.id, type: t.type, replayCount: t.replayCount, replayedAt: t.replayedAt });
  afterCommit(ctx, wakeOutbox);
  return { delivery_id: row.id, type: row.type, status: "queued", replay_count: row.replayCount, replayed_at: row.replayedAt };
}

/** The failed deliveries a range replay takes, oldest first. */
function failedInRange(ctx: Context, input: z.output<typeof ReplayFailedDeliveriesParams>) {
  const types = input.type ? [input.type] : input.channel === "post" ? [...POST_TYPES] : input.channel === "email" ? [...EMAIL_TYPES] : [...DELIVERY_TYPES];
  const replayable = types.filter((x) => !CREDENTIAL_TYPES.includes(x));
  if (input.customer_account_id && !isUuid(input.customer_account_id)) return null;
  return inBrand(
    ctx,
    t,
    eq(t.status, "failed"),
    inArray(t.type, replayable.length ? replayable : ["-"]),
    createdWithinDays(ctx, input.from, input.to),
    input.customer_account_id ? aboutCustomer(input.customer_account_id) : undefined,
  );
}

/** How many failed deliveries a range replay would send again (the confirmation says it before). */
export async function countFailedInRange(ctx: Context, input: z.output<typeof ReplayFailedDeliveriesParams>) {
  const where = failedInRange(ctx, input);
  if (!where) return 0;
  const [{ n }] = await ctx.db.select({ n: count() }).from(t).where(where);
  return n;
}

/**
 * Replays every failed delivery created in [from, to] (the brand's days), REPLAY_BATCH at most, in
 * one statement; rows a worker holds are skipped. Answers how many were re-queued and how many
 * failed ones are left in the range.
 */
export async function replayFailedDeliveries({ ctx, input }: { ctx: Context; input: z.output<typeof ReplayFailedDeliveriesParams> }) {
  if (input.from > input.to) throw invalidState("The range ends before it starts", "to");
  const where = failedInRange(ctx, input);
  if (!where) return { replayed: 0, remaining: 0 };
  const picked = ctx.db.select({ id: t.id }).from(t).where(where).orderBy(asc(t.createdAt)).limit(REPLAY_BATCH).for("update", { skipLocked: true });
  const rows = await ctx.db
    .update(t)
    .set(requeue(ctx))
    // An array (an InitPlan, run once), not `in (subquery)`: a plan that rescans the subquery (as the
    // row-level security's plan did) would lock and re-queue the next REPLAY_BATCH on every rescan.
    .where(and(eq(t.brandId, ctx.brand.id), sql`${t.id} = any(array(${picked}))`))
    .returning({ id: t.id });
  if (rows.length) afterCommit(ctx, wakeOutbox);
  const [{ n }] = await ctx.db.select({ n: count() }).from(t).where(where);
  return { replayed: rows.length, remaining: n };
}
