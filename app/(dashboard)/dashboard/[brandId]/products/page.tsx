import { dashboardContext } from "@/app/_auth/session";
import { formatMoney } from "@/lib/format";
import { listProductsPage, productList } from "@/lib/catalog/list-products";
import { productGroupChoices, productGroupNames } from "@/lib/catalog/group-names";
import { LEDGER_STATUSES, ListPage, ledgerStatusFilter, openList, type ListPageProps, shown } from "../_components/list-page";
import { NeedsGroup } from "../product-groups/_components/needs-group";
import { ProductsTable } from "./columns";

export const metadata = { title: "Products · Recurring Billing" };

export default async function ProductsPage(props: ListPageProps) {
  const groups = await productGroupChoices(await dashboardContext((await props.params).brandId));
  const { brandId, ctx, query, paging, base } = await openList(props, "products", {
    sortKeys: productList.sortKeys,
    filters: { status: LEDGER_STATUSES, group: groups.map((g) => g.value) },
  });
  const load = async () => {
    const page = await listProductsPage(ctx, {
      filters: { q: query.q || null, status: ledgerStatusFilter(query), productGroupId: query.filters.group || null },
      ...paging,
    });
    return {
      ...page,
      groupNames: await productGroupNames(
        ctx,
        page.rows.map((p) => p.productGroupId),
      ),
    };
  };
  return (
    <ListPage
      title="Products"
      action={groups.length > 0 ? { href: `${base}/new`, label: "New product" } : undefined}
      intro={groups.length === 0 && <NeedsGroup brandId={brandId} what="Products belong to a product group." />}
      base={base}
      load={load}
    >
      {(result) => (
        <ProductsTable
          brandId={brandId}
          sortKeys={productList.sortKeys}
          rows={result.rows.map((p) => ({
            ...shown(p, ["id", "name", "productGroupId", "expirationInterval", "intervalUnit", "trial", "status"]),
            groupName: result.groupNames.get(p.productGroupId) ?? "—",
            price: formatMoney(p.recurringPriceCents, p.currency),
          }))}
          total={result.total}
          query={query}
          groups={groups}
        />
      )}
    </ListPage>
  );
}
