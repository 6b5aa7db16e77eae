import { cache } from "react";
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { authOptions } from "./options";
import { staffContext, type StaffSession } from "@/lib/actions/define-action";
import { staffHome } from "@/lib/staff/brands";
import { DomainError } from "@/lib/errors";
import { requestAddress } from "./request-address";
import { isUuid } from "@/lib/ids";
import type { Context } from "@/lib/auth/context";

/**
 * The signed-in staff user's session (their id and the session's row, both checked against the
 * database on use), or null; a JWT without a session row's id (signed before rows were kept) is none.
 */
export const getStaffSession = cache(async (): Promise<StaffSession | null> => {
  const session = (await getServerSession(authOptions)) as { staffUserId?: string; sessionId?: string } | null;
  return session?.staffUserId && session.sessionId && isUuid(session.sessionId) ? { staffUserId: session.staffUserId, sessionId: session.sessionId } : null;
});

/** The sign-in page, coming back to the page asked for (proxy.ts passes its path). */
export async function signInAgain(): Promise<never> {
  const path = (await headers()).get("x-dashboard-path") || "/dashboard";
  redirect(`/sign-in?callbackUrl=${encodeURIComponent(path)}`);
}

/** Who is signed in and which brands they can choose between; to sign-in when nobody (or a disabled user) is. */
export const requireStaffHome = cache(async () => {
  const session = await getStaffSession();
  const home = session && (await staffHome(session));
  if (!session || !home) return signInAgain();
  return { session, ...home };
});

/**
 * The staff context for the brand the URL names: sign-in when the session is gone or its user
 * disabled, 404 for a brand not of the user's service account. One per request (React cache).
 */
export const dashboardContext = cache(async (brandId: string) => {
  const session = await getStaffSession();
  if (!session) return signInAgain();
  try {
    return { ...(await staffContext(session, brandId)), clientAddress: await requestAddress() };
  } catch (err) {
    if (err instanceof DomainError && err.code === "UNAUTHENTICATED") return signInAgain();
    if (err instanceof DomainError && err.code === "NOT_FOUND") notFound();
    throw err;
  }
});

/**
 * A route handler's download for the brand's staff (an invoice's or a credit note's PDF): signed out
 * is sign-in, coming back here; another service account's brand, or a record out of reach, is 404.
 */
export async function staffDownload(req: Request, brandId: string, respond: (ctx: Context) => Promise<Response>): Promise<Response> {
  const session = await getStaffSession();
  const signIn = () => Response.redirect(new URL(`/sign-in?callbackUrl=${encodeURIComponent(new URL(req.url).pathname)}`, req.url), 303);
  if (!session) return signIn();
  try {
    return await respond(await staffContext(session, brandId));
  } catch (err) {
    if (err instanceof DomainError && err.code === "UNAUTHENTICATED") return signIn();
    if (err instanceof DomainError && err.code === "NOT_FOUND") return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
    throw err;
  }
}
