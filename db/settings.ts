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
  /**
   * Whose sessions the app's connections are: "app" (the default) runs every statement as the
   * tenancy role (db/tenancy.ts), under row-level security, so a query made without a brand sees no
   * rows; "owner" keeps the connecting user's (the tests' fixtures, which write any brand's rows).
   * Migrating always runs as the connecting user, on a connection of its own.
   */
  get role(): "app" | "owner" {
    const role = process.env.DATABASE_ROLE || "app";
    if (role !== "app" && role !== "owner") throw new Error("DATABASE_ROLE must be app or owner");
    return role;
  },
  /** Seconds to wait for a PostgreSQL connection before answering 503 (an unreachable host would take ~30-40 s). */
  get connectTimeoutSeconds() {
    const raw = process.env.DATABASE_CONNECT_TIMEOUT;
    const n = raw === undefined || raw === "" ? 5 : Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error("DATABASE_CONNECT_TIMEOUT must be a positive number");
    return n;
  },
};
