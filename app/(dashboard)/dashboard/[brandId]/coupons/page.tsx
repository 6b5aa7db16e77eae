import { couponList, listCouponsPage } from "@/lib/catalog/list-coupons";
import { ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { CouponsTable } from "./columns";
import { discountText } from "./_components/words";

export const metadata = { title: "Coupons · Recurring Billing" };

const STATUSES = ["active", "inactive", "deleted"] as const;

export default async function CouponsPage(props: ListPageProps) {
  const { brandId, ctx, query, paging, base } = await openList(props, "coupons", { sortKeys: couponList.sortKeys, filters: { status: STATUSES } });
  const load = () => listCouponsPage(ctx, { filters: { q: query.q || null, status: (query.filters.status as (typeof STATUSES)[number]) || null }, ...paging });
  return (
    <ListPage title="Coupons" action={{ href: `${base}/new`, label: "New coupon" }} base={base} load={load}>
      {(result) => (
        <CouponsTable
          brandId={brandId}
          sortKeys={couponList.sortKeys}
          rows={result.rows.map((r) => ({
            discount: discountText(r),
            ...shown(r, ["id", "code", "name", "duration", "durationCycles", "expirationDate", "redemptionCount", "maxRedemptions", "status"]),
          }))}
          total={result.total}
          query={query}
        />
      )}
    </ListPage>
  );
}
