import { FormPage } from "@/components/dashboard/detail";
import { notFound } from "next/navigation";
import { openRecord, type RecordPageProps } from "../../../_components/load-record";
import { listUsersPage } from "@/lib/users/list-users";
import { userParams } from "@/lib/users/params";
import { isUuid } from "@/lib/ids";
import { UserForm } from "../../_components/user-form";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit user · Recurring Billing" };

export default async function EditUserPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  if (!isUuid(id)) notFound();
  const u = (await listUsersPage(ctx, { filters: { id } })).rows[0];
  if (!u || u.status === STATUS.DELETED) notFound();
  const base = `${dash}/users`;
  return (
    <FormPage list={{ href: base, label: "Users" }} record={{ href: `${base}/${id}`, label: `${u.firstName} ${u.lastName}` }} title="Edit user">
      <UserForm brandId={brandId} user={userParams(u)} />
    </FormPage>
  );
}
