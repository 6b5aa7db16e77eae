import { paymentList } from "@/lib/payments/list-payments";
import { paymentsPage } from "@/lib/payments/read";
import { DASHBOARD_LISTS } from "@/lib/dashboard/exports";
import { ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { PaymentsTable } from "./columns";
import { paymentMethodLabel } from "./_components/labels";

type PaymentFilters = NonNullable<NonNullable<Parameters<typeof paymentsPage>[1]>["filters"]>;

export const metadata = { title: "Payments · Recurring Billing" };

export default async function PaymentsPage(props: ListPageProps) {
  const list = DASHBOARD_LISTS.payments;
  const { brandId, ctx, query, paging, base } = await openList(props, "payments", {
    sortKeys: paymentList.sortKeys,
    filters: list.urlFilters,
    defaultSort: { key: "created_at", dir: "desc" },
  });
  // The same URL state to list-query filters as the CSV export (and the overview's links).
  const load = () => paymentsPage(ctx, { filters: list.filtersFor(query) as PaymentFilters, ...paging });
  return (
    <ListPage title="Payments" action={{ href: `${base}/new`, label: "Record payment" }} base={base} load={load}>
      {(result) => (
        <PaymentsTable
          brandId={brandId}
          sortKeys={paymentList.sortKeys}
          rows={result.rows.map((p) => ({
            ...shown(p, ["id", "customerAccountId", "customerName", "invoiceId", "invoiceNumber", "amountCents", "currency", "status", "createdAt"]),
            method: paymentMethodLabel(p),
          }))}
          total={result.total}
          query={query}
        />
      )}
    </ListPage>
  );
}
