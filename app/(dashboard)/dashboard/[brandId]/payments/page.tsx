import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { paymentList } from "@/lib/payments/list-payments";
import { paymentsPage } from "@/lib/payments/page-queries";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { PaymentsTable } from "./columns";
import { paymentMethodLabel } from "./_components/labels";

export const metadata = { title: "Payments · Recurring Billing" };

export default async function PaymentsPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const query = parseTableQuery(await searchParams, {
    sortKeys: paymentList.sortKeys,
    filters: { status: ["pending", "succeeded", "failed", "reversed"] },
  });
  const sort = query.sort ?? { key: "created_at" as const, dir: "desc" as const };
  const base = `/dashboard/${brandId}/payments`;
  let result;
  try {
    result = await paymentsPage(ctx, {
      filters: { q: query.q || null, status: (query.filters.status as "pending" | "succeeded" | "failed" | "reversed" | undefined) ?? null },
      sort,
      page: query.page,
      pageSize: query.pageSize,
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  const rows = result.rows.map((p) => ({
    payment_id: p.payment_id,
    customer_account_id: p.customer_account_id,
    customer_name: p.customer_name,
    invoice_id: p.invoice_id,
    amount: p.amount,
    payment_status: p.payment_status,
    method: paymentMethodLabel(p),
    created: p.created,
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
