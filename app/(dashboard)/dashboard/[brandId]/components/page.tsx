import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { componentList, listComponentsPage } from "@/lib/catalog/list-components";
import { productGroupChoices, productGroupNames } from "@/lib/catalog/group-names";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { ComponentsTable } from "./columns";

export const metadata = { title: "Components · Recurring Billing" };

const TYPES = ["traditional", "metered", "quantitative"] as const;

export default async function ComponentsPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const groups = await productGroupChoices(ctx);
  const query = parseTableQuery(await searchParams, {
    sortKeys: componentList.sortKeys,
    filters: { status: ["1", "2", "3"], group: groups.map((g) => g.value), type: TYPES },
  });
  const base = `/dashboard/${brandId}/components`;
  let result;
  try {
    result = await listComponentsPage(ctx, {
      filters: {
        q: query.q || null,
        status: query.filters.status ? (Number(query.filters.status) as 1 | 2 | 3) : null,
        productGroupId: query.filters.group || null,
        componentType: (query.filters.type as (typeof TYPES)[number]) || null,
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
    result.rows.map((c) => c.product_group_id),
  );
  const rows = result.rows.map((c) => ({
    component_id: c.component_id,
    name: c.name,
    component_type: c.component_type,
    product_group_id: c.product_group_id,
    group_name: names.get(c.product_group_id) ?? "—",
    unit_price: c.unit_price ?? "—",
    status: c.status,
  }));
  return (
    <>
      <div className="page-head">
        <h1>Components</h1>
        {groups.length > 0 && (
          <Link href={`${base}/new`} className="button primary">
            New component
          </Link>
        )}
      </div>
      {groups.length === 0 && (
        <p className="alert info">
          Components belong to a product group. <Link href={`/dashboard/${brandId}/product-groups/new`}>Create a product group</Link> first.
        </p>
      )}
      <ComponentsTable brandId={brandId} sortKeys={componentList.sortKeys} rows={rows} total={result.total} query={query} groups={groups} />
    </>
  );
}
