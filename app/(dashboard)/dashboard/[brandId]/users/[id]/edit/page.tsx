import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
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

export default async function EditUserPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isUuid(id)) notFound();
  const u = (await listUsersPage(ctx, { filters: { id } })).rows[0];
  if (!u || u.status === STATUS.DELETED) notFound();
  const base = `/dashboard/${brandId}/users`;
  const values = Object.fromEntries(EDITABLE.map((k) => [k, u[k] === null || u[k] === undefined ? "" : String(u[k])]));
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Users</Link> / <Link href={`${base}/${id}`}>{`${u.first_name} ${u.last_name}`}</Link> / Edit
      </p>
      <h1>Edit user</h1>
      <div className="card">
        <UserForm brandId={brandId} user={{ ...values, user_id: u.user_id }} />
      </div>
    </>
  );
}
