import { completeOAuthSignIn } from "@/lib/users/complete-oauth-sign-in";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Identity providers send the browser back here after User/OAuthAuthenticate's link. */
export async function GET(req: Request) {
  const outcome = await completeOAuthSignIn({ params: new URL(req.url).searchParams });
  if ("location" in outcome) return Response.redirect(outcome.location, 303);
  return new Response(outcome.message, { status: outcome.status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
