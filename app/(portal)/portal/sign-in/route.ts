import { NextResponse, type NextRequest } from "next/server";
import {
  BRAND_COOKIE,
  PENDING_COOKIE,
  SESSION_COOKIE,
  SESSION_SECONDS,
  encodeCustomerSession,
  safePortalRedirect,
  sessionCookieOptions,
} from "@/lib/auth/customer-session";
import { config } from "@/lib/config";
import { DomainError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { brandOfLinkToken, signInWithLink } from "@/lib/portal/sign-in";

export const dynamic = "force-dynamic";

/** Relative Location: the browser stays on the host it came to, whatever PUBLIC_URL says. */
const seeOther = (location: string) =>
  new NextResponse(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });

/**
 * User/CreateToken's sign_in_url: /portal/sign-in?token=…&redirect=…. The token signs in once
 * before it expires (User/Authenticate's temporary_token); the redirect is followed only to a path
 * of the portal. Without a token: the password sign-in page.
 */
export async function GET(req: NextRequest) {
  const params = req.nextUrl.searchParams;
  const token = params.get("token");
  const next = safePortalRedirect(params.get("redirect"));
  if (!token) {
    const q = new URLSearchParams();
    for (const k of ["brand", "redirect"]) if (params.get(k)) q.set(k, params.get(k)!);
    return seeOther(`/portal/login${q.size ? `?${q}` : ""}`);
  }
  try {
    const { session } = await signInWithLink(token, { url: `${config.publicUrl.replace(/\/+$/, "")}/portal/sign-in` });
    const res = seeOther(next);
    res.cookies.set(SESSION_COOKIE, await encodeCustomerSession(session, "session"), sessionCookieOptions(config.publicUrl, SESSION_SECONDS));
    res.cookies.set(BRAND_COOKIE, session.brandId, sessionCookieOptions(config.publicUrl, 400 * 24 * 60 * 60));
    res.cookies.set(PENDING_COOKIE, "", { ...sessionCookieOptions(config.publicUrl, 0) });
    return res;
  } catch (err) {
    if (!(err instanceof DomainError)) logger.error("portal link sign-in failed", { error: err });
    const brand = await brandOfLinkToken(token).catch(() => null);
    const q = new URLSearchParams({ error: "link" });
    if (brand) q.set("brand", brand.id);
    if (next !== "/portal") q.set("redirect", next);
    return seeOther(`/portal/login?${q}`);
  }
}
