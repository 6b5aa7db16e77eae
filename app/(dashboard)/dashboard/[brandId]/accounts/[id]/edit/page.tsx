import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { listAccountsPage } from "@/lib/accounts/list-accounts";
import { isUuid } from "@/lib/ids";
import { AccountForm } from "../../_components/account-form";

export const metadata = { title: "Edit customer account · Recurring Billing" };

export default async function EditAccountPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isUuid(id)) notFound();
  const a = (await listAccountsPage(ctx, { filters: { customerAccountId: id } })).rows[0];
  if (!a || a.status === 3) notFound();
  const base = `/dashboard/${brandId}/accounts`;
  const { created: _c, updated: _u, deleted: _d, ...fields } = a;
  const strings = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === null ? "" : String(v)]));
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Customer accounts</Link> / <Link href={`${base}/${id}`}>{`${a.first_name} ${a.last_name}`}</Link> / Edit
      </p>
      <h1>Edit customer account</h1>
      <div className="card">
        <AccountForm brandId={brandId} account={{ ...strings, customer_account_id: a.customer_account_id }} />
      </div>
    </>
  );
}
