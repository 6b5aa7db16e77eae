import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import {
  BRAND_COOKIE,
  PENDING_COOKIE,
  PENDING_SECONDS,
  SESSION_COOKIE,
  SESSION_SECONDS,
  decodeCustomerSession,
  encodeCustomerSession,
  sessionCookieOptions,
  type CustomerSession,
  type PendingSecondFactor,
} from "@/lib/auth/customer-session";
import { config } from "@/lib/config";
import { portalContext } from "@/lib/portal/sign-in";
import { requestAddress } from "@/app/_auth/request-address";

/**
 * The cookie glue of the portal (lib/ never imports Next.js): the session cookie holds a signed JWT
 * (lib/auth/customer-session.ts); every request rebuilds the context from it, so a suspended or
 * deleted user or account is signed out at once.
 */

type CookieJar = Awaited<ReturnType<typeof cookies>>;

/** The customer's context for this request, or null; read once per request (layout and page share it). */
export const currentCustomer = cache(async () => {
  const jar = await cookies();
  const ctx = await portalContext(await decodeCustomerSession(jar.get(SESSION_COOKIE)?.value, "session"));
  return ctx && { ...ctx, clientAddress: await requestAddress() };
});

/** The customer's context, or off to the sign-in page of the brand they last used. */
export async function requireCustomer(next?: string) {
  const ctx = await currentCustomer();
  if (ctx) return ctx;
  const jar = await cookies();
  const hadSession = jar.has(SESSION_COOKIE);
  const q = new URLSearchParams();
  const brand = jar.get(BRAND_COOKIE)?.value;
  if (brand) q.set("brand", brand);
  if (hadSession) q.set("ended", "1");
  if (next) q.set("redirect", next);
  redirect(`/portal/login${q.size ? `?${q}` : ""}`);
}

export async function startSession(jar: CookieJar, session: CustomerSession) {
  jar.set(SESSION_COOKIE, await encodeCustomerSession(session, "session"), sessionCookieOptions(config.publicUrl, SESSION_SECONDS));
  jar.set(BRAND_COOKIE, session.brandId, { ...sessionCookieOptions(config.publicUrl, 400 * 24 * 60 * 60), httpOnly: true });
  jar.delete({ name: PENDING_COOKIE, path: "/portal" });
}

export async function startPending(jar: CookieJar, pending: PendingSecondFactor) {
  jar.set(PENDING_COOKIE, await encodeCustomerSession(pending, "2fa"), sessionCookieOptions(config.publicUrl, PENDING_SECONDS));
  jar.set(BRAND_COOKIE, pending.brandId, { ...sessionCookieOptions(config.publicUrl, 400 * 24 * 60 * 60), httpOnly: true });
}

export async function readPending() {
  const jar = await cookies();
  return decodeCustomerSession(jar.get(PENDING_COOKIE)?.value, "2fa");
}

export function endSession(jar: CookieJar) {
  jar.delete({ name: SESSION_COOKIE, path: "/portal" });
  jar.delete({ name: PENDING_COOKIE, path: "/portal" });
}
