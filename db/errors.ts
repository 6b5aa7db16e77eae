/**
 * The PostgreSQL error behind `err`, however deep drizzle wrapped it (each wrapper keeps the error
 * below as `cause`). Server errors carry a severity (postgres.js and PGlite alike); a lost
 * connection or a Node error does not, and answers undefined.
 */
export function postgresError(err: unknown): { code: string; constraint?: string } | undefined {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: unknown; severity?: unknown; constraint_name?: string; constraint?: string };
    if (typeof pg.code === "string" && typeof pg.severity === "string") return { code: pg.code, constraint: pg.constraint_name ?? pg.constraint };
  }
  return undefined;
}

/** A unique index refused the write (any, or the one named). */
export function isUniqueViolation(err: unknown, constraint?: string) {
  const pg = postgresError(err);
  return pg?.code === "23505" && (constraint === undefined || pg.constraint === constraint);
}
