import { invoicePdfResponse } from "@/lib/documents/invoice-pdf";
import { requireCustomer } from "../../../_lib/session";

export const dynamic = "force-dynamic";

/** The signed-in customer's invoice as a PDF; another account's invoice is 404, and without a session it is sign-in first. */
export async function GET(_req: Request, { params }: { params: Promise<{ invoiceId: string }> }) {
  const { invoiceId } = await params;
  const ctx = await requireCustomer(`/portal/invoices/${encodeURIComponent(invoiceId)}/pdf`);
  return invoicePdfResponse(ctx, invoiceId);
}
