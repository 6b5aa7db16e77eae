import { listStaffUsersPage } from "@/lib/staff/staff-users";
import { ListPage, openList, type ListPageProps } from "../_components/list-page";
import { AdminOnly, isAdmin } from "./_components/admin-only";
import { StaffTable } from "./columns";

export const metadata = { title: "Staff · Recurring Billing" };

/** The service account's staff users (every brand's), ADMIN only. */
export default async function StaffPage(props: ListPageProps) {
  const { ctx, paging, base, table } = await openList(props, "staff", { sortKeys: [] });
  if (!isAdmin(ctx)) return <AdminOnly title="Staff" what="manage staff users" />;
  return (
    <ListPage
      title="Staff"
      action={{ href: `${base}/new`, label: "Invite staff user" }}
      intro={<p className="muted">Staff users work on every brand of your account. An ADMIN also manages brands, staff, API keys and payment gateways.</p>}
      base={base}
      load={() => listStaffUsersPage(ctx, paging)}
    >
      {(result) => <StaffTable {...table(result)} me={ctx.actor.kind === "staff" ? ctx.actor.staffUserId : ""} />}
    </ListPage>
  );
}
