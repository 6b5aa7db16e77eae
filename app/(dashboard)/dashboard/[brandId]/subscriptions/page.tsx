import { subscriptionList } from "@/lib/subscriptions/list-subscriptions";
import { subscriptionsPage } from "@/lib/subscriptions/read";
import { DASHBOARD_LISTS } from "@/lib/dashboard/exports";
import { ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { SubscriptionsTable } from "./columns";

type SubscriptionFilters = NonNullable<NonNullable<Parameters<typeof subscriptionsPage>[1]>["filters"]>;

export const metadata = { title: "Subscriptions · Recurring Billing" };

export default async function SubscriptionsPage(props: ListPageProps) {
  const list = DASHBOARD_LISTS.subscriptions;
  const { brandId, ctx, query, paging, base } = await openList(props, "subscriptions", {
    sortKeys: subscriptionList.sortKeys,
    filters: list.urlFilters,
    defaultSort: { key: "created_at", dir: "desc" },
  });
  // The same URL state to list-query filters as the CSV export (and the overview's links).
  const load = () => subscriptionsPage(ctx, { filters: list.filtersFor(query) as SubscriptionFilters, ...paging });
  return (
    <ListPage title="Subscriptions" action={{ href: `${base}/new`, label: "New subscription" }} base={base} load={load}>
      {(result) => (
        <SubscriptionsTable
          brandId={brandId}
          sortKeys={subscriptionList.sortKeys}
          // Only what the table shows crosses to the browser.
          rows={result.rows.map((r) =>
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
          total={result.total}
          query={query}
        />
      )}
    </ListPage>
  );
}
