import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { listProductsPage, productList } from "@/lib/catalog/list-products";
import { productGroupChoices, productGroupNames } from "@/lib/catalog/group-names";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { ProductsTable } from "./columns";

export const metadata = { title: "Products · Recurring Billing" };

export default async function ProductsPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const groups = await productGroupChoices(ctx);
  const query = parseTableQuery(await searchParams, {
    sortKeys: productList.sortKeys,
    filters: { status: ["1", "2", "3"], group: groups.map((g) => g.value) },
  });
  const base = `/dashboard/${brandId}/products`;
  let result;
  try {
    result = await listProductsPage(ctx, {
      filters: {
        q: query.q || null,
        status: query.filters.status ? (Number(query.filters.status) as 1 | 2 | 3) : null,
        productGroupId: query.filters.group || null,
      },
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  const names = await productGroupNames(
    ctx,
    result.rows.map((p) => p.product_group_id),
  );
  const rows = result.rows.map((p) => ({
    product_id: p.product_id,
    name: p.name,
    product_group_id: p.product_group_id,
    group_name: names.get(p.product_group_id) ?? "—",
    recurring_price: p.recurring_price ?? "—",
    expiration_interval: p.expiration_interval,
    interval_unit: p.interval_unit,
    trial: p.trial,
    status: p.status,
  }));
  return (
    <>
      <div className="page-head">
        <h1>Products</h1>
        {groups.length > 0 && (
          <Link href={`${base}/new`} className="button primary">
            New product
          </Link>
        )}
      </div>
      {groups.length === 0 && (
        <p className="alert info">
          Products belong to a product group. <Link href={`/dashboard/${brandId}/product-groups/new`}>Create a product group</Link> first.
        </p>
      )}
      <ProductsTable brandId={brandId} sortKeys={productList.sortKeys} rows={rows} total={result.total} query={query} groups={groups} />
    </>
  );
}
