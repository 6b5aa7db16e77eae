import { dashboardContext } from "@/app/_auth/session";
import { FormPage } from "@/components/dashboard/detail";
import { knownAccountId, payMethodChoices } from "@/lib/subscriptions/read";
import { invoiceDetail } from "@/lib/invoices/read";
import { openInvoiceChoices } from "@/lib/invoices/params";
import { PaymentForm } from "../_components/payment-form";

export const metadata = { title: "Record a payment · Recurring Billing" };

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");

export default async function NewPaymentPage({
  params,
  searchParams,
}: {
  params: Promise<{ brandId: string }>;
  searchParams: Promise<{ customer_account_id?: string | string[]; invoice_id?: string | string[] }>;
}) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const sp = await searchParams;
  // Coming from an invoice: its customer and the invoice are chosen already.
  const invoice = one(sp.invoice_id) ? await invoiceDetail(ctx, one(sp.invoice_id)) : null;
  const accountId = invoice?.customerAccountId ?? (await knownAccountId(ctx, one(sp.customer_account_id)));
  const [invoices, payMethods] = await Promise.all([openInvoiceChoices(ctx, accountId), payMethodChoices(ctx, accountId)]);
  return (
    <FormPage list={{ href: `/dashboard/${brandId}/payments`, label: "Payments" }} step="Record" title="Record a payment">
      <PaymentForm
        brandId={brandId}
        accountId={accountId}
        invoices={invoices}
        invoiceId={invoice && invoices.some((i) => i.value === invoice.id) ? invoice.id : ""}
        payMethods={payMethods}
      />
    </FormPage>
  );
}
