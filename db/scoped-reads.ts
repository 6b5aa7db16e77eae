import type { Db } from "./client";
import * as schema from "./schema";
import { scopeStatement, scopeStatementFor, type BrandScope } from "./tenancy";

/**
 * A handle like `db` whose every statement runs in a transaction of its own under row-level security
 * for `brand` (as APP_ROLE with `app.brand_id` set, db/tenancy.ts): what a page's server-side reads go
 * through, so a query that forgot its brand condition still sees only the brand's rows. A transaction
 * opened on it (`transaction()`, as runVerb does) starts under the same scope.
 * Returns `db` unchanged when it is not a process-wide handle (a test's transaction).
 * On postgres.js a statement costs one round trip still: the BEGIN with the settings, the statement
 * and the COMMIT are pipelined on one connection.
 * `readOnly`: its transactions are READ ONLY (an API read verb's, lib/run-verb.ts: no actor is set for
 * the audit trail, so a GET that writes fails rather than write unaudited; one that must write says so
 * in its endpoint, `writes`).
 */
export async function scopedReads(db: Db, brand: BrandScope, { readOnly = false }: { readOnly?: boolean } = {}): Promise<Db> {
  const client = (db as unknown as { $client?: object }).$client;
  if (!client) return db;
  let byBrand = handles.get(client);
  if (!byBrand) handles.set(client, (byBrand = new Map()));
  const key = readOnly ? `${brand} read only` : brand;
  let scoped = byBrand.get(key);
  if (!scoped) {
    scoped = isPostgresJs(client) ? await postgresJsHandle(client, brand, readOnly) : isPglite(client) ? await pgliteHandle(client, brand, readOnly) : db;
    // A process serves a handful of brands; past that, start again rather than keep every one seen.
    if (byBrand.size >= MAX_CACHED) byBrand.clear();
    byBrand.set(key, scoped);
    bases.set(scoped, db);
  }
  return scoped;
}

/** The process-wide handle a scoped one was made from (itself for any other). */
export const unscoped = (db: Db): Db => bases.get(db) ?? db;

const MAX_CACHED = 1000;
const bases = new WeakMap<Db, Db>();
const handles = new WeakMap<object, Map<BrandScope, Db>>();

/** `client` with some methods replaced; its others bound to it (PGlite's use private fields). */
function overriding<T extends object>(client: T, methods: Record<string, unknown>): T {
  return new Proxy(client, {
    get(target, prop) {
      if (typeof prop === "string" && Object.hasOwn(methods, prop)) return methods[prop];
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Transaction `tx` (opened on a scoped handle) whose query method `method` runs `enter` (the scope's
 * settings) before the transaction's first statement that is not a `set transaction` (isolation,
 * read only: it must come first); its opener's own settings after that may narrow or widen the
 * scope. `enter` either sends the settings without waiting (postgres.js pipelines them ahead of the
 * statement) or answers a promise the statement waits for (PGlite).
 */
function enteringFirst<T extends object>(tx: T, method: string, enter: () => PromiseLike<unknown> | void): T {
  const query = (tx as unknown as Record<string, (q: string, ...rest: unknown[]) => unknown>)[method].bind(tx);
  let entered = false;
  const first = (q: string, ...rest: unknown[]) => {
    if (entered || SET_TRANSACTION.test(q)) return query(q, ...rest);
    entered = true;
    const entering = enter();
    return entering ? Promise.resolve(entering).then(() => query(q, ...rest)) : query(q, ...rest);
  };
  return overriding(tx, { [method]: first });
}

type Query = PromiseLike<unknown> & { values(): PromiseLike<unknown>; execute(): Promise<unknown> };
const SET_TRANSACTION = /^\s*set\s+transaction\b/i;
type PostgresJs = {
  unsafe(q: string, p?: unknown[], o?: object): Query;
  begin<T>(fn: (tx: PostgresJs) => Promise<T>): Promise<T>;
  reserve(): Promise<PostgresJs & { release(): void }>;
};
const isPostgresJs = (c: object): c is PostgresJs => typeof (c as PostgresJs).unsafe === "function" && typeof (c as PostgresJs).begin === "function";

async function postgresJsHandle(pool: PostgresJs, brand: BrandScope, readOnly: boolean): Promise<Db> {
  const { drizzle } = await import("drizzle-orm/postgres-js");
  // One round trip: the transaction's start with the settings, the statement and the commit are
  // pipelined on a reserved connection (a failed statement makes the commit a rollback).
  const enter = `begin${readOnly ? " read only" : ""}; ${scopeStatementFor(brand)}`;
  const inScope = async <T>(run: (c: PostgresJs) => PromiseLike<T>): Promise<T> => {
    const c = await pool.reserve();
    try {
      const [entered, out, committed] = await Promise.allSettled([c.unsafe(enter), run(c), c.unsafe("commit")]);
      for (const step of [entered, out, committed]) if (step.status === "rejected") throw step.reason;
      return (out as PromiseFulfilledResult<T>).value;
    } finally {
      c.release();
    }
  };
  // drizzle awaits `unsafe(...)` for objects or `unsafe(...).values()` for arrays; each runs in its own scoped transaction.
  const unsafe = (q: string, p?: unknown[], o?: object) => {
    let rows: Promise<unknown> | undefined;
    const objects = () => (rows ??= inScope((tx) => tx.unsafe(q, p, o)));
    return {
      values: () => inScope((tx) => tx.unsafe(q, p, o).values()),
      then: <A, B>(ok?: (v: unknown) => A, fail?: (e: unknown) => B) => objects().then(ok, fail),
    };
  };
  // A transaction opened on the handle (runVerb's, a page's own) enters the scope with its first
  // statement (enteringFirst). postgres.js sends a query when it is awaited: execute() sends the
  // settings now, and the statement follows them on the transaction's connection.
  const begin = (...args: unknown[]) => {
    const work = args.pop() as (tx: PostgresJs) => Promise<unknown>;
    if (readOnly) args = [`${args[0] ?? ""} read only`];
    return (pool.begin as (...a: unknown[]) => Promise<unknown>)(...args, (tx: PostgresJs) =>
      work(
        enteringFirst(tx, "unsafe", () => {
          tx.unsafe(scopeStatement, [brand], { prepare: true })
            .execute()
            .catch(() => {}); // a failure fails the statement after it too
        }),
      ),
    );
  };
  return drizzle({ client: overriding(pool, { unsafe, begin }) as never, schema }) as unknown as Db;
}

type Pglite = {
  query(q: string, p?: unknown[], o?: object): Promise<unknown>;
  transaction<T>(fn: (tx: Pglite) => Promise<T>): Promise<T>;
};
const isPglite = (c: object): c is Pglite => typeof (c as Pglite).query === "function" && typeof (c as Pglite).transaction === "function";

async function pgliteHandle(pglite: Pglite, brand: BrandScope, readOnly: boolean): Promise<Db> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const enter = async (tx: Pglite) => {
    if (readOnly) await tx.query("set transaction read only");
    await tx.query(scopeStatement, [brand]);
  };
  const query = (q: string, p?: unknown[], o?: object) =>
    pglite.transaction(async (tx) => {
      await enter(tx);
      return tx.query(q, p, o);
    });
  // As on postgres.js: the scope is entered with a transaction's first statement (enteringFirst).
  const transaction = <T>(work: (tx: Pglite) => Promise<T>) => pglite.transaction((tx) => work(enteringFirst(tx, "query", () => enter(tx))));
  return drizzle({ client: overriding(pglite, { query, transaction }) as never, schema }) as unknown as Db;
}
