import { getStaffSession } from "@/app/_auth/session";
import { DomainError } from "@/lib/errors";
import { staffContext } from "@/lib/actions/define-action";
import { invoicePdfResponse } from "@/lib/documents/invoice-pdf";

export const dynamic = "force-dynamic";

/** An invoice of the brand in the URL as a PDF, for its staff: signed out is sign-in, another service account's brand or invoice is 404. */
export async function GET(req: Request, { params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const session = await getStaffSession();
  const signIn = () => Response.redirect(new URL(`/sign-in?callbackUrl=${encodeURIComponent(new URL(req.url).pathname)}`, req.url), 303);
  if (!session) return signIn();
  try {
    return await invoicePdfResponse(await staffContext(session, brandId), id);
  } catch (err) {
    if (err instanceof DomainError && err.code === "UNAUTHENTICATED") return signIn();
    if (err instanceof DomainError && err.code === "NOT_FOUND") return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
    throw err;
  }
}
