import { staffDownload } from "@/app/_auth/session";
import { creditNotePdfResponse } from "@/lib/documents/credit-note-pdf";

export const dynamic = "force-dynamic";

/** A credit note of the brand in the URL as a PDF, named by its number, for its staff: signed out is sign-in, another brand's is 404. */
export async function GET(req: Request, { params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  return staffDownload(req, brandId, (ctx) => creditNotePdfResponse(ctx, id));
}
