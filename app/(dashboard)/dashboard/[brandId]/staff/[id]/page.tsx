import { notFound } from "next/navigation";
import { openRecord, type RecordPageProps } from "../../_components/load-record";
import { staffUserById } from "@/lib/staff/staff-users";
import { DomainError } from "@/lib/errors";
import { formatInstant } from "@/lib/format";
import { DetailHead, FactsCard } from "@/components/dashboard/detail";
import { AdminOnly, isAdmin } from "../_components/admin-only";
import { StaffStatusBadge } from "../_components/staff-status";
import { StaffActions } from "../_components/staff-actions";

export const metadata = { title: "Staff user · Recurring Billing" };

export default async function StaffUserPage({ params, searchParams }: RecordPageProps & { searchParams: Promise<{ invited?: string }> }) {
  const { brandId, id, ctx, dash } = await openRecord(params);
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
      <DetailHead list={{ href: `${dash}/staff`, label: "Staff" }} title={s.name} badge={<StaffStatusBadge status={s.status} />}>
        {!me && <StaffActions brandId={brandId} staff={s} />}
      </DetailHead>
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
      <FactsCard
        id="staff-profile"
        title="Profile"
        facts={[
          ["Email", s.email],
          ["Role", s.access_level === "ADMIN" ? "Admin: everything, including brands, staff, API keys and gateways" : "User: customers, billing and support"],
          ["Status", s.status === "invited" ? "Invited: has not set a password yet" : s.status === "disabled" ? "Disabled: cannot sign in" : "Active"],
          ["Two-factor sign-in", s.two_factor ? "On" : "Off"],
          ["Added", formatInstant(s.created)],
        ]}
      />
    </>
  );
}
