import path from "node:path";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { config } from "../lib/config";

/** The drizzle handle every query goes through, whichever driver is behind it (or a transaction). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: "postgres" | "pglite";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
export const MIGRATIONS_FOLDER = process.env.MIGRATIONS_DIR || migrationsFolder;

/** postgres.js when a URL is given, else PGlite in `dir` (':memory:' keeps it in memory). */
export async function openDatabase(opts: { url?: string; pgliteDir?: string } = {}): Promise<Database> {
  const url = opts.url ?? config.databaseUrl;
  if (url) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const client = postgres(url, { max: Number(process.env.DATABASE_POOL_SIZE || 10), onnotice: () => {} });
    const db = drizzle(client, { schema }) as unknown as Db;
    return {
      db,
      driver: "postgres",
      migrate: () => migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => client.end({ timeout: 5 }),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = opts.pgliteDir ?? config.pgliteDir;
  if (dir !== ":memory:") mkdirSync(dir, { recursive: true });
  const client = dir === ":memory:" ? new PGlite() : new PGlite(dir);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    migrate: () => migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

// One database per process, kept on globalThis: Next bundles route handlers and instrumentation
// separately, and two PGlite instances on one data folder would corrupt it.
const holder = globalThis as unknown as { __rbDatabase?: Promise<Database> };

/** The process-wide database, migrated before first use. */
export function getDatabase(): Promise<Database> {
  holder.__rbDatabase ??= (async () => {
    const database = await openDatabase();
    await database.migrate();
    return database;
  })().catch((err) => {
    holder.__rbDatabase = undefined;
    throw err;
  });
  return holder.__rbDatabase;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** The rows of a raw `db.execute()`: postgres.js answers an array, PGlite `{ rows }`. */
export const resultRows = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/** Closes the process-wide database (scripts and tests). */
export async function closeDatabase() {
  const pending = holder.__rbDatabase;
  holder.__rbDatabase = undefined;
  if (pending) await (await pending).close();
}

type RowsQuery<T> = { toSQL(): { sql: string; params: unknown[] }; execute(): Promise<T[]>; _: { selectedFields: Record<string, unknown> } };

type Field = { name: string; columnType?: string; mapFromDriverValue(v: unknown): unknown };

/** Column types whose driver value is already the value drizzle would give (postgres.js parses ints and bools). */
const AS_IS = new Set(["PgUUID", "PgText", "PgVarchar", "PgChar", "PgInteger", "PgSmallInt", "PgBoolean"]);

/**
 * One function per selected-field shape that turns a driver row into drizzle's row: an object
 * literal of fixed shape instead of one keyed store per field, and no mapper call for values that
 * need none. Keys and column names come from the schema, never from input.
 */
const rowMappers = new WeakMap<object, (row: Record<string, unknown>) => unknown>();
function rowMapper(selected: Record<string, unknown>) {
  let mapper = rowMappers.get(selected);
  if (mapper) return mapper;
  const fields = Object.entries(selected) as [string, Field][];
  const props = fields.map(([key, col], i) => {
    const raw = `r[${JSON.stringify(col.name)}]`;
    return AS_IS.has(col.columnType ?? "")
      ? `${JSON.stringify(key)}: ${raw} ?? null`
      : `${JSON.stringify(key)}: (v = ${raw}) === null || v === undefined ? null : c[${i}].mapFromDriverValue(v)`;
  });
  mapper = new Function("c", `return (r) => { let v; return { ${props.join(", ")} }; };`)(fields.map(([, col]) => col)) as (row: Record<string, unknown>) => unknown;
  rowMappers.set(selected, mapper);
  return mapper;
}

/**
 * Runs a whole-table drizzle select on postgres.js without drizzle's per-field row mapping (a
 * quarter of a 100-row list's CPU); rows are built by a mapper made once per selected-field shape.
 */
export async function selectRows<T>(db: Db, query: RowsQuery<T>): Promise<T[]> {
  const client = (db as unknown as { $client?: { unsafe?: (q: string, p: unknown[], o: object) => Promise<Record<string, unknown>[]> } }).$client;
  if (!client?.unsafe) return query.execute();
  const { sql: text, params } = query.toSQL();
  const map = rowMapper(query._.selectedFields);
  const raw = await client.unsafe(text, params, { prepare: true });
  return raw.map(map) as T[];
}
