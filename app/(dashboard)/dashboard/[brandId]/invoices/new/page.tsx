import { FormPage } from "@/components/dashboard/detail";
import { brandDateIn } from "@/lib/invoices/params";
import { openNewFor, type NewPageProps } from "../../_components/load-record";
import { InvoiceForm } from "../_components/invoice-form";

export const metadata = { title: "New invoice · Recurring Billing" };

export default async function NewInvoicePage(props: NewPageProps) {
  const { brandId, ctx, dash, accountId } = await openNewFor(props);
  return (
    <FormPage
      list={{ href: `${dash}/invoices`, label: "Invoices" }}
      step="New"
      title="New invoice"
      intro={<p className="muted">A manual invoice, for charges outside any subscription. The customer is sent the Invoice/Create email if it is set up.</p>}
    >
      <InvoiceForm brandId={brandId} defaultDue={brandDateIn(ctx, 30)} accountId={accountId} />
    </FormPage>
  );
}
