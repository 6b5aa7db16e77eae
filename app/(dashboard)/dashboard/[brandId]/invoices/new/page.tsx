import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { knownAccountId } from "@/lib/subscriptions/read";
import { brandDateIn } from "@/lib/invoices/params";
import { InvoiceForm } from "../_components/invoice-form";

export const metadata = { title: "New invoice · Recurring Billing" };

export default async function NewInvoicePage({
  params,
  searchParams,
}: {
  params: Promise<{ brandId: string }>;
  searchParams: Promise<{ customer_account_id?: string | string[] }>;
}) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const raw = (await searchParams).customer_account_id;
  const accountId = await knownAccountId(ctx, typeof raw === "string" ? raw : "");
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/invoices`}>Invoices</Link> / New
      </p>
      <h1>New invoice</h1>
      <p className="muted">A manual invoice, for charges outside any subscription. The customer is sent the Invoice/Create email if it is set up.</p>
      <div className="card">
        <InvoiceForm brandId={brandId} defaultDue={brandDateIn(ctx, 30)} accountId={accountId} />
      </div>
    </>
  );
}
