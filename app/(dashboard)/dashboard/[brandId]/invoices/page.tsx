import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { invoiceList } from "@/lib/invoices/list-invoices";
import { invoicesPage } from "@/lib/invoices/read";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { DASHBOARD_LISTS } from "@/lib/dashboard/exports";
import { InvoicesTable } from "./columns";

type InvoiceFilters = NonNullable<NonNullable<Parameters<typeof invoicesPage>[1]>["filters"]>;

export const metadata = { title: "Invoices · Recurring Billing" };

export default async function InvoicesPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const list = DASHBOARD_LISTS.invoices;
  const query = parseTableQuery(await searchParams, { sortKeys: invoiceList.sortKeys, filters: list.urlFilters });
  const sort = query.sort ?? { key: "created_at" as const, dir: "desc" as const };
  const base = `/dashboard/${brandId}/invoices`;
  let result;
  try {
    result = await invoicesPage(ctx, {
      // The same URL state to list-query filters as the CSV export (and the overview's links).
      filters: list.filtersFor(query) as InvoiceFilters,
      sort,
      page: query.page,
      pageSize: query.pageSize,
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  const rows = result.rows.map((i) => ({
    id: i.id,
    number: i.number,
    customerAccountId: i.customerAccountId,
    customerName: i.customerName,
    dueDate: i.dueDate,
    status: i.status,
    totalCents: i.totalCents,
    paidCents: i.paidCents,
    balanceCents: i.balanceCents,
    currency: i.currency,
    createdAt: i.createdAt,
  }));
  return (
    <>
      <div className="page-head">
        <h1>Invoices</h1>
        <Link href={`${base}/new`} className="button primary">
          New invoice
        </Link>
      </div>
      <InvoicesTable brandId={brandId} sortKeys={invoiceList.sortKeys} rows={rows} total={result.total} query={{ ...query, sort }} />
    </>
  );
}
