import { formatMoney } from "@/lib/format";
import { listProductsPage, productList } from "@/lib/catalog/list-products";
import { LEDGER_STATUSES, ListPage, ledgerStatusFilter, openList, type ListPageProps, shown } from "../_components/list-page";
import { NeedsGroup } from "../product-groups/_components/needs-group";
import { groupChoices, withGroupNames } from "../product-groups/_components/grouped-list";
import { ProductsTable } from "./columns";

export const metadata = { title: "Products · Recurring Billing" };

export default async function ProductsPage(props: ListPageProps) {
  const groups = await groupChoices(props);
  const { brandId, ctx, query, paging, base, table } = await openList(props, "products", {
    sortKeys: productList.sortKeys,
    urlFilters: { status: LEDGER_STATUSES, group: groups.map((g) => g.value) },
  });
  const filters = { q: query.q || null, status: ledgerStatusFilter(query), productGroupId: query.filters.group || null };
  const load = async () => withGroupNames(ctx, await listProductsPage(ctx, { filters, ...paging }));
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
          {...table(result, (p) => ({
            ...shown(p, ["id", "name", "productGroupId", "groupName", "expirationInterval", "intervalUnit", "trial", "status"]),
            price: formatMoney(p.recurringPriceCents, p.currency),
          }))}
          groups={groups}
        />
      )}
    </ListPage>
  );
}
