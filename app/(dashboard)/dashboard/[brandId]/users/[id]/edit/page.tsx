import { FormPage } from "@/components/dashboard/detail";
import { notFound } from "next/navigation";
import { openRecord, type RecordPageProps } from "../../../_components/load-record";
import { listUsersPage } from "@/lib/users/list-users";
import { isUuid } from "@/lib/ids";
import { UserForm } from "../../_components/user-form";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Edit user · Recurring Billing" };

const EDITABLE = [
  "first_name",
  "last_name",
  "email_address",
  "access_level",
  "locale",
  "timezone_id",
  "phone_number_country_code",
  "phone_number",
  "custom_field_1",
  "custom_field_2",
  "avatar_uri",
  "verified",
] as const;

export default async function EditUserPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  if (!isUuid(id)) notFound();
  const u = (await listUsersPage(ctx, { filters: { id } })).rows[0];
  if (!u || u.status === STATUS.DELETED) notFound();
  const base = `${dash}/users`;
  const values = Object.fromEntries(EDITABLE.map((k) => [k, u[k] === null || u[k] === undefined ? "" : String(u[k])]));
  return (
    <FormPage list={{ href: base, label: "Users" }} record={{ href: `${base}/${id}`, label: `${u.first_name} ${u.last_name}` }} title="Edit user">
      <UserForm brandId={brandId} user={{ ...values, user_id: u.user_id }} />
    </FormPage>
  );
}
