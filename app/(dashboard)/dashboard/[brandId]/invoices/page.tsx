import { invoiceList } from "@/lib/invoices/list-invoices";
import { invoicesPage } from "@/lib/invoices/read";
import { DASHBOARD_LISTS } from "@/lib/dashboard/exports";
import { ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { InvoicesTable } from "./columns";

type InvoiceFilters = NonNullable<NonNullable<Parameters<typeof invoicesPage>[1]>["filters"]>;

export const metadata = { title: "Invoices · Recurring Billing" };

export default async function InvoicesPage(props: ListPageProps) {
  const list = DASHBOARD_LISTS.invoices;
  const { brandId, ctx, query, paging, base } = await openList(props, "invoices", {
    sortKeys: invoiceList.sortKeys,
    filters: list.urlFilters,
    defaultSort: { key: "created_at", dir: "desc" },
  });
  // The same URL state to list-query filters as the CSV export (and the overview's links).
  const load = () => invoicesPage(ctx, { filters: list.filtersFor(query) as InvoiceFilters, ...paging });
  return (
    <ListPage title="Invoices" action={{ href: `${base}/new`, label: "New invoice" }} base={base} load={load}>
      {(result) => (
        <InvoicesTable
          brandId={brandId}
          sortKeys={invoiceList.sortKeys}
          rows={result.rows.map((r) =>
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
          total={result.total}
          query={query}
        />
      )}
    </ListPage>
  );
}
