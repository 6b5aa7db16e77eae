import postgres from "postgres";

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
