import { NextResponse, type NextRequest } from "next/server";
import { BRAND_COOKIE, PENDING_COOKIE, SESSION_COOKIE, decodeCustomerSession, sessionCookieOptions } from "@/lib/auth/customer-session";
import { config } from "@/lib/config";
import { isUuid } from "@/lib/ids";
import { endPortalSession } from "@/lib/portal/sign-in";

export const dynamic = "force-dynamic";

/**
 * Signs out (a form POST; SameSite=Lax keeps other sites' posts from carrying the cookie) and shows
 * the brand's sign-in page. The session ends on the server, so a copy of the cookie is refused too;
 * with `everywhere=1` (the account page's "Sign out everywhere") every session of the user ends.
 */
export async function POST(req: NextRequest) {
  const everywhere = (await req.formData().catch(() => null))?.get("everywhere") === "1";
  await endPortalSession(await decodeCustomerSession(req.cookies.get(SESSION_COOKIE)?.value, "session"), { everywhere });
  const brand = req.cookies.get(BRAND_COOKIE)?.value;
  const q = new URLSearchParams({ signed_out: everywhere ? "everywhere" : "1" });
  if (brand && isUuid(brand)) q.set("brand", brand);
  const res = new NextResponse(null, { status: 303, headers: { Location: `/portal/login?${q}`, "Cache-Control": "no-store" } });
  for (const name of [SESSION_COOKIE, PENDING_COOKIE]) res.cookies.set(name, "", sessionCookieOptions(config.publicUrl, 0));
  return res;
}
