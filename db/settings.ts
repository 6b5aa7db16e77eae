/**
 * The database's environment variables, read here so db/ needs nothing from lib/; lib/config.ts
 * (where every variable the app reads is listed) answers these from this object.
 */
export const databaseSettings = {
  get url() {
    return process.env.DATABASE_URL || undefined;
  },
  /** A read replica of DATABASE_URL (optional): the overview, lists' counts, exports and the audit log read there. */
  get readUrl() {
    return (this.url && process.env.DATABASE_READ_URL) || undefined;
  },
  get pgliteDir() {
    return process.env.PGLITE_DATA_DIR || ".data/pglite";
  },
  /** Seconds to wait for a PostgreSQL connection before answering 503 (an unreachable host would take ~30-40 s). */
  get connectTimeoutSeconds() {
    const raw = process.env.DATABASE_CONNECT_TIMEOUT;
    const n = raw === undefined || raw === "" ? 5 : Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error("DATABASE_CONNECT_TIMEOUT must be a positive number");
    return n;
  },
};
