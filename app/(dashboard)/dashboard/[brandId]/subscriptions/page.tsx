import { subscriptionsPage } from "@/lib/subscriptions/read";
import { DASHBOARD_LISTS } from "@/lib/dashboard/exports";
import { type FiltersOf, ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { SubscriptionsTable } from "./columns";

export const metadata = { title: "Subscriptions · Recurring Billing" };

export default async function SubscriptionsPage(props: ListPageProps) {
  // The same URL state to list-query filters as the CSV export (and the overview's links).
  const list = DASHBOARD_LISTS.subscriptions;
  const { ctx, query, paging, base, table } = await openList(props, "subscriptions", list);
  const load = () => subscriptionsPage(ctx, { filters: list.filtersFor(query) as FiltersOf<typeof subscriptionsPage>, ...paging });
  return (
    <ListPage title="Subscriptions" action={{ href: `${base}/new`, label: "New subscription" }} base={base} load={load}>
      {(result) => (
        <SubscriptionsTable
          // Only what the table shows crosses to the browser.
          {...table(result, (r) =>
            shown(r, [
              "id",
              "customerAccountId",
              "customerName",
              "productName",
              "status",
              "startDate",
              "renewalDate",
              "nextRenewalCents",
              "currency",
              "autoPay",
              "createdAt",
            ]),
          )}
        />
      )}
    </ListPage>
  );
}
