import { listAccountsPage } from "@/lib/accounts/list-accounts";
import { DASHBOARD_LISTS } from "@/lib/dashboard/exports";
import { ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { AccountsTable } from "./columns";

export const metadata = { title: "Customer accounts · Recurring Billing" };

export default async function AccountsPage(props: ListPageProps) {
  // The same URL filters and list filters as the CSV export, so the file holds what the page lists.
  const list = DASHBOARD_LISTS.accounts;
  // Its table shows no sort until staff choose one (the list reads oldest first).
  const { ctx, query, paging, base, table } = await openList(props, "accounts", { ...list, defaultSort: undefined });
  const load = () => listAccountsPage(ctx, { filters: list.filtersFor(query), ...paging });
  return (
    <ListPage title="Customer accounts" action={{ href: `${base}/new`, label: "New account" }} base={base} load={load}>
      {(result) => (
        <AccountsTable
          {...table(result, (r) =>
            shown(r, ["id", "firstName", "lastName", "emailAddress", "companyName", "prepaidBalanceCents", "currency", "status", "createdAt"]),
          )}
        />
      )}
    </ListPage>
  );
}
