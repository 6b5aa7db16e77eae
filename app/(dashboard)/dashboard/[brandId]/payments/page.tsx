import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { paymentList } from "@/lib/payments/list-payments";
import { paymentsPage } from "@/lib/payments/read";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { DASHBOARD_LISTS } from "@/lib/dashboard/exports";
import { PaymentsTable } from "./columns";

type PaymentFilters = NonNullable<NonNullable<Parameters<typeof paymentsPage>[1]>["filters"]>;
import { paymentMethodLabel } from "./_components/labels";

export const metadata = { title: "Payments · Recurring Billing" };

export default async function PaymentsPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const list = DASHBOARD_LISTS.payments;
  const query = parseTableQuery(await searchParams, { sortKeys: paymentList.sortKeys, filters: list.urlFilters });
  const sort = query.sort ?? { key: "created_at" as const, dir: "desc" as const };
  const base = `/dashboard/${brandId}/payments`;
  let result;
  try {
    result = await paymentsPage(ctx, {
      // The same URL state to list-query filters as the CSV export (and the overview's links).
      filters: list.filtersFor(query) as PaymentFilters,
      sort,
      page: query.page,
      pageSize: query.pageSize,
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  const rows = result.rows.map((p) => ({
    id: p.id,
    customerAccountId: p.customerAccountId,
    customerName: p.customerName,
    invoiceId: p.invoiceId,
    invoiceNumber: p.invoiceNumber,
    amountCents: p.amountCents,
    currency: p.currency,
    status: p.status,
    method: paymentMethodLabel(p),
    createdAt: p.createdAt,
  }));
  return (
    <>
      <div className="page-head">
        <h1>Payments</h1>
        <Link href={`${base}/new`} className="button primary">
          Record payment
        </Link>
      </div>
      <PaymentsTable brandId={brandId} sortKeys={paymentList.sortKeys} rows={rows} total={result.total} query={{ ...query, sort }} />
    </>
  );
}
