import { FormPage } from "@/components/dashboard/detail";
import { notFound } from "next/navigation";
import { openRecord, type RecordPageProps } from "../../../_components/load-record";
import { invoiceDetail } from "@/lib/invoices/read";
import { invoiceParams } from "@/lib/invoices/params";
import { INVOICE_STATUS } from "@/lib/invoices/amounts";
import { invoiceName } from "@/lib/format";
import { InvoiceForm } from "../../_components/invoice-form";

export const metadata = { title: "Edit invoice · Recurring Billing" };

export default async function EditInvoicePage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const i = await invoiceDetail(ctx, id);
  // Invoices generated for a subscription cannot be updated (spec, Errors 4).
  if (!i || i.status === INVOICE_STATUS.DELETED || i.subscriptionId) notFound();
  const values = invoiceParams(i);
  const base = `${dash}/invoices`;
  return (
    <FormPage list={{ href: base, label: "Invoices" }} record={{ href: `${base}/${i.id}`, label: invoiceName(i) }} title="Edit invoice">
      <InvoiceForm brandId={brandId} defaultDue={values.due_date} invoice={values} />
    </FormPage>
  );
}
