import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { payMethodList } from "@/lib/pay-methods/list-pay-methods";
import { payMethodsPage } from "@/lib/pay-methods/page-queries";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { PayMethodsTable } from "./columns";

export const metadata = { title: "Pay methods · Recurring Billing" };

export default async function PayMethodsPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const query = parseTableQuery(await searchParams, { sortKeys: payMethodList.sortKeys, filters: { type: ["CC", "BA"] } });
  const sort = query.sort ?? { key: "created_at" as const, dir: "desc" as const };
  const base = `/dashboard/${brandId}/pay-methods`;
  let result;
  try {
    result = await payMethodsPage(ctx, {
      filters: { q: query.q || null, type: (query.filters.type as "CC" | "BA" | undefined) ?? null },
      sort,
      page: query.page,
      pageSize: query.pageSize,
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  const rows = result.rows.map((p) => ({
    pay_method_id: p.pay_method_id,
    customer_account_id: p.customer_account_id,
    customer_name: p.customer_name,
    pay_method_type: p.pay_method_type,
    brand: p.brand,
    last_four: p.last_four,
    expires: p.expiration_month && p.expiration_year ? `${String(p.expiration_month).padStart(2, "0")}/${p.expiration_year}` : "—",
    verified: p.verified,
    is_default: p.is_default,
    created: p.created,
  }));
  return (
    <>
      <div className="page-head">
        <h1>Pay methods</h1>
        <Link href={`${base}/new`} className="button primary">
          Add pay method
        </Link>
      </div>
      <PayMethodsTable brandId={brandId} sortKeys={payMethodList.sortKeys} rows={rows} total={result.total} query={{ ...query, sort }} />
    </>
  );
}
