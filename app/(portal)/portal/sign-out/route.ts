import { NextResponse, type NextRequest } from "next/server";
import { BRAND_COOKIE, PENDING_COOKIE, SESSION_COOKIE, sessionCookieOptions } from "@/lib/auth/customer-session";
import { config } from "@/lib/config";
import { isUuid } from "@/lib/ids";

export const dynamic = "force-dynamic";

/** Signs out (a form POST; SameSite=Lax keeps other sites' posts from carrying the cookie) and shows the brand's sign-in page. */
export async function POST(req: NextRequest) {
  const brand = req.cookies.get(BRAND_COOKIE)?.value;
  const q = new URLSearchParams({ signed_out: "1" });
  if (brand && isUuid(brand)) q.set("brand", brand);
  const res = new NextResponse(null, { status: 303, headers: { Location: `/portal/login?${q}`, "Cache-Control": "no-store" } });
  for (const name of [SESSION_COOKIE, PENDING_COOKIE]) res.cookies.set(name, "", sessionCookieOptions(config.publicUrl, 0));
  return res;
}
