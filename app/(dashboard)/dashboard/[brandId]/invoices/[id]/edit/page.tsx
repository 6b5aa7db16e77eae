import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { invoiceDetail } from "@/lib/invoices/page-queries";
import { shortId } from "@/lib/format";
import { InvoiceForm } from "../../_components/invoice-form";

export const metadata = { title: "Edit invoice · Recurring Billing" };

export default async function EditInvoicePage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const i = await invoiceDetail(ctx, id);
  // Invoices generated for a subscription cannot be updated (spec, Errors 4).
  if (!i || i.status === 3 || i.subscription_id) notFound();
  const base = `/dashboard/${brandId}/invoices`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Invoices</Link> / <Link href={`${base}/${i.invoice_id}`}>Invoice …{shortId(i.invoice_id)}</Link> / Edit
      </p>
      <h1>Edit invoice</h1>
      <div className="card">
        <InvoiceForm
          brandId={brandId}
          defaultDue={i.due_date}
          invoice={{
            invoice_id: i.invoice_id,
            customer_account_id: i.customer_account_id,
            due_date: i.due_date,
            custom_field_1: i.custom_field_1 ?? "",
            custom_field_2: i.custom_field_2 ?? "",
            items: i.attached_items.map((l) => ({ item_name: l.item_name, item_price: l.item_price, quantity: String(l.quantity), tax_exempt: l.tax_exempt })),
          }}
        />
      </div>
    </>
  );
}
