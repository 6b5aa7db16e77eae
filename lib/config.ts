import path from "node:path";
import { createHash } from "node:crypto";
import { databaseSettings } from "../db/settings";

/** Every environment variable the app reads, in one place (docs/operations.md documents each). */
const num = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
};

export const config = {
  get databaseUrl() {
    return databaseSettings.url;
  },
  /** Redis for the throttles' counters shared by every instance (lib/rate-limit/throttle.ts); without it PostgreSQL keeps them. */
  get redisUrl() {
    return process.env.REDIS_URL || undefined;
  },
  get pgliteDir() {
    return databaseSettings.pgliteDir;
  },
  /**
   * Where bootstrap keeps the demo's keys (the database has only their hashes): beside the embedded
   * database, or one file per DATABASE_URL under .data/.
   */
  get demoCredentialsFile() {
    if (process.env.DEMO_CREDENTIALS_FILE) return process.env.DEMO_CREDENTIALS_FILE;
    if (!this.databaseUrl) return path.join(this.pgliteDir, "..", "demo-credentials.json");
    return `.data/demo-credentials.${createHash("sha256").update(this.databaseUrl).digest("hex").slice(0, 12)}.json`;
  },
  get rateLimit() {
    return {
      perSecond: num("RATE_LIMIT_PER_SECOND", 50),
      burst: num("RATE_LIMIT_BURST", 100),
    };
  },
  /**
   * Failed authentications a client address may make in a minute (a token bucket: that many at once,
   * refilled over the minute); past it the API answers 429 before checking credentials. A client
   * with working credentials never fails, so the default only bounds guessing and misconfigured scripts.
   */
  get authFailuresPerMinute() {
    return num("AUTH_FAILURES_PER_MINUTE", 60);
  },
  /**
   * Portal "forgot password" requests (each emails a temporary password): per sign-in name (email or
   * username) of a brand, and per client address, in an hour. Over the first, nothing more is sent
   * and the answer is unchanged; over the second, the page asks to wait.
   */
  get passwordResetsPerHour() {
    return { perLogin: num("PASSWORD_RESETS_PER_LOGIN_PER_HOUR", 3), perAddress: num("PASSWORD_RESETS_PER_ADDRESS_PER_HOUR", 10) };
  },
  /** One proxy in front of the server: the X-Forwarded-For entry it wrote is the client's address (lib/api/client-address.ts). */
  get trustProxy() {
    return ["1", "true", "yes"].includes((process.env.TRUST_PROXY ?? "").toLowerCase());
  },
  /** Seconds to wait for a PostgreSQL connection before answering 503 (an unreachable host would take ~30-40 s). */
  get databaseConnectTimeoutSeconds() {
    return databaseSettings.connectTimeoutSeconds;
  },
  get billingIntervalMs() {
    return num("BILLING_INTERVAL_MS", 10 * 60_000);
  },
  /** How long a rotated-out signing secret still signs outgoing posts beside the new one, unless the rotation says otherwise. */
  get signingSecretOverlapHours() {
    return num("SIGNING_SECRET_OVERLAP_HOURS", 24);
  },
  get authCacheMs() {
    const raw = process.env.AUTH_CACHE_MS;
    return raw === undefined || raw === "" ? 5000 : Math.max(0, Number(raw) || 0);
  },
  get maxBodyBytes() {
    return num("MAX_BODY_BYTES", 2 * 1024 * 1024);
  },
  get publicUrl() {
    return process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`;
  },
  get inngestConfigured() {
    return Boolean(process.env.INNGEST_EVENT_KEY || process.env.INNGEST_DEV);
  },
  /** Whether /api/inngest can check who calls it: a signing key, or a local dev server (which signs nothing). */
  get inngestCanVerify() {
    return Boolean(process.env.INNGEST_SIGNING_KEY || process.env.INNGEST_DEV);
  },
  get backgroundJobs() {
    return process.env.BACKGROUND_JOBS !== "off";
  },
};
