import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { listProductGroupsPage, productGroupList } from "@/lib/catalog/list-product-groups";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { GroupsTable } from "./columns";
import { variablesOf } from "./_components/load-group";

export const metadata = { title: "Product groups · Recurring Billing" };

export default async function ProductGroupsPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const query = parseTableQuery(await searchParams, { sortKeys: productGroupList.sortKeys, filters: { status: ["1", "2", "3"] } });
  const base = `/dashboard/${brandId}/product-groups`;
  let result;
  try {
    result = await listProductGroupsPage(ctx, {
      filters: { q: query.q || null, status: query.filters.status ? (Number(query.filters.status) as 1 | 2 | 3) : null },
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  const rows = result.rows.map((g) => ({
    product_group_id: g.product_group_id,
    name: g.name,
    // A long description would stretch the table; the detail page shows it whole.
    description: g.description.length > 80 ? `${g.description.slice(0, 79)}…` : g.description,
    variables: variablesOf(g).length,
    status: g.status,
    created: g.created,
  }));
  return (
    <>
      <div className="page-head">
        <h1>Product groups</h1>
        <Link href={`${base}/new`} className="button primary">
          New product group
        </Link>
      </div>
      <GroupsTable brandId={brandId} sortKeys={productGroupList.sortKeys} rows={rows} total={result.total} query={query} />
    </>
  );
}
