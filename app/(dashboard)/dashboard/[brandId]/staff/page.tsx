import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { listStaffUsersPage } from "@/lib/staff/staff-users";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { AdminOnly, isAdmin } from "./_components/admin-only";
import { StaffTable } from "./columns";

export const metadata = { title: "Staff · Recurring Billing" };

/** The service account's staff users (every brand's), ADMIN only. */
export default async function StaffPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  if (!isAdmin(ctx)) return <AdminOnly title="Staff" what="manage staff users" />;
  const query = parseTableQuery(await searchParams, { sortKeys: [] });
  const { rows, total } = await listStaffUsersPage(ctx, { page: query.page, pageSize: query.pageSize });
  return (
    <>
      <div className="page-head">
        <h1>Staff</h1>
        <Link href={`/dashboard/${brandId}/staff/new`} className="button primary">
          Invite staff user
        </Link>
      </div>
      <p className="muted">Staff users work on every brand of your account. An ADMIN also manages brands, staff, API keys and payment gateways.</p>
      <StaffTable brandId={brandId} me={ctx.actor.kind === "staff" ? ctx.actor.staffUserId : ""} rows={rows} total={total} query={query} />
    </>
  );
}
