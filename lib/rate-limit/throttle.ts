import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { sql } from "drizzle-orm";
import { getDb, type Db } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { config } from "../config";
import { logger } from "../log";

/** Where the throttles' counters live: one place for every instance, or this process alone. */
export type ThrottleStore = { kind: "memory" } | { kind: "postgres"; db: Db } | { kind: "redis"; client: Redis };

/** A budget: `points` requests per window of `seconds` (a fixed window: the counter starts at the first request). */
export interface Budget {
  points: number;
  seconds: number;
}

/**
 * The store for this configuration: Redis when REDIS_URL is set, else PostgreSQL when DATABASE_URL is
 * (the rate_limits table), else process memory (the embedded PGlite database serves one process).
 */
export async function openThrottleStore(): Promise<ThrottleStore> {
  if (config.redisUrl) {
    const { Redis } = await import("ioredis");
    // Fails a command quickly while Redis is away (the throttle then counts in memory) rather than queueing it.
    const client = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
    client.on("error", (error) => logger.error("redis unavailable", { error: error.message }));
    return { kind: "redis", client };
  }
  if (config.databaseUrl) return { kind: "postgres", db: await getDb() };
  return { kind: "memory" };
}

const holder = globalThis as unknown as { __rbThrottleStore?: Promise<ThrottleStore> };

/** The store every throttle of this process uses (openThrottleStore, opened once). */
export function sharedThrottleStore(): Promise<ThrottleStore> {
  holder.__rbThrottleStore ??= openThrottleStore().catch((err) => {
    holder.__rbThrottleStore = undefined;
    throw err;
  });
  return holder.__rbThrottleStore;
}

function limiterFor(store: ThrottleStore, name: string, { points, seconds }: Budget): RateLimiterAbstract {
  const opts = { keyPrefix: name, points, duration: seconds };
  if (store.kind === "memory") return new RateLimiterMemory(opts);
  const shared = {
    ...opts,
    // A key over its budget is refused from memory until its window ends: a flood costs the store nothing.
    inMemoryBlockOnConsumed: points + 1,
    // While the store does not answer, this process counts alone rather than failing the request.
    insuranceLimiter: new RateLimiterMemory(opts),
  };
  if (store.kind === "redis") return new RateLimiterRedis({ ...shared, storeClient: store.client });
  return new PreparedDrizzleLimiter({ ...shared, storeClient: store.db, schema: rateLimits });
}

/**
 * The library's PostgreSQL store with its upsert (its `_upsert`, the method a store implements)
 * prepared once: the library builds the statement with drizzle and PostgreSQL plans it anew for
 * every request. The same statement and answer; an API read answers 1.22x as many requests a second
 * (bench/api, the two measured in turns; without any throttle 1.08x more again).
 */
class PreparedDrizzleLimiter extends RateLimiterDrizzle {
  private readonly upserts: ReturnType<typeof prepareUpserts>;
  constructor(opts: ConstructorParameters<typeof RateLimiterDrizzle>[0] & { storeClient: Db }) {
    super(opts);
    this.upserts = prepareUpserts(opts.storeClient);
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false) {
    // Instants as text: a placeholder is sent as it is, without a column's mapping.
    const now = Date.now();
    const expire = msDuration > 0 ? new Date(now + msDuration).toISOString() : null;
    const [row] = await (forceExpire ? this.upserts.reset : this.upserts.add).execute({ key, points, expire, now: new Date(now).toISOString() });
    return row;
  }
}

/** A window's counter: `add` spends points (a new window once the last has expired), `reset` sets them. */
function prepareUpserts(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const t = rateLimits;
  const expired = sql`${t.expire} <= ${p("now")}::timestamptz`;
  const upsert = (name: string, set: Parameters<ReturnType<ReturnType<Db["insert"]>["values"]>["onConflictDoUpdate"]>[0]["set"]) =>
    db
      .insert(t)
      .values({ key: p("key"), points: p("points"), expire: sql`${p("expire")}::timestamptz` })
      .onConflictDoUpdate({ target: t.key, set })
      .returning()
      .prepare(name);
  return {
    add: upsert("rate_limit_add", {
      points: sql`case when ${expired} then ${p("points")}::int else ${t.points} + ${p("points")}::int end`,
      expire: sql`case when ${expired} then ${p("expire")}::timestamptz else ${t.expire} end`,
    }),
    reset: upsert("rate_limit_reset", { points: sql`${p("points")}::int`, expire: sql`${p("expire")}::timestamptz` }),
  };
}

const waitOf = (res: RateLimiterRes) => Math.max(res.msBeforeNext, 1) / 1000;

/**
 * A named budget per key (an API key, a client address, a sign-in name), counted in the shared store
 * (sharedThrottleStore) so that N instances allow the budget once, not N times.
 * Answers are seconds to wait: 0 when allowed.
 */
export class Throttle {
  private limiter?: Promise<RateLimiterAbstract>;
  private generation = 0;
  constructor(
    readonly name: string,
    private budget: () => Budget,
    private store: () => Promise<ThrottleStore> = sharedThrottleStore,
  ) {}

  private get current() {
    this.limiter ??= this.store().then((store) => limiterFor(store, this.generation ? `${this.name}.${this.generation}` : this.name, this.budget()));
    this.limiter.catch(() => (this.limiter = undefined));
    return this.limiter;
  }

  /** Spends a point; past the budget nothing is allowed until the window ends. */
  async take(key: string): Promise<number> {
    try {
      await (await this.current).consume(key);
      return 0;
    } catch (res) {
      if (res instanceof RateLimiterRes) return waitOf(res);
      throw res;
    }
  }

  /** The seconds until a request would be allowed, without spending anything. */
  async peek(key: string): Promise<number> {
    const limiter = await this.current;
    const res = await limiter.get(key);
    return res && res.consumedPoints >= limiter.points ? waitOf(res) : 0;
  }

  /** Another budget, and counters started afresh (tests: a throttle lives as long as its process). */
  configure(budget: Budget) {
    this.budget = () => budget;
    this.generation++;
    this.limiter = undefined;
  }
}
