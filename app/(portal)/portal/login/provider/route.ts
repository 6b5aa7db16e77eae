import { cookies } from "next/headers";
import { NextResponse, type NextRequest } from "next/server";
import { BRAND_COOKIE, safePortalRedirect } from "@/lib/auth/customer-session";
import { config } from "@/lib/config";
import { DomainError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { brandOfLinkToken, signInWithProviderToken } from "@/lib/portal/sign-in";
import { startPending, startSession } from "../../_lib/session";

export const dynamic = "force-dynamic";

/** Relative Location: the browser stays on the host it came to. */
const seeOther = (location: string) =>
  new NextResponse(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });

/**
 * Where an identity provider's sign-in lands (User/OAuthAuthenticate's redirect_uri):
 * ?temporary_token=… signs in once, then asks for the second factor when the user has it on.
 */
export async function GET(req: NextRequest) {
  const params = req.nextUrl.searchParams;
  const token = params.get("temporary_token") ?? "";
  const next = safePortalRedirect(params.get("redirect"));
  const jar = await cookies();
  try {
    const outcome = await signInWithProviderToken(token, { url: `${config.publicUrl.replace(/\/+$/, "")}/portal/login/provider` });
    if (outcome.kind === "signed-in") {
      await startSession(jar, outcome.session);
      return seeOther(next);
    }
    await startPending(jar, { ...outcome.pending, sentTo: outcome.sentTo });
    return seeOther(`/portal/login/verify?${new URLSearchParams({ redirect: next })}`);
  } catch (err) {
    if (!(err instanceof DomainError)) logger.error("portal provider sign-in failed", { error: err });
    const brand = (await brandOfLinkToken(token).catch(() => null))?.id ?? jar.get(BRAND_COOKIE)?.value;
    const q = new URLSearchParams({ error: "link" });
    if (brand) q.set("brand", brand);
    return seeOther(`/portal/login?${q}`);
  }
}
