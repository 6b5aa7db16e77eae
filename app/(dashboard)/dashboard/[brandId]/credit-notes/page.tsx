import Link from "next/link";
import { creditNotesPage } from "@/lib/credit-notes/list";
import { invoiceName } from "@/lib/format";
import { DASHBOARD_LISTS } from "@/lib/dashboard/exports";
import { invoiceDetail } from "@/lib/invoices/read";
import { type FiltersOf, ListPage, openList, type ListPageProps, shown } from "../_components/list-page";
import { CreditNotesTable } from "./columns";

export const metadata = { title: "Credit notes · Recurring Billing" };

/** Every credit note of the brand (issue 31): money taken off an issued invoice, and where it went. */
export default async function CreditNotesPage(props: ListPageProps) {
  const list = DASHBOARD_LISTS["credit-notes"];
  const { brandId, ctx, query, paging, base, table } = await openList(props, "credit-notes", list);
  // Reached from an invoice's page (?invoice_id=): say which invoice, with the way back to all of them.
  const invoice = query.filters.invoice_id ? await invoiceDetail(ctx, query.filters.invoice_id) : null;
  const intro = (
    <>
      <p className="hint">
        Money taken off an issued invoice: a price change, a voided invoice, a period that never started, or a refund. Each says where the money went.
      </p>
      {query.filters.invoice_id && (
        <p className="hint" role="status">
          Against {invoice ? <Link href={`/dashboard/${brandId}/invoices/${invoice.id}`}>{invoiceName(invoice)}</Link> : "an invoice this brand does not have"}{" "}
          · <Link href={base}>Show all credit notes</Link>
        </p>
      )}
    </>
  );
  // The same URL state to list-query filters as the CSV export (DASHBOARD_LISTS).
  const load = () => creditNotesPage(ctx, { filters: list.filtersFor(query) as FiltersOf<typeof creditNotesPage>, ...paging });
  return (
    <ListPage title="Credit notes" intro={intro} base={base} load={load}>
      {(result) => (
        <CreditNotesTable
          {...table(result, (n) =>
            shown(n, [
              "id",
              "number",
              "customerAccountId",
              "customerName",
              "invoiceId",
              "invoiceNumber",
              "reason",
              "destination",
              "amountCents",
              "taxCents",
              "currency",
              "createdAt",
            ]),
          )}
        />
      )}
    </ListPage>
  );
}
