import { couponList, listCouponsPage } from "@/lib/catalog/list-coupons";
import { ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { CouponsTable } from "./columns";
import { discountText } from "./_components/words";

export const metadata = { title: "Coupons · Recurring Billing" };

const STATUSES = ["active", "inactive", "deleted"] as const;

export default async function CouponsPage(props: ListPageProps) {
  const { ctx, query, paging, base, table } = await openList(props, "coupons", { sortKeys: couponList.sortKeys, urlFilters: { status: STATUSES } });
  const load = () => listCouponsPage(ctx, { filters: { q: query.q || null, status: (query.filters.status as (typeof STATUSES)[number]) || null }, ...paging });
  return (
    <ListPage title="Coupons" action={{ href: `${base}/new`, label: "New coupon" }} base={base} load={load}>
      {(result) => (
        <CouponsTable
          {...table(result, (r) => ({
            discount: discountText(r),
            ...shown(r, ["id", "code", "name", "duration", "durationCycles", "expirationDate", "redemptionCount", "maxRedemptions", "status"]),
          }))}
        />
      )}
    </ListPage>
  );
}
