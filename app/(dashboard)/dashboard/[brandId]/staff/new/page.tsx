import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { AdminOnly, isAdmin } from "../_components/admin-only";
import { InviteForm } from "../_components/invite-form";

export const metadata = { title: "Invite a staff user · Recurring Billing" };

export default async function InviteStaffPage({ params }: { params: Promise<{ brandId: string }> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isAdmin(ctx)) return <AdminOnly title="Invite a staff user" what="invite staff users" />;
  return (
    <>
      <p className="breadcrumb">
        <Link href={`/dashboard/${brandId}/staff`}>Staff</Link> / Invite
      </p>
      <h1>Invite a staff user</h1>
      <div className="card narrow">
        <InviteForm brandId={brandId} />
      </div>
    </>
  );
}
