import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { subscriptionList } from "@/lib/subscriptions/list-subscriptions";
import { subscriptionsPage } from "@/lib/subscriptions/read";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { DASHBOARD_LISTS } from "@/lib/dashboard/exports";
import { SubscriptionsTable } from "./columns";

type SubscriptionFilters = NonNullable<NonNullable<Parameters<typeof subscriptionsPage>[1]>["filters"]>;

export const metadata = { title: "Subscriptions · Recurring Billing" };

export default async function SubscriptionsPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const list = DASHBOARD_LISTS.subscriptions;
  const query = parseTableQuery(await searchParams, { sortKeys: subscriptionList.sortKeys, filters: list.urlFilters });
  const sort = query.sort ?? { key: "created_at" as const, dir: "desc" as const };
  const base = `/dashboard/${brandId}/subscriptions`;
  let result;
  try {
    result = await subscriptionsPage(ctx, {
      // The same URL state to list-query filters as the CSV export (and the overview's links).
      filters: list.filtersFor(query) as SubscriptionFilters,
      sort,
      page: query.page,
      pageSize: query.pageSize,
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  // Only what the table shows crosses to the browser.
  const rows = result.rows.map((s) => ({
    id: s.id,
    customerAccountId: s.customerAccountId,
    customerName: s.customerName,
    productName: s.productName,
    status: s.status,
    startDate: s.startDate,
    renewalDate: s.renewalDate,
    nextRenewalCents: s.nextRenewalCents,
    currency: s.currency,
    autoPay: s.autoPay,
    createdAt: s.createdAt,
  }));
  return (
    <>
      <div className="page-head">
        <h1>Subscriptions</h1>
        <Link href={`${base}/new`} className="button primary">
          New subscription
        </Link>
      </div>
      <SubscriptionsTable brandId={brandId} sortKeys={subscriptionList.sortKeys} rows={rows} total={result.total} query={{ ...query, sort }} />
    </>
  );
}
