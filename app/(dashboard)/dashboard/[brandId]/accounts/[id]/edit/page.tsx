import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { accountDetail } from "@/lib/accounts/read";
import { accountParams } from "@/lib/accounts/params";
import { STATUS } from "@/lib/lifecycle";
import { AccountForm } from "../../_components/account-form";

export const metadata = { title: "Edit customer account · Recurring Billing" };

export default async function EditAccountPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const a = await accountDetail(ctx, id);
  if (!a || a.status === STATUS.DELETED) notFound();
  const base = `/dashboard/${brandId}/accounts`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Customer accounts</Link> / <Link href={`${base}/${id}`}>{`${a.firstName} ${a.lastName}`}</Link> / Edit
      </p>
      <h1>Edit customer account</h1>
      <div className="card">
        <AccountForm brandId={brandId} account={accountParams(a)} />
      </div>
    </>
  );
}
