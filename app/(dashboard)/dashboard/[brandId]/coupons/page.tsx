import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { couponList, listCouponsPage } from "@/lib/catalog/list-coupons";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { CouponsTable } from "./columns";

export const metadata = { title: "Coupons · Recurring Billing" };

const STATUSES = ["active", "inactive", "deleted"] as const;

export default async function CouponsPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const query = parseTableQuery(await searchParams, { sortKeys: couponList.sortKeys, filters: { status: STATUSES } });
  const base = `/dashboard/${brandId}/coupons`;
  let result;
  try {
    result = await listCouponsPage(ctx, {
      filters: { q: query.q || null, status: (query.filters.status as (typeof STATUSES)[number]) || null },
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  const rows = result.rows.map((c) => ({
    coupon_id: c.coupon_id,
    coupon_code: c.coupon_code,
    name: c.name,
    discount_type: c.discount_type,
    discount_value: c.discount_value,
    duration: c.duration,
    duration_cycles: c.duration_cycles,
    expiration_date: c.expiration_date,
    redemption_count: c.redemption_count,
    max_redemptions: c.max_redemptions,
    status: c.status,
  }));
  return (
    <>
      <div className="page-head">
        <h1>Coupons</h1>
        <Link href={`${base}/new`} className="button primary">
          New coupon
        </Link>
      </div>
      <CouponsTable brandId={brandId} sortKeys={couponList.sortKeys} rows={rows} total={result.total} query={query} />
    </>
  );
}
