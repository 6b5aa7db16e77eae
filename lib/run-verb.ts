import { and, eq, isNull } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { setTimeout as delay } from "node:timers/promises";
import type { Db } from "../db/client";
import { scopedReads, unscoped } from "../db/scoped-reads";
import { idempotencyKeys } from "../db/schema";
import { setTransactionContext } from "./audit/context";
import { requesterId, withDb, type Actor, type Context } from "./auth/context";
import { DomainError } from "./errors";
import { newId } from "./ids";

/** A verb: what the API, server actions and jobs all call, through runVerb. One shape: `({ ctx, input })`. */
export type Verb<I, R> = (args: { ctx: Context; input: I }) => Promise<R>;

declare const stepCapability: unique symbol;

/**
 * The context of a verb that runs in steps: it may commit part-way (outsideTransaction, commitSoFar),
 * or be rolled back and run again once the charges it met are settled (settleFirst). runVerb gives
 * one only to a verb declared `stepped`; a plain verb's `Context` is not one, so a function that cuts
 * steps (it takes a StepContext) can be reached only from stepped verbs, and the compiler names every
 * verb whose callers see it commit mid-way (and drop their locks there).
 */
export type StepContext = Context & { readonly [stepCapability]: true };

/**
 * A verb that runs in steps (see StepContext), declared with `stepped`. Not a function itself: a
 * stepped verb calling another says so, `chargeInvoice.stepped({ ctx, input })`, and only with a
 * StepContext; an inline `({ ctx, input }) => ...` is always a plain Verb.
 */
export interface SteppedVerb<I, R> {
  readonly stepped: (args: { ctx: StepContext; input: I }) => Promise<R>;
}

/** Either kind of verb: what runVerb, an endpoint and an action take. */
export type AnyVerb<I, R> = Verb<I, R> | SteppedVerb<I, R>;

/** Declares a verb that runs in steps: runVerb runs it with a StepContext. */
export const stepped = <I, R>(verb: (args: { ctx: StepContext; input: I }) => Promise<R>): SteppedVerb<I, R> => ({ stepped: verb });

/** Whether `verb` was declared `stepped`. */
export const isStepped = <I, R>(verb: AnyVerb<I, R>): verb is SteppedVerb<I, R> => typeof verb !== "function";

/** Calls either kind of verb with a StepContext (a transport's, or a dry run's: withoutSteps). */
export const callVerb = <I, R>(verb: AnyVerb<I, R>, args: { ctx: StepContext; input: I }): Promise<R> => (isStepped(verb) ? verb.stepped(args) : verb(args));

/**
 * A verb made of another (a transport's: parse, run `verb`, render; a rule checked first), stepped
 * exactly when `verb` is: `body` runs `verb` with the context it is given.
 */
export function wrapVerb<I, R, J, S>(
  verb: AnyVerb<I, R>,
  body: (args: { ctx: StepContext; input: J }, run: (args: { ctx: StepContext; input: I }) => Promise<R>) => Promise<S>,
): AnyVerb<J, S> {
  const wrapped = (args: { ctx: StepContext; input: J }) => body(args, (inner) => callVerb(verb, inner));
  return isStepped(verb) ? stepped(wrapped) : (wrapped as unknown as Verb<J, S>);
}

/**
 * A stepped verb's context outside runVerb, where no step is cut: in a transaction runVerb does not
 * own (an estimate's dry run, which makes the change in a savepoint and rolls it back; a test's)
 * outsideTransaction refuses, mayCallOut says no and settleFirst's refusal reaches the caller; on the
 * pool (a test's context) each statement commits by itself. In lib/ only an estimate makes one
 * (tests/architecture.test.ts).
 */
export const withoutSteps = (ctx: Context) => ctx as StepContext;

/** What a repeat with the same Idempotency-Key answers: the transport's encoding of the first result. */
export interface StoredAnswer {
  status: number;
  body: string;
}

export interface VerbOptions<R> {
  /** true: a read, run without a transaction. */
  read?: boolean;
  idempotencyKey?: string;
  /** What the key is bound to (same key, other parameters: IDEMPOTENCY_KEY_REUSED). */
  requestHash?: string;
  /** How the result is stored for replays, and what a replay answers; the API stores its exact response bytes. */
  encode?: (result: R) => StoredAnswer;
  replay?: (stored: StoredAnswer) => R;
}

/** What settleFirst throws: only runVerb catches it. */
class SettleFirst extends Error {
  constructor(readonly settle: SteppedVerb<void, unknown>) {
    super("a charge whose answer was lost must be settled first");
  }
}

/**
 * For a stepped verb that finds, where it is about to move money, a charge whose answer was lost:
 * runVerb rolls the verb back, runs `settle` (which asks the gateway holding no lock), then runs
 * the verb again from the start. So a change never commits half-way around a gateway call, and
 * when the gateway still cannot answer, nothing of the change is written.
 */
export function settleFirst(ctx: StepContext, settle: SteppedVerb<void, unknown>): never {
  void ctx; // the capability: only a stepped verb's run is rolled back and run again
  throw new SettleFirst(settle);
}
/** A verb that keeps finding new pending charges is refused after this many settlements. */
const MAX_SETTLEMENTS = 3;

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A key claimed by a request that committed its first step (a charge) but never answered: it died. */
const IN_PROGRESS_STALE_MS = 2 * 60 * 1000;
const IN_PROGRESS_POLL_MS = 50;

/**
 * The transaction runVerb runs a verb in. A stepped verb may cut it into steps: its `ctx.db` is a
 * handle on the current step's transaction, so a step can commit and the verb carry on in a new one
 * with the same ctx. A plain verb's `ctx.db` is the transaction itself, which no step replaces.
 */
class Steps {
  private tx!: Db;
  /** The current transaction's methods, bound once per step (the handle is used for every query). */
  private bound = new Map<string | symbol, unknown>();
  private end!: { commit: () => void; rollback: (err: unknown) => void };
  private done!: Promise<unknown>;
  committedSteps = 0;
  /** The verb's answer carries a secret (answersSecret): it is never stored for a replay. */
  secretAnswer = false;
  /** Secrets the answer shows once that a stored copy leaves out (withheldFromReplay). */
  readonly withheld = new Set<string>();
  /** Run once what the verb wrote so far is committed (an outbox nudge). */
  readonly afterCommit = new Set<() => void>();
  /** What the verb's `ctx.db` is: the handle (stepped) or the transaction. */
  db!: Db;
  private readonly handle: Db;

  private constructor(
    private pool: Db,
    private ctx: Context,
    readonly stepped: boolean,
  ) {
    this.handle = new Proxy({} as Db, {
      get: (_, prop) => {
        const value = (this.tx as unknown as Record<string | symbol, unknown>)[prop];
        if (typeof value !== "function") return value;
        let bound = this.bound.get(prop);
        if (!bound) this.bound.set(prop, (bound = value.bind(this.tx)));
        return bound;
      },
    });
  }

  static async begin(ctx: Context, stepped: boolean) {
    const steps = new Steps(ctx.db, ctx, stepped);
    await steps.open();
    steps.db = stepped ? steps.handle : steps.tx;
    stepsOf.set(steps.db, steps);
    return steps;
  }

  /** Opens a transaction whose callback waits until commit() or rollback() says how it ends. */
  private async open() {
    let started!: (tx: Db) => void;
    const ready = new Promise<Db>((resolve) => (started = resolve));
    const ended = new Promise<void>((resolve, reject) => (this.end = { commit: resolve, rollback: reject }));
    this.done = this.pool.transaction(async (tx) => {
      started(tx as unknown as Db);
      await ended;
    });
    this.done.catch(() => {}); // awaited in commit/rollback; a failed BEGIN is seen below
    this.bound = new Map();
    this.tx = await Promise.race([ready, this.done.then(() => Promise.reject(new Error("transaction ended before it began")))]);
    // Every step's writes are audited as this context's (who, from where, when: its clock now) and see its brand's rows only.
    await setTransactionContext(this.tx, this.ctx).catch(async (err) => {
      this.end.rollback(err);
      await this.done.catch(() => {});
      throw err;
    });
  }

  /** The current step's transaction itself. */
  get current() {
    return this.tx;
  }

  async commit() {
    this.end.commit();
    await this.done;
    this.committedSteps++;
    for (const fn of this.afterCommit) fn();
    this.afterCommit.clear();
  }

  async rollback(err: unknown) {
    this.end.rollback(err);
    await this.done.catch(() => {});
  }

  /** Commits what the verb wrote so far, runs `work` holding no transaction, then opens the next step. */
  async outside<T>(work: () => Promise<T>): Promise<T> {
    if (!this.stepped) throw new Error("outsideTransaction: the verb was not declared stepped");
    await this.commit();
    try {
      return await work();
    } finally {
      await this.open();
    }
  }
}

const stepsOf = new WeakMap<Db, Steps>();

/**
 * Runs `work` (a gateway call) outside any transaction: what the verb wrote so far is committed
 * first (the attempt on record, its locks released) and the verb goes on in a new transaction.
 * Only a stepped verb can (its StepContext). With no transaction (a script's or a test's context on
 * the pool) it just runs `work`; in one runVerb does not own (a dry run, a db.transaction) it refuses.
 */
export function outsideTransaction<T>(ctx: StepContext, work: () => Promise<T>): Promise<T> {
  const steps = stepsOf.get(ctx.db);
  if (steps) return steps.outside(work);
  if (ctx.db instanceof PgTransaction) return Promise.reject(new Error("outsideTransaction: inside a transaction runVerb does not own"));
  return work();
}

/** Whether the verb runs in steps runVerb owns, so it may call out (not in a dry run's savepoint: an estimate charges nothing). */
export const mayCallOut = (ctx: StepContext) => stepsOf.get(ctx.db)?.stepped === true;

/** Runs `fn` once the current step commits (never if it rolls back); outside runVerb, never. */
export function afterCommit(ctx: Context, fn: () => void) {
  stepsOf.get(ctx.db)?.afterCommit.add(fn);
}

/**
 * Says the verb's answer carries a secret shown once (a sign-in token, a generated password): an
 * Idempotency-Key then keeps no copy of it, and a repeat is refused rather than replayed.
 */
export function answersSecret(ctx: Context) {
  const steps = stepsOf.get(ctx.db);
  if (steps) steps.secretAnswer = true;
}

/**
 * Says the answer shows `secret` once (Account/Create's email_verification_code) but is still worth
 * replaying: an Idempotency-Key keeps the answer with every occurrence of the secret left out (empty).
 */
export function withheldFromReplay(ctx: Context, secret: string) {
  stepsOf.get(ctx.db)?.withheld.add(secret);
}

/** Commits what the verb wrote so far: writes that must outlive a refusal it is about to throw. */
export const commitSoFar = (ctx: StepContext) => outsideTransaction(ctx, async () => {});

/**
 * The one way every transport runs a verb. A read runs under the context's brand scope, read only. A write runs in a transaction with
 * its Idempotency-Key record, and the outbox is nudged once its events are committed. A concurrent
 * repeat waits on the key's unique index (or, while the first request is between steps, polls
 * outside any transaction), then replays; a failed attempt leaves no key behind. A verb declared
 * `stepped` may commit steps (outsideTransaction, commitSoFar) and ask to be run again once pending
 * charges are settled (settleFirst); a request never holds two pooled connections.
 */
export async function runVerb<I, R>(ctx: Context, verb: AnyVerb<I, R>, input: I, opts: VerbOptions<R> = {}): Promise<R> {
  const cutsSteps = isStepped(verb);
  if (opts.read) {
    if (cutsSteps) throw new Error("runVerb: a stepped verb is not a read");
    // Each statement in a read-only transaction of its own under the brand's scope, sent with its
    // BEGIN, settings and COMMIT in one round trip (db/scoped-reads.ts); a caller's transaction (a
    // test's) is not a process-wide handle and gets one scoped transaction instead.
    const base = unscoped(ctx.db);
    const reads = await scopedReads(base, ctx.brand.id, { readOnly: true });
    if (reads !== base) return callVerb(verb, { ctx: withDb(ctx, reads) as StepContext, input });
    return inContext(ctx, (txCtx) => callVerb(verb, { ctx: txCtx as StepContext, input }));
  }
  const key = opts.idempotencyKey;
  if (key && !(opts.encode && opts.replay)) throw new Error("runVerb: an idempotency key needs encode and replay");
  const started = performance.now();
  let settlements = 0;
  for (;;) {
    const steps = await Steps.begin(ctx, cutsSteps);
    // A plain verb's context is a plain Context at run time too: outsideTransaction refuses it.
    const txCtx = withDb(ctx, steps.db) as StepContext;
    let rowId: string | undefined;
    try {
      if (key) {
        const waitedTooLong = performance.now() - started > IN_PROGRESS_STALE_MS;
        const claim = await claimKey(txCtx, key, opts.requestHash ?? "", waitedTooLong);
        if (claim === "busy") {
          await steps.rollback(null);
          await delay(IN_PROGRESS_POLL_MS);
          continue;
        }
        if ("stored" in claim) {
          await steps.commit();
          return opts.replay!(claim.stored);
        }
        rowId = claim.rowId;
      }
      const result = await callVerb(verb, { ctx: txCtx, input });
      if (rowId) {
        const stored = opts.encode!(result);
        // A secret answer is recorded as done with no body: never kept, never replayed.
        const responseBody = steps.secretAnswer ? null : [...steps.withheld].reduce((body, secret) => body.split(secret).join(""), stored.body);
        await txCtx.db.update(idempotencyKeys).set({ statusCode: stored.status, responseBody }).where(eq(idempotencyKeys.id, rowId));
      }
      await steps.commit();
      return result;
    } catch (err) {
      await steps.rollback(err);
      // A step committed the key's claim: give it up, as a failure in one transaction would.
      if (rowId && steps.committedSteps > 0) {
        await ctx.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, rowId), isNull(idempotencyKeys.statusCode)));
      }
      if (err instanceof SettleFirst && settlements++ < MAX_SETTLEMENTS) {
        await runVerb(ctx, err.settle, undefined);
        continue;
      }
      throw err;
    }
  }
}

/**
 * Runs `work` in one transaction of the context's: audited as its actor, and seeing and writing its
 * brand's rows only (row-level security, db/tenancy.ts). A read verb runs so; a batch step (a chunk
 * of a billing run) too, with no idempotency key or steps.
 */
export function inContext<T>(ctx: Context, work: (txCtx: Context) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await setTransactionContext(tx as unknown as Db, ctx);
    return work(withDb(ctx, tx as unknown as Db));
  });
}

type Claim = { rowId: string } | { stored: StoredAnswer } | "busy";

/** The user behind a request: with the API key (requesterId), what a key's record is bound to. */
const userOf = (actor: Actor) => (actor.kind === "staff" ? actor.staffUserId : actor.kind === "customer" ? actor.userId : requesterId(actor));

/** `takeOver`: after waiting that long on a key in progress, take it (its charge, keyed by attempt, is settled, not repeated). */
async function claimKey(ctx: Context, key: string, hash: string, takeOver: boolean): Promise<Claim> {
  const actor = requesterId(ctx.actor);
  const userId = userOf(ctx.actor);
  const now = ctx.now();
  const inserted = await ctx.db
    .insert(idempotencyKeys)
    .values({ id: newId(), brandId: ctx.brand.id, apiKeyId: actor, userId, key, requestHash: hash, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (inserted[0]) return { rowId: inserted[0].id };
  const [prior] = await ctx.db
    .select()
    .from(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.brandId, ctx.brand.id), eq(idempotencyKeys.apiKeyId, actor), eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)),
    )
    .for("update");
  if (!prior) return "busy"; // given up by its request in between: claim it on the next try
  const age = now.getTime() - prior.createdAt.getTime();
  if (age < IDEMPOTENCY_WINDOW_MS) {
    if (prior.requestHash !== hash) {
      throw new DomainError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with other parameters");
    }
    if (prior.statusCode !== null) {
      if (prior.responseBody === null) {
        throw new DomainError(
          "IDEMPOTENCY_KEY_REUSED",
          "The first request with this Idempotency-Key answered a secret, which is shown only once and not kept; send a new request with a new key",
        );
      }
      return { stored: { status: prior.statusCode, body: prior.responseBody } };
    }
    if (age < IN_PROGRESS_STALE_MS && !takeOver) return "busy";
  }
  // The old record has expired (or its request died between steps): this request takes the key over.
  await ctx.db.update(idempotencyKeys).set({ requestHash: hash, createdAt: now, statusCode: null, responseBody: null }).where(eq(idempotencyKeys.id, prior.id));
  return { rowId: prior.id };
}
