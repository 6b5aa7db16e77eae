import { creditNotePdfResponse } from "@/lib/documents/credit-note-pdf";
import { requireCustomer } from "../../../_lib/session";

export const dynamic = "force-dynamic";

/** The signed-in customer's credit note as a PDF; another account's is 404, and without a session it is sign-in first. */
export async function GET(_req: Request, { params }: { params: Promise<{ creditNoteId: string }> }) {
  const { creditNoteId } = await params;
  const ctx = await requireCustomer(`/portal/credit-notes/${encodeURIComponent(creditNoteId)}/pdf`);
  return creditNotePdfResponse(ctx, creditNoteId);
}
