import { dashboardContext } from "@/app/_auth/session";
import { listTicketsPage, ticketList } from "@/lib/tickets/list-tickets";
import { ticketDepartments } from "@/lib/tickets/read";
import { DIRECTION_OPTIONS } from "@/lib/tickets/labels";
import { statusOptions } from "@/lib/format";
import { ListPage, openList, shown, type ListPageProps } from "../_components/list-page";
import { TicketsTable, type TicketRow } from "./columns";

export const metadata = { title: "Tickets · Recurring Billing" };

export default async function TicketsPage(props: ListPageProps) {
  const departments = await ticketDepartments(await dashboardContext((await props.params).brandId));
  const { ctx, query, paging, base, table } = await openList(props, "tickets", {
    sortKeys: ticketList.sortKeys,
    urlFilters: {
      working_status: statusOptions("ticket").map((o) => o.value),
      direction: DIRECTION_OPTIONS.map((o) => o.value),
      department: departments,
    },
    // Newest first unless the table asks otherwise: the ones waiting for an answer are recent.
    defaultSort: { key: "updated_at", dir: "desc" },
  });
  const load = () =>
    listTicketsPage(ctx, {
      filters: {
        q: query.q || null,
        workingStatus: (query.filters.working_status as TicketRow["workingStatus"]) ?? null,
        direction: (query.filters.direction as TicketRow["direction"]) ?? null,
        department: query.filters.department ?? null,
      },
      ...paging,
    });
  return (
    <ListPage title="Tickets" action={{ href: `${base}/new`, label: "New ticket" }} base={base} load={load}>
      {(result) => (
        <TicketsTable
          {...table(result, (tk): TicketRow => ({
            ...shown(tk, ["id", "number", "subject", "direction", "workingStatus", "department", "updatedAt"]),
            messageCount: tk.messages.length,
          }))}
          departments={departments.map((d) => ({ value: d, label: d }))}
        />
      )}
    </ListPage>
  );
}
