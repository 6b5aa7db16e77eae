import { listProductGroupsPage, productGroupList } from "@/lib/catalog/list-product-groups";
import { LEDGER_STATUSES, ListPage, ledgerStatusFilter, openList, type ListPageProps, shown } from "../_components/list-page";
import { GroupsTable } from "./columns";

export const metadata = { title: "Product groups · Recurring Billing" };

export default async function ProductGroupsPage(props: ListPageProps) {
  const { ctx, query, paging, base, table } = await openList(props, "product-groups", {
    sortKeys: productGroupList.sortKeys,
    urlFilters: { status: LEDGER_STATUSES },
  });
  const load = () => listProductGroupsPage(ctx, { filters: { q: query.q || null, status: ledgerStatusFilter(query) }, ...paging });
  return (
    <ListPage title="Product groups" action={{ href: `${base}/new`, label: "New product group" }} base={base} load={load}>
      {(result) => (
        <GroupsTable
          {...table(result, (g) => ({
            ...shown(g, ["id", "name", "status", "createdAt"]),
            // A long description would stretch the table; the detail page shows it whole.
            description: g.description.length > 80 ? `${g.description.slice(0, 79)}…` : g.description,
            variableCount: g.variables.length,
          }))}
        />
      )}
    </ListPage>
  );
}
