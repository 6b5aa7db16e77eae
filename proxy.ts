import { NextResponse, type NextRequest } from "next/server";
import { databaseHealth } from "./lib/api/health";

/**
 * Every page's security headers: a Content-Security-Policy whose scripts need this request's nonce
 * (Next.js reads it from the request's header and puts it on its own scripts; pages render per
 * request, see app/layout.tsx), no framing, no referrer beyond the origin, no MIME sniffing.
 * Inline style attributes stay allowed: they run no code.
 */
export function securityHeaders(nonce: string, dev = process.env.NODE_ENV === "development"): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // Brand logos are anyone's https address; QR codes are data: URLs.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "content-security-policy": csp,
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-content-type-options": "nosniff",
  };
}

/** What a page answers while the database is unreachable (the API answers 503 SERVICE_UNAVAILABLE). */
export const OUTAGE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937;line-height:1.5}h1{font-size:1.5rem}</style>
</head><body><main><h1>We'll be right back</h1>
<p>This page cannot be shown right now because the service is briefly unavailable. Nothing you did caused it, and nothing was lost.</p>
<p>Please try again in a minute.</p></main></body></html>`;

/** A healthy database is believed for this long per process, so a page costs no extra query most of the time. */
const HEALTHY_FOR_MS = 2_000;
let healthyUntil = 0;

/**
 * Pages only (the API and Next's files are matched out): the security headers, a 503 page while the
 * database is down instead of a 500, and for the dashboard the address asked for, so sign-in can come back to it.
 */
export async function proxy(req: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const headers = securityHeaders(nonce);
  if (Date.now() > healthyUntil) {
    const health = await databaseHealth();
    if (!health.ok)
      return new NextResponse(OUTAGE_PAGE, { status: 503, headers: { ...headers, "content-type": "text/html; charset=utf-8", "retry-after": "30" } });
    healthyUntil = Date.now() + HEALTHY_FOR_MS;
  }
  const forwarded = new Headers(req.headers);
  forwarded.set("content-security-policy", headers["content-security-policy"]);
  forwarded.set("x-nonce", nonce);
  if (req.nextUrl.pathname.startsWith("/dashboard")) forwarded.set("x-dashboard-path", req.nextUrl.pathname + req.nextUrl.search);
  const res = NextResponse.next({ request: { headers: forwarded } });
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  return res;
}

export const config = {
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico).*)"],
};
