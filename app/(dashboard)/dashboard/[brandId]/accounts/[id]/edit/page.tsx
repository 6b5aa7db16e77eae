import { FormPage } from "@/components/dashboard/detail";
import { notFound } from "next/navigation";
import { openRecord, type RecordPageProps } from "../../../_components/load-record";
import { accountDetail } from "@/lib/accounts/read";
import { accountParams } from "@/lib/accounts/params";
import { STATUS } from "@/lib/lifecycle";
import { AccountForm } from "../../_components/account-form";

export const metadata = { title: "Edit customer account · Recurring Billing" };

export default async function EditAccountPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const a = await accountDetail(ctx, id);
  if (!a || a.status === STATUS.DELETED) notFound();
  const base = `${dash}/accounts`;
  return (
    <FormPage
      list={{ href: base, label: "Customer accounts" }}
      record={{ href: `${base}/${id}`, label: `${a.firstName} ${a.lastName}` }}
      title="Edit customer account"
    >
      <AccountForm brandId={brandId} account={accountParams(a)} />
    </FormPage>
  );
}
