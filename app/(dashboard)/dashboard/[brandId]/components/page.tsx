import { dashboardContext } from "@/app/_auth/session";
import { formatMoney } from "@/lib/format";
import { componentList, listComponentsPage } from "@/lib/catalog/list-components";
import { productGroupChoices, productGroupNames } from "@/lib/catalog/group-names";
import { LEDGER_STATUSES, ListPage, ledgerStatusFilter, openList, type ListPageProps, shown } from "../_components/list-page";
import { NeedsGroup } from "../product-groups/_components/needs-group";
import { ComponentsTable } from "./columns";

export const metadata = { title: "Components · Recurring Billing" };

const TYPES = ["traditional", "metered", "quantitative"] as const;

export default async function ComponentsPage(props: ListPageProps) {
  const groups = await productGroupChoices(await dashboardContext((await props.params).brandId));
  const { brandId, ctx, query, paging, base } = await openList(props, "components", {
    sortKeys: componentList.sortKeys,
    filters: { status: LEDGER_STATUSES, group: groups.map((g) => g.value), type: TYPES },
  });
  const load = async () => {
    const page = await listComponentsPage(ctx, {
      filters: {
        q: query.q || null,
        status: ledgerStatusFilter(query),
        productGroupId: query.filters.group || null,
        componentType: (query.filters.type as (typeof TYPES)[number]) || null,
      },
      ...paging,
    });
    return {
      ...page,
      groupNames: await productGroupNames(
        ctx,
        page.rows.map((c) => c.productGroupId),
      ),
    };
  };
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
          brandId={brandId}
          sortKeys={componentList.sortKeys}
          rows={result.rows.map((c) => ({
            ...shown(c, ["id", "name", "type", "productGroupId", "status"]),
            groupName: result.groupNames.get(c.productGroupId) ?? "—",
            price: formatMoney(c.unitPriceCents, c.currency),
          }))}
          total={result.total}
          query={query}
          groups={groups}
        />
      )}
    </ListPage>
  );
}
