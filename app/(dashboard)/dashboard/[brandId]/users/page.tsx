import { listUsersPage, userList } from "@/lib/users/list-users";
import { LEDGER_STATUSES, ListPage, ledgerStatusFilter, openList, type ListPageProps, shown } from "../_components/list-page";
import { UsersTable } from "./columns";

export const metadata = { title: "Users · Recurring Billing" };

export default async function UsersPage(props: ListPageProps) {
  const { ctx, query, paging, base, table } = await openList(props, "users", {
    sortKeys: userList.sortKeys,
    urlFilters: { status: LEDGER_STATUSES, access_level: ["ADMIN", "USER"] },
  });
  const load = () =>
    listUsersPage(ctx, {
      filters: { q: query.q || null, status: ledgerStatusFilter(query), accessLevel: (query.filters.access_level as "ADMIN" | "USER" | undefined) ?? null },
      ...paging,
    });
  return (
    <ListPage
      title="Users"
      action={{ href: `${base}/new`, label: "New user" }}
      intro={<p className="muted">The people who sign in to the customer portal for a customer account.</p>}
      base={base}
      load={load}
    >
      {(result) => (
        <UsersTable
          {...table(result, (u) =>
            shown(u, ["id", "customerAccountId", "username", "firstName", "lastName", "emailAddress", "accessLevel", "status", "createdAt"]),
          )}
        />
      )}
    </ListPage>
  );
}
