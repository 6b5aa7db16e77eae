import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { invoiceDetail } from "@/lib/invoices/read";
import { invoiceParams } from "@/lib/invoices/params";
import { INVOICE_STATUS } from "@/lib/invoices/amounts";
import { invoiceName } from "@/lib/format";
import { InvoiceForm } from "../../_components/invoice-form";

export const metadata = { title: "Edit invoice · Recurring Billing" };

export default async function EditInvoicePage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const i = await invoiceDetail(ctx, id);
  // Invoices generated for a subscription cannot be updated (spec, Errors 4).
  if (!i || i.status === INVOICE_STATUS.DELETED || i.subscriptionId) notFound();
  const values = invoiceParams(i);
  const base = `/dashboard/${brandId}/invoices`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Invoices</Link> / <Link href={`${base}/${i.id}`}>{invoiceName(i)}</Link> / Edit
      </p>
      <h1>Edit invoice</h1>
      <div className="card">
        <InvoiceForm brandId={brandId} defaultDue={values.due_date} invoice={values} />
      </div>
    </>
  );
}
