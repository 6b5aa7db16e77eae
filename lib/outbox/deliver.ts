import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { scopedReads } from "../../db/scoped-reads";
import { ALL_BRANDS, inScope } from "../../db/tenancy";
import { brands, emailDeliveries, outboxAttempts, outboxEvents } from "../../db/schema";
import type { AllBrandsContext } from "../auth/context";
import { newId } from "../ids";
import { describeError, logger } from "../log";
import { withoutSecrets as erasedSecrets } from "../notifications/placeholders";

export type OutboxRow = typeof outboxEvents.$inferSelect;

/**
 * A sink delivers one event (sends the email, posts to the URL). It throws to ask for a retry.
 * Later issues register theirs: email for notification events, HTTP for action_url and dunning.
 * Its `db` is scoped to the event's brand (row-level security, db/scoped-reads.ts): each statement
 * in a transaction of its own, and a transaction opened on it, see and write that brand's rows only.
 */
export type Sink = (event: OutboxRow, env: { db: Db; now: () => Date }) => Promise<string | void>;

/** What a delivery takes besides its context (every brand's, said so: allBrandsContext; its clock is the deliverer's). */
export interface DeliverInput extends ClaimInput {
  /** Picks the sink for an event type; an event with none is finished as "no subscriber". */
  sinkFor: (type: string) => Sink | undefined;
  maxAttempts?: number;
}

export interface ClaimInput {
  batchSize?: number;
  /** How long a claimed event stays reserved for this worker before another may take it. */
  leaseMs?: number;
}

/** A delivery job's arguments: the outbox is every brand's, so its context is the cross-brand one. */
interface Job<I> {
  ctx: AllBrandsContext;
  input: I;
}

/** What the delivery's functions below pass along: the context's handle and clock, and the input. */
type DeliverOptions = DeliverInput & { db: Db; now: () => Date };
const optionsOf = <I>({ ctx, input }: Job<I>) => ({ ...input, db: ctx.db, now: () => ctx.now() });

/** Backoff after the n-th failed attempt: 30 s doubling, capped at 6 h (25 attempts span > 3 days). */
export const backoffMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 6 * 60 * 60 * 1000);
export const MAX_ATTEMPTS = 25;

/**
 * The payload without the credentials it carries (a temporary password, a code), or undefined when
 * it carries none. Delivery is the only use of them: they are erased once it succeeds or gives up.
 */
export const withoutSecrets = (payload: unknown) => erasedSecrets(payload as Record<string, unknown>);

/**
 * Delivers due events once each, at least once overall: rows are leased (so two workers never take
 * the same one and a crashed worker's rows come back when the lease ends), then marked delivered or
 * rescheduled with backoff. Answers how many were delivered, retried and failed for good.
 */
export const deliverDue = (job: Job<DeliverInput>) => deliverBatch(optionsOf(job));

async function deliverBatch(opts: DeliverOptions) {
  const claimed = await claim(opts);
  const outcome = { delivered: 0, retried: 0, failed: 0 };
  const sandboxTime = await sandboxClocks(
    opts.db,
    claimed.map((e) => e.brandId),
  );
  for (const event of claimed) outcome[await deliverClaimed(opts, event, sandboxTime.get(event.brandId))]++;
  return outcome;
}

/** Leases up to batchSize due events for this worker (attempts counted now) and answers them: every brand's, said so (ALL_BRANDS). */
export const claimDue = ({ ctx, input = {} }: { ctx: AllBrandsContext; input?: ClaimInput }) => claim(optionsOf({ ctx, input }));

async function claim(opts: ClaimInput & { db: Db; now: () => Date }): Promise<OutboxRow[]> {
  const { batchSize = 50, leaseMs = 5 * 60_000 } = opts;
  const now = opts.now();
  return inScope(opts.db, ALL_BRANDS, (db) => {
    const due = db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(
        and(eq(outboxEvents.status, "pending"), lte(outboxEvents.nextAttemptAt, now), or(isNull(outboxEvents.leasedUntil), lte(outboxEvents.leasedUntil, now))),
      )
      .orderBy(asc(outboxEvents.nextAttemptAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(outboxEvents)
      .set({ leasedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${outboxEvents.attempts} + 1` })
      .where(inArray(outboxEvents.id, due))
      .returning();
  });
}

/**
 * Delivers one event claimed by claimDue as its `attempt`-th attempt (an Inngest step of its own):
 * only while that claim still holds (pending, leased, no later claim), so a step retried after it
 * was delivered or rescheduled does nothing; a step retried after a crash half-way through the
 * sink delivers again (at least once, as the lease's end would). Answers null when it did nothing.
 */
export async function deliverEvent(job: Job<Omit<DeliverInput, keyof ClaimInput> & { eventId: string; attempt: number }>) {
  const opts = optionsOf(job);
  const { eventId, attempt } = opts;
  const now = opts.now();
  // Found by its id alone, whichever brand's it is (ALL_BRANDS); delivered under its brand's scope.
  const [event] = await inScope(opts.db, ALL_BRANDS, (db) =>
    db
      .select()
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.id, eventId),
          eq(outboxEvents.status, "pending"),
          eq(outboxEvents.attempts, attempt),
          sql`${outboxEvents.leasedUntil} > ${now.toISOString()}::timestamptz`,
        ),
      ),
  );
  if (!event) return null;
  return deliverClaimed(opts, event, (await sandboxClocks(opts.db, [event.brandId])).get(event.brandId));
}

/**
 * One claimed event through its sink (on a handle scoped to the event's brand), its attempt logged,
 * then marked delivered, rescheduled or failed for good, in one transaction of the event's brand.
 */
async function deliverClaimed(opts: DeliverOptions, event: OutboxRow, sandboxTime: Date | undefined): Promise<"delivered" | "retried" | "failed"> {
  const { maxAttempts = MAX_ATTEMPTS } = opts;
  const sink = opts.sinkFor(event.type);
  let ok = true;
  let detail: string | undefined;
  try {
    detail = sink
      ? ((await sink(event, { db: await scopedReads(opts.db, event.brandId), now: opts.now })) ?? "delivered")
      : "no subscriber for this event type";
  } catch (err) {
    ok = false;
    detail = describeError(err); // kept on the row: a failed query's message would carry its values
  }
  // Leases and retries run on real time; what is recorded is stamped with the brand's time.
  const at = opts.now();
  const stamp = sandboxTime ?? at;
  const erased = withoutSecrets(event.payload);
  const erasing = erased ? { payload: erased } : {};
  return inScope(opts.db, event.brandId, (db) => recordAttempt(db, event, { ok, detail, stamp, at, erasing, maxAttempts }));
}

/** deliverClaimed's bookkeeping: the attempt, and the event delivered, failed for good or rescheduled with backoff. */
async function recordAttempt(
  db: Db,
  event: OutboxRow,
  { ok, detail, stamp, at, erasing, maxAttempts }: { ok: boolean; detail?: string; stamp: Date; at: Date; erasing: { payload?: unknown }; maxAttempts: number },
): Promise<"delivered" | "retried" | "failed"> {
  await db.insert(outboxAttempts).values({
    id: newId(),
    brandId: event.brandId,
    eventId: event.id,
    attempt: event.attempts,
    replay: event.replayCount,
    ok: ok ? "Y" : "N",
    detail: detail?.slice(0, 1000),
    attemptedAt: stamp,
  });
  if (ok) {
    await db
      .update(outboxEvents)
      .set({ status: "delivered", deliveredAt: stamp, leasedUntil: null, lastError: null, ...erasing })
      .where(eq(outboxEvents.id, event.id));
    return "delivered";
  }
  if (event.attempts >= maxAttempts) {
    logger.error("outbox event failed for good", { eventId: event.id, type: event.type, detail });
    await db
      .update(outboxEvents)
      .set({ status: "failed", leasedUntil: null, lastError: detail, ...erasing })
      .where(eq(outboxEvents.id, event.id));
    return "failed";
  }
  await db
    .update(outboxEvents)
    .set({ nextAttemptAt: new Date(at.getTime() + backoffMs(event.attempts)), leasedUntil: null, lastError: detail })
    .where(eq(outboxEvents.id, event.id));
  return "retried";
}

/**
 * deliverDue batch after batch until nothing is due or `budgetMs` of work has passed. One tick of
 * the job then drains a billing day's events (one batch of 50 a minute would send 72,000 a day),
 * and events a delivery writes go out in the same tick: a change's billing/generate writes
 * billing/invoices-created, which writes Invoice/Create, which sends the email. Retried events are
 * due again only after their backoff, so the loop ends.
 */
export async function deliverAllDue(job: Job<DeliverInput & { budgetMs?: number }>) {
  const opts = optionsOf(job);
  const { budgetMs = 45_000 } = opts;
  const started = performance.now();
  const total = { delivered: 0, retried: 0, failed: 0 };
  for (;;) {
    const batch = await deliverBatch(opts);
    total.delivered += batch.delivered;
    total.retried += batch.retried;
    total.failed += batch.failed;
    // Until a batch finds nothing: events written by this tick's deliveries go out in it too.
    if (batch.delivered + batch.retried + batch.failed === 0 || performance.now() - started >= budgetMs) {
      await maskMailboxSecrets(opts.db, opts.now());
      return total;
    }
  }
}

/** How long the local mailbox keeps an email's credentials readable. */
export const MAILBOX_SECRET_HOURS = 24;

/**
 * The local mailbox (email_deliveries without RESEND_API_KEY) keeps an email as sent, so its
 * addressee can read it, for MAILBOX_SECRET_HOURS; then its credentials (a temporary password, a
 * code, a sign-in link's token) are masked: html becomes masked_html, made with the email
 * (withoutSecrets with MASKED_SECRET). One set-based statement, run after each delivery pass.
 */
export async function maskMailboxSecrets(db: Db, now: Date) {
  const before = new Date(now.getTime() - MAILBOX_SECRET_HOURS * 3600_000);
  // Every brand's mailbox, said so.
  await inScope(db, ALL_BRANDS, (tx) =>
    tx
      .update(emailDeliveries)
      .set({ html: sql`${emailDeliveries.maskedHtml}`, maskedHtml: null })
      .where(and(isNotNull(emailDeliveries.maskedHtml), lte(emailDeliveries.createdAt, before))),
  );
}

/** The test clock of each sandbox brand among these (a live brand's events are stamped with real time). Brands have no brand_id: no scope. */
async function sandboxClocks(db: Db, brandIds: string[]) {
  const ids = [...new Set(brandIds)];
  if (!ids.length) return new Map<string, Date>();
  const rows = await db
    .select({ id: brands.id, at: brands.testClockAt })
    .from(brands)
    .where(and(inArray(brands.id, ids), eq(brands.sandbox, true)));
  return new Map(rows.filter((r) => r.at).map((r) => [r.id, r.at!]));
}
