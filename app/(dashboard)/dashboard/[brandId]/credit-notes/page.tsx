import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { creditNoteList, creditNotesPage } from "@/lib/credit-notes/list";
import { DomainError } from "@/lib/errors";
import { invoiceName } from "@/lib/format";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { DASHBOARD_LISTS } from "@/lib/dashboard/exports";
import { invoiceDetail } from "@/lib/invoices/read";
import { CreditNotesTable } from "./columns";

type CreditNoteFilters = NonNullable<NonNullable<Parameters<typeof creditNotesPage>[1]>["filters"]>;

export const metadata = { title: "Credit notes · Recurring Billing" };

/** Every credit note of the brand (issue 31): money taken off an issued invoice, and where it went. */
export default async function CreditNotesPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const list = DASHBOARD_LISTS["credit-notes"];
  const query = parseTableQuery(await searchParams, { sortKeys: creditNoteList.sortKeys, filters: list.urlFilters });
  const sort = query.sort ?? { key: "created_at" as const, dir: "desc" as const };
  const base = `/dashboard/${brandId}/credit-notes`;
  let result;
  try {
    // The same URL state to list-query filters as the CSV export (and the invoice page's link).
    result = await creditNotesPage(ctx, { filters: list.filtersFor(query) as CreditNoteFilters, sort, page: query.page, pageSize: query.pageSize });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  // Reached from an invoice's page: say which invoice, with the way back to all of them.
  const invoice = query.filters.invoice_id ? await invoiceDetail(ctx, query.filters.invoice_id) : null;
  return (
    <>
      <div className="page-head">
        <h1>Credit notes</h1>
      </div>
      <p className="hint">
        Money taken off an issued invoice: a price change, a voided invoice, a period that never started, or a refund. Each says where the money went.
      </p>
      {query.filters.invoice_id && (
        <p className="hint" role="status">
          Against {invoice ? <Link href={`/dashboard/${brandId}/invoices/${invoice.id}`}>{invoiceName(invoice)}</Link> : "an invoice this brand does not have"}{" "}
          · <Link href={base}>Show all credit notes</Link>
        </p>
      )}
      <CreditNotesTable brandId={brandId} sortKeys={creditNoteList.sortKeys} rows={result.rows} total={result.total} query={{ ...query, sort }} />
    </>
  );
}
