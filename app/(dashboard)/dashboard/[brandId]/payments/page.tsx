import { paymentsPage } from "@/lib/payments/read";
import { DASHBOARD_LISTS } from "@/lib/dashboard/exports";
import { type FiltersOf, ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { PaymentsTable } from "./columns";
import { paymentMethodLabel } from "./_components/labels";

export const metadata = { title: "Payments · Recurring Billing" };

export default async function PaymentsPage(props: ListPageProps) {
  // The same URL state to list-query filters as the CSV export (and the overview's links).
  const list = DASHBOARD_LISTS.payments;
  const { ctx, query, paging, base, table } = await openList(props, "payments", list);
  const load = () => paymentsPage(ctx, { filters: list.filtersFor(query) as FiltersOf<typeof paymentsPage>, ...paging });
  return (
    <ListPage title="Payments" action={{ href: `${base}/new`, label: "Record payment" }} base={base} load={load}>
      {(result) => (
        <PaymentsTable
          {...table(result, (p) => ({
            ...shown(p, ["id", "customerAccountId", "customerName", "invoiceId", "invoiceNumber", "amountCents", "currency", "status", "createdAt"]),
            method: paymentMethodLabel(p),
          }))}
        />
      )}
    </ListPage>
  );
}
