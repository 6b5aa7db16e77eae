import type { Db } from "../../db/client";

/** A postgres.js client (the pool behind a PostgreSQL Db): reserve() lends one connection. */
interface Reservable {
  reserve(): Promise<((strings: TemplateStringsArray, ...values: unknown[]) => Promise<Record<string, unknown>[]>) & { release(): void }>;
}

/** Brands whose billing this process is running now (the embedded database's one process, and two timers of one process). */
const runningHere = new Set<string>();

/**
 * Runs `work` (a brand's billing) only where no other process, nor this one, is running it: the
 * others skip the brand (answer `ran: false`) and leave it to the next run. Across processes a
 * PostgreSQL session advisory lock per brand, held on a connection of its own for the whole run and
 * released by PostgreSQL if the process dies; on PGlite (one process) the in-process set suffices.
 */
export async function withBrandLock<T>(db: Db, brandId: string, work: () => Promise<T>): Promise<{ ran: true; result: T } | { ran: false }> {
  if (runningHere.has(brandId)) return { ran: false };
  runningHere.add(brandId);
  try {
    const client = (db as unknown as { $client?: Partial<Reservable> }).$client;
    if (typeof client?.reserve !== "function") return { ran: true, result: await work() };
    const conn = await (client as Reservable).reserve();
    try {
      const [{ locked }] = await conn`select pg_try_advisory_lock(${BILLING_LOCKS}, hashtext(${brandId})) as locked`;
      if (!locked) return { ran: false };
      try {
        return { ran: true, result: await work() };
      } finally {
        await conn`select pg_advisory_unlock(${BILLING_LOCKS}, hashtext(${brandId}))`;
      }
    } finally {
      conn.release();
    }
  } finally {
    runningHere.delete(brandId);
  }
}

/** The advisory locks' first key: billing runs per brand (the second is the brand id's hash). */
export const BILLING_LOCKS = 34_001;
