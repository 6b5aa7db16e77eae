import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { SignJWT, jwtVerify } from "jose";
import { isUuid } from "../ids";

/**
 * The Customer Facing Portal's session, encoded and checked without Next.js: a JWT (HS256, jose) in
 * an httpOnly cookie naming the brand, the customer account, the user and the session's row. It proves
 * only who signed in and when; every request still rebuilds the context (contextFromCustomerSession),
 * so a suspended or deleted user or account, or a session signed out, is refused at once whatever the
 * token says.
 */
export interface CustomerSession {
  brandId: string;
  customerAccountId: string;
  userId: string;
  /**
   * The session's row (lib/auth/sessions.ts), set when the sign-in completes: a signed-in cookie
   * always carries it (`sid`; one without is refused) and signing out deletes the row.
   */
  sessionId?: string;
}

/** A signed-in session lasts this long; then the customer signs in again. */
export const SESSION_SECONDS = 8 * 60 * 60;
/** Between a right password and the second factor: as long as a verification code lives. */
export const PENDING_SECONDS = 10 * 60;

/** "session": signed in. "2fa": the password was right, the code is still to come (method says how it was sent). */
export type SessionPurpose = "session" | "2fa";
const AUDIENCE: Record<SessionPurpose, string> = { session: "portal", "2fa": "portal-2fa" };
const ISSUER = "recurring-billing/portal";

export const SESSION_COOKIE = "portal_session";
export const PENDING_COOKIE = "portal_2fa";
/** Not a secret: which brand's sign-in page to show after signing out or when a session ends. */
export const BRAND_COOKIE = "portal_brand";

export interface PendingSecondFactor extends CustomerSession {
  method: "email" | "sms";
  /** Where the code went, masked (e.g. j***@example.com), to show on the code page. */
  sentTo?: string;
}

const MIN_SECRET_BYTES = 32;
let cachedSecret: { source: string; key: Uint8Array } | undefined;

/** Where a generated development secret is kept (beside the embedded database's folder, as the gateway key). */
export const DEV_SECRET_FILE = ".data/portal-session.key";

/**
 * PORTAL_SESSION_SECRET (at least 32 characters), else a random secret generated once and kept in
 * .data/portal-session.key (mode 0600), so sessions survive a restart of a local demo. Set the
 * variable in production, the same on every instance.
 */
export function portalSessionSecret(): Uint8Array {
  const fromEnv = process.env.PORTAL_SESSION_SECRET;
  const source = fromEnv ? `env:${fromEnv}` : `file:${DEV_SECRET_FILE}`;
  if (cachedSecret?.source === source) return cachedSecret.key;
  let secret = fromEnv;
  if (secret !== undefined && secret.length < MIN_SECRET_BYTES) throw new Error(`PORTAL_SESSION_SECRET must be at least ${MIN_SECRET_BYTES} characters`);
  if (!secret) {
    if (!existsSync(DEV_SECRET_FILE)) {
      mkdirSync(path.dirname(DEV_SECRET_FILE), { recursive: true });
      // "wx": two processes starting at once keep whichever wrote first.
      try {
        writeFileSync(DEV_SECRET_FILE, randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
    }
    secret = readFileSync(DEV_SECRET_FILE, "utf8").trim();
  }
  cachedSecret = { source, key: new TextEncoder().encode(secret) };
  return cachedSecret.key;
}

export interface SessionKeyOptions {
  secret?: Uint8Array;
  /** The instant to sign or check at (tests move it); the process's time otherwise. */
  now?: Date;
}

/** Signs a session (or a pending second factor) for `seconds`. */
export async function encodeCustomerSession(
  session: CustomerSession | PendingSecondFactor,
  purpose: SessionPurpose,
  opts: SessionKeyOptions & { seconds?: number } = {},
): Promise<string> {
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  const seconds = opts.seconds ?? (purpose === "session" ? SESSION_SECONDS : PENDING_SECONDS);
  const claims: Record<string, string> = { brand: session.brandId, account: session.customerAccountId };
  if ("method" in session) claims.method = session.method;
  else if (session.sessionId) claims.sid = session.sessionId;
  if ("sentTo" in session && session.sentTo) claims.sent_to = session.sentTo;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(session.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE[purpose])
    .setIssuedAt(now)
    .setExpirationTime(now + seconds)
    .sign(opts.secret ?? portalSessionSecret());
}

/** The session a token carries, or null when it is missing, forged, expired or of the other purpose. */
export async function decodeCustomerSession(token: string | undefined, purpose: "session", opts?: SessionKeyOptions): Promise<CustomerSession | null>;
export async function decodeCustomerSession(token: string | undefined, purpose: "2fa", opts?: SessionKeyOptions): Promise<PendingSecondFactor | null>;
export async function decodeCustomerSession(token: string | undefined, purpose: SessionPurpose, opts: SessionKeyOptions = {}) {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, opts.secret ?? portalSessionSecret(), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE[purpose],
      currentDate: opts.now,
      requiredClaims: ["exp", "sub"],
    });
    const session = { brandId: payload.brand, customerAccountId: payload.account, userId: payload.sub };
    if (![session.brandId, session.customerAccountId, session.userId].every((v) => typeof v === "string" && isUuid(v))) return null;
    if (purpose === "2fa") {
      if (payload.method !== "email" && payload.method !== "sms") return null;
      const sentTo = typeof payload.sent_to === "string" ? { sentTo: payload.sent_to } : {};
      return { ...(session as CustomerSession), method: payload.method, ...sentTo };
    }
    // Only a session with its row counts as signed in (one signed before rows were kept has none).
    if (typeof payload.sid !== "string" || !isUuid(payload.sid)) return null;
    return { ...(session as CustomerSession), sessionId: payload.sid };
  } catch {
    return null;
  }
}

/** The cookie's attributes: httpOnly, SameSite=Lax, Secure when the portal is served over https. */
export function sessionCookieOptions(publicUrl: string, maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: publicUrl.startsWith("https:"),
    path: "/portal",
    maxAge: maxAgeSeconds,
  };
}

/**
 * Where to go after signing in: only a path inside the portal on this origin (never another host,
 * never `//host` or a backslash trick); anything else is the overview. A bare word such as
 * User/CreateToken's example 'subscribe' is taken as a portal page (`/portal/subscribe`).
 */
export function safePortalRedirect(raw: string | null | undefined): string {
  const fallback = "/portal";
  if (!raw) return fallback;
  const value = raw.trim();
  if (value.length > 500 || /[\\\u0000-\u001f]/.test(value)) return fallback;
  const candidate = value.startsWith("/") ? value : /^[a-z0-9][a-z0-9\-_/]*([?#].*)?$/i.test(value) ? `/portal/${value}` : null;
  if (!candidate) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, "http://portal.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://portal.invalid") return fallback;
  if (url.pathname !== "/portal" && !url.pathname.startsWith("/portal/")) return fallback;
  // Never back to the sign-in pages themselves.
  if (/^\/portal\/(sign-in|sign-out|login)(\/|$)/.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
