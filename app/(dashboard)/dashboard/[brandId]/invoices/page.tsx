import { invoicesPage } from "@/lib/invoices/read";
import { DASHBOARD_LISTS } from "@/lib/dashboard/exports";
import { type FiltersOf, ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { InvoicesTable } from "./columns";

export const metadata = { title: "Invoices · Recurring Billing" };

export default async function InvoicesPage(props: ListPageProps) {
  // The same URL state to list-query filters as the CSV export (and the overview's links).
  const list = DASHBOARD_LISTS.invoices;
  const { ctx, query, paging, base, table } = await openList(props, "invoices", list);
  const load = () => invoicesPage(ctx, { filters: list.filtersFor(query) as FiltersOf<typeof invoicesPage>, ...paging });
  return (
    <ListPage title="Invoices" action={{ href: `${base}/new`, label: "New invoice" }} base={base} load={load}>
      {(result) => (
        <InvoicesTable
          {...table(result, (r) =>
            shown(r, [
              "id",
              "number",
              "customerAccountId",
              "customerName",
              "dueDate",
              "status",
              "totalCents",
              "paidCents",
              "balanceCents",
              "currency",
              "createdAt",
            ]),
          )}
        />
      )}
    </ListPage>
  );
}
