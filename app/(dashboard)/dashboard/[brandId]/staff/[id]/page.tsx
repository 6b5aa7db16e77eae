import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { staffUserById } from "@/lib/staff/staff-users";
import { DomainError } from "@/lib/errors";
import { formatInstant } from "@/lib/format";
import { AdminOnly, isAdmin } from "../_components/admin-only";
import { StaffStatusBadge } from "../_components/staff-status";
import { StaffActions } from "../_components/staff-actions";

export const metadata = { title: "Staff user · Recurring Billing" };

export default async function StaffUserPage({
  params,
  searchParams,
}: {
  params: Promise<{ brandId: string; id: string }>;
  searchParams: Promise<{ invited?: string }>;
}) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isAdmin(ctx)) return <AdminOnly title="Staff user" what="manage staff users" />;
  let s;
  try {
    s = await staffUserById(ctx, id);
  } catch (err) {
    if (err instanceof DomainError && err.code === "NOT_FOUND") notFound();
    throw err;
  }
  const me = ctx.actor.kind === "staff" && ctx.actor.staffUserId === s.staff_user_id;
  const invited = (await searchParams).invited === "1";
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/staff`}>Staff</Link> / {s.name}
      </p>
      <div className="page-head">
        <h1>
          {s.name} <StaffStatusBadge status={s.status} />
        </h1>
        <div className="actions">{!me && <StaffActions brandId={brandId} staff={s} />}</div>
      </div>
      {invited && (
        <p className="alert success" role="status">
          Invitation sent to {s.email}. They choose their password from the link, which works once, for 7 days.
        </p>
      )}
      {me && (
        <p className="alert info" role="note">
          This is you. Another ADMIN can change your role or disable you; your own sign-in settings are under Security.
        </p>
      )}
      <section className="card" aria-labelledby="staff-profile">
        <h2 id="staff-profile">Profile</h2>
        <dl className="details">
          <dt>Email</dt>
          <dd>{s.email}</dd>
          <dt>Role</dt>
          <dd>{s.access_level === "ADMIN" ? "Admin: everything, including brands, staff, API keys and gateways" : "User: customers, billing and support"}</dd>
          <dt>Status</dt>
          <dd>{s.status === "invited" ? "Invited: has not set a password yet" : s.status === "disabled" ? "Disabled: cannot sign in" : "Active"}</dd>
          <dt>Two-factor sign-in</dt>
          <dd>{s.two_factor ? "On" : "Off"}</dd>
          <dt>Added</dt>
          <dd>{formatInstant(s.created)}</dd>
        </dl>
      </section>
    </>
  );
}
