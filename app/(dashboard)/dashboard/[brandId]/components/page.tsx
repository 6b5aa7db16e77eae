import { formatMoney } from "@/lib/format";
import { componentList, listComponentsPage } from "@/lib/catalog/list-components";
import { LEDGER_STATUSES, ListPage, ledgerStatusFilter, openList, type ListPageProps, shown } from "../_components/list-page";
import { NeedsGroup } from "../product-groups/_components/needs-group";
import { groupChoices, withGroupNames } from "../product-groups/_components/grouped-list";
import { ComponentsTable } from "./columns";

export const metadata = { title: "Components · Recurring Billing" };

const TYPES = ["traditional", "metered", "quantitative"] as const;

export default async function ComponentsPage(props: ListPageProps) {
  const groups = await groupChoices(props);
  const { brandId, ctx, query, paging, base, table } = await openList(props, "components", {
    sortKeys: componentList.sortKeys,
    urlFilters: { status: LEDGER_STATUSES, group: groups.map((g) => g.value), type: TYPES },
  });
  const filters = {
    q: query.q || null,
    status: ledgerStatusFilter(query),
    productGroupId: query.filters.group || null,
    componentType: (query.filters.type as (typeof TYPES)[number]) || null,
  };
  const load = async () => withGroupNames(ctx, await listComponentsPage(ctx, { filters, ...paging }));
  return (
    <ListPage
      title="Components"
      action={groups.length > 0 ? { href: `${base}/new`, label: "New component" } : undefined}
      intro={groups.length === 0 && <NeedsGroup brandId={brandId} what="Components belong to a product group." />}
      base={base}
      load={load}
    >
      {(result) => (
        <ComponentsTable
          {...table(result, (c) => ({
            ...shown(c, ["id", "name", "type", "productGroupId", "groupName", "status"]),
            price: formatMoney(c.unitPriceCents, c.currency),
          }))}
          groups={groups}
        />
      )}
    </ListPage>
  );
}
