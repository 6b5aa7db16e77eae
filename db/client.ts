import path from "node:path";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { PgDialect, type PgColumn, type PgDatabase, type PgQueryResultHKT, type PgTable } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { databaseSettings } from "./settings";
import { APP_ROLE, secureBrandTables } from "./tenancy";

/** The drizzle handle every query goes through, whichever driver is behind it (or a transaction). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: "postgres" | "pglite";
  /** Applies the migrations, then row-level security to every brand-owned table (db/tenancy.ts). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
export const MIGRATIONS_FOLDER = process.env.MIGRATIONS_DIR || migrationsFolder;

/**
 * postgres.js when a URL is given, else PGlite in `dir` (':memory:' keeps it in memory). Its sessions
 * run as APP_ROLE unless `role` (default DATABASE_ROLE) is "owner"; migrate() runs as the owner.
 */
export async function openDatabase(opts: { url?: string; pgliteDir?: string; role?: "app" | "owner" } = {}): Promise<Database> {
  const url = opts.url ?? databaseSettings.url;
  const asApp = (opts.role ?? databaseSettings.role) === "app";
  if (url) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const connect = (max: number, role?: string) =>
      postgres(url, {
        max,
        // An unreachable host fails in seconds (answered 503), not after the OS's ~30-40 s.
        connect_timeout: databaseSettings.connectTimeoutSeconds,
        onnotice: () => {},
        // The session's role from its start (a startup option: nothing to reset when a connection is reused).
        ...(role && { connection: { options: `-c role=${role}` } }),
      });
    const client = connect(Number(process.env.DATABASE_POOL_SIZE || 10), asApp ? APP_ROLE : undefined);
    const db = drizzle(client, { schema }) as unknown as Db;
    return {
      db,
      driver: "postgres",
      migrate: async () => {
        // APP_ROLE owns nothing and may not exist yet: the connecting user migrates, on a connection of its own.
        const owner = asApp ? connect(1) : client;
        const ownerDb = asApp ? (drizzle(owner, { schema }) as unknown as Db) : db;
        try {
          await migrate(ownerDb as never, { migrationsFolder: MIGRATIONS_FOLDER });
          await secureBrandTables(ownerDb);
        } finally {
          if (asApp) await owner.end({ timeout: 5 });
        }
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = opts.pgliteDir ?? databaseSettings.pgliteDir;
  if (dir !== ":memory:") mkdirSync(dir, { recursive: true });
  const client = dir === ":memory:" ? new PGlite() : new PGlite(dir);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    migrate: async () => {
      // One connection: the owner migrates, then the session becomes APP_ROLE.
      await client.query("reset role");
      await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await secureBrandTables(db);
      if (asApp) await client.query(`set role ${APP_ROLE}`);
    },
    close: () => client.close(),
  };
}

// One database per process, kept on globalThis: Next bundles route handlers and instrumentation
// separately, and two PGlite instances on one data folder would corrupt it.
const holder = globalThis as unknown as { __rbDatabase?: Promise<Database> };

/**
 * The process-wide database, migrated before first use. A failure is not kept: the next call tries
 * again, so a database that is down or not yet created at start is used (and migrated) once it is there.
 */
export function getDatabase(): Promise<Database> {
  holder.__rbDatabase ??= (async () => {
    const database = await openDatabase();
    try {
      await database.migrate();
    } catch (err) {
      await database.close().catch(() => {});
      throw err;
    }
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

const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ETIMEDOUT",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

/**
 * Why the database cannot serve, when `err` (however deep drizzle wrapped it) says it is down,
 * unreachable, missing or refusing connections: the API answers 503 for these, not 500.
 */
export function databaseUnavailable(err: unknown): string | undefined {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "string") continue;
    if (UNREACHABLE.has(code)) return "database unreachable";
    if (code === "3D000") return "database does not exist";
    // Connection exceptions, shutting down or starting up, too many connections, credentials refused.
    if (code.startsWith("08") || code.startsWith("57P") || code === "53300" || code === "28000" || code === "28P01") {
      return "database refuses connections";
    }
  }
  return undefined;
}

/** The rows of a raw `db.execute()`: postgres.js answers an array, PGlite `{ rows }`. */
export const resultRows = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

const replicaHolder = globalThis as unknown as { __rbReplica?: { url: string; database: Promise<Database> } };

/**
 * The read replica (DATABASE_READ_URL), or undefined without one: heavy reads that may lag the
 * primary by a moment (lib/replica.ts). Never migrated and never written: a replica refuses writes.
 */
export function getReplicaDb(): Promise<Db> | undefined {
  const url = databaseSettings.readUrl;
  if (!url) return undefined;
  if (replicaHolder.__rbReplica?.url !== url) {
    const database = openDatabase({ url }).catch((err) => {
      replicaHolder.__rbReplica = undefined;
      throw err;
    });
    replicaHolder.__rbReplica = { url, database };
  }
  return replicaHolder.__rbReplica.database.then((d) => d.db);
}

/** Closes the process-wide database and replica (scripts and tests). */
export async function closeDatabase() {
  const pending = holder.__rbDatabase;
  holder.__rbDatabase = undefined;
  const replica = replicaHolder.__rbReplica;
  replicaHolder.__rbReplica = undefined;
  if (pending) await (await pending).close();
  if (replica) await (await replica.database).close();
}

type Field = { name: string; columnType?: string; mapFromDriverValue(v: unknown): unknown };

/** Column types whose driver value is already the value drizzle would give (postgres.js parses ints and bools). */
const AS_IS = new Set(["PgUUID", "PgText", "PgVarchar", "PgChar", "PgInteger", "PgSmallInt", "PgBoolean"]);

interface WholeRows {
  /** `"id", "brand_id", ...`: drizzle spends two thirds of a list query's SQL building on this list. */
  list: SQL;
  /** Driver row -> drizzle row: one object literal of fixed shape, mappers only where values need one. */
  map: (row: Record<string, unknown>) => unknown;
}

/** Made once per table (and per column subset). Keys and column names come from the schema, never from input. */
const compiled = new WeakMap<PgTable, Map<string, WholeRows>>();
function wholeRowsOf(table: PgTable, keys?: readonly string[]): WholeRows {
  let ofTable = compiled.get(table);
  if (!ofTable) compiled.set(table, (ofTable = new Map()));
  const cacheKey = keys ? keys.join(",") : "*";
  let made = ofTable.get(cacheKey);
  if (made) return made;
  const all = getTableColumns(table) as Record<string, Field>;
  const fields = keys ? keys.map((k) => [k, all[k]] as [string, Field]) : Object.entries(all);
  const props = fields.map(([key, col], i) => {
    const raw = `r[${JSON.stringify(col.name)}]`;
    return AS_IS.has(col.columnType ?? "")
      ? `${JSON.stringify(key)}: ${raw} ?? null`
      : `${JSON.stringify(key)}: (v = ${raw}) === null || v === undefined ? null : c[${i}].mapFromDriverValue(v)`;
  });
  made = {
    list: sql.raw(fields.map(([, col]) => `"${col.name.replaceAll('"', '""')}"`).join(", ")),
    map: new Function("c", `return (r) => { let v; return { ${props.join(", ")} }; };`)(fields.map(([, col]) => col)),
  };
  ofTable.set(cacheKey, made);
  return made;
}

export interface RowsOptions {
  where?: SQL;
  orderBy?: SQL[];
  limit?: number;
  /** Rows to skip (a page of a list). */
  offset?: number;
  /** true: FOR UPDATE; "no key update": the weaker lock that lets rows referencing this one still be written. */
  forUpdate?: boolean | "no key update";
}

type PostgresJs = { unsafe?: (q: string, p: unknown[], o: object) => Promise<Record<string, unknown>[]> };

/**
 * postgres.js's own client behind `db`: the pool, or inside a transaction the transaction's reserved
 * connection (drizzle keeps either as its session's client). Undefined on PGlite.
 */
function postgresJsOf(db: Db) {
  const client = (db as unknown as { session?: { client?: PostgresJs } }).session?.client;
  return typeof client?.unsafe === "function" ? client : undefined;
}

/** Whether queries on `db` may run at once, each on a connection of its own: postgres.js's pool, not PGlite or a transaction. */
export const hasConnectionPool = (db: Db) => typeof (db as unknown as { $client?: PostgresJs }).$client?.unsafe === "function";

const dialect = new PgDialect();

/**
 * `select * from table where ... order by ... limit ...` as drizzle rows. On postgres.js it skips
 * drizzle's query builder and row mapping, half of a 100-row list's CPU: the select list and the
 * row mapper are made once per table, only the clauses are turned into SQL per call, and a test
 * checks the rows equal drizzle's for every table. Inside a transaction it runs on the
 * transaction's connection, so its reads and locks are the transaction's (a test holds that). On
 * PGlite it is drizzle's own select.
 */
export const selectRows = <T extends PgTable>(db: Db, table: T, opts: RowsOptions = {}): Promise<T["$inferSelect"][]> => select(db, table, undefined, opts);

/** selectRows of only some columns (the row mapper and select list are made once per subset, too). */
export const selectColumns = <T extends PgTable, K extends keyof T["$inferSelect"] & string>(
  db: Db,
  table: T,
  keys: readonly K[],
  opts: RowsOptions = {},
): Promise<Pick<T["$inferSelect"], K>[]> => select(db, table, keys, opts);

async function select<T extends PgTable>(db: Db, table: T, keys: readonly string[] | undefined, opts: RowsOptions) {
  const client = postgresJsOf(db);
  if (!client?.unsafe) {
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const base = keys ? db.select(Object.fromEntries(keys.map((k) => [k, columns[k]]))) : db.select();
    let query = base
      .from(table as PgTable)
      .where(opts.where)
      .$dynamic();
    if (opts.orderBy?.length) query = query.orderBy(...opts.orderBy);
    if (opts.limit !== undefined) query = query.limit(opts.limit);
    if (opts.offset) query = query.offset(opts.offset);
    if (opts.forUpdate) query = query.for(opts.forUpdate === true ? "update" : opts.forUpdate);
    return (await query) as T["$inferSelect"][];
  }
  const { list, map } = wholeRowsOf(table, keys);
  const clauses = [sql`select ${list} from ${table}`];
  if (opts.where) clauses.push(sql`where ${opts.where}`);
  if (opts.orderBy?.length) clauses.push(sql`order by ${sql.join(opts.orderBy, sql`, `)}`);
  if (opts.limit !== undefined) clauses.push(sql`limit ${opts.limit}`);
  if (opts.offset) clauses.push(sql`offset ${opts.offset}`);
  if (opts.forUpdate) clauses.push(opts.forUpdate === true ? sql`for update` : sql`for no key update`);
  const query = dialect.sqlToQuery(sql.join(clauses, sql` `));
  const raw = await client.unsafe(query.sql, query.params, { prepare: true });
  return raw.map(map) as T["$inferSelect"][];
}
