import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { MIGRATIONS_FOLDER } from "../../db/client";

// A test's or bench's own process writes fixtures of any brand: its handle is the owner's unless told
// otherwise. The servers they start run as the app (e2e/support/server.ts, bench/api), under row-level security.
process.env.DATABASE_ROLE ??= "owner";

/** The PostgreSQL the tests run against (CI: 127.0.0.1:5432, trust auth, user postgres). */
export const ADMIN_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

export const urlFor = (database: string) => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${database}`;
  return u.toString();
};

/** One postgres.js connection to `url` for `fn`, closed afterwards. */
export async function withConnection<T>(url: string, fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export const withAdmin = <T>(fn: (sql: postgres.Sql) => Promise<T>) => withConnection(ADMIN_URL, fn);

export async function createDatabase(name: string, template?: string) {
  await withAdmin((sql) => sql.unsafe(`create database "${name}"${template ? ` template "${template}"` : ""}`));
}

export async function dropDatabase(name: string) {
  await withAdmin((sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
}

/**
 * A fresh database `name` migrated up to (not including) migration `upTo` ("0030"), for a test of
 * that migration on existing rows: `fn` writes them and calls `migrate()` to run it. Dropped after.
 */
export async function beforeMigration(name: string, upTo: string, fn: (pg: postgres.Sql, migrate: () => Promise<void>) => Promise<void>) {
  await dropDatabase(name);
  await createDatabase(name);
  try {
    await withConnection(urlFor(name), async (pg) => {
      const files = readdirSync(MIGRATIONS_FOLDER)
        .filter((f) => f.endsWith(".sql"))
        .sort();
      const run = async (file: string) => {
        for (const statement of readFileSync(path.join(MIGRATIONS_FOLDER, file), "utf8").split("--> statement-breakpoint")) await pg.unsafe(statement);
      };
      for (const file of files.filter((f) => f < upTo)) await run(file);
      await fn(pg, () => run(files.find((f) => f.startsWith(upTo))!));
    });
  } finally {
    await dropDatabase(name);
  }
}
