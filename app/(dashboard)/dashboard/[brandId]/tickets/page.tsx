import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { listTicketsPage, ticketList } from "@/lib/tickets/list-tickets";
import { ticketDepartments } from "@/lib/tickets/pages";
import { DIRECTION_OPTIONS, STATUS_OPTIONS } from "@/lib/tickets/labels";
import { DomainError } from "@/lib/errors";
import { parseTableQuery, type RawSearchParams } from "@/components/data-table/search-params";
import { TableError } from "@/components/data-table/table-error";
import { TicketsTable, type TicketRow } from "./columns";

export const metadata = { title: "Tickets · Recurring Billing" };

export default async function TicketsPage({ params, searchParams }: { params: Promise<{ brandId: string }>; searchParams: Promise<RawSearchParams> }) {
  const { brandId } = await params;
  const ctx = await dashboardContext(brandId);
  const departments = await ticketDepartments(ctx);
  const query = parseTableQuery(await searchParams, {
    sortKeys: ticketList.sortKeys,
    filters: { working_status: STATUS_OPTIONS.map((o) => o.value), direction: DIRECTION_OPTIONS.map((o) => o.value), department: departments },
  });
  const base = `/dashboard/${brandId}/tickets`;
  let result;
  try {
    result = await listTicketsPage(ctx, {
      filters: {
        q: query.q || null,
        workingStatus: (query.filters.working_status as TicketRow["working_status"]) ?? null,
        direction: (query.filters.direction as TicketRow["direction"]) ?? null,
        department: query.filters.department ?? null,
      },
      // Newest first unless the table asks otherwise: the ones waiting for an answer are recent.
      sort: query.sort ?? { key: "updated_at", dir: "desc" },
      page: query.page,
      pageSize: query.pageSize,
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return <TableError message={err.message} resetHref={base} />;
  }
  const rows: TicketRow[] = result.rows.map(({ messages, ...t }) => ({ ...t, message_count: messages.length }));
  return (
    <>
      <div className="page-head">
        <h1>Tickets</h1>
        <Link href={`${base}/new`} className="button primary">
          New ticket
        </Link>
      </div>
      <TicketsTable
        brandId={brandId}
        sortKeys={ticketList.sortKeys}
        rows={rows}
        total={result.total}
        query={query}
        departments={departments.map((d) => ({ value: d, label: d }))}
      />
    </>
  );
}
