import { staffDownload } from "@/app/_auth/session";
import { invoicePdfResponse } from "@/lib/documents/invoice-pdf";

export const dynamic = "force-dynamic";

/** An invoice of the brand in the URL as a PDF, for its staff: signed out is sign-in, another service account's brand or invoice is 404. */
export async function GET(req: Request, { params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  return staffDownload(req, brandId, (ctx) => invoicePdfResponse(ctx, id));
}
