"use client";

import { listTable } from "@/components/data-table/list-table";
import type { FilterOption } from "@/components/data-table/data-table";
import { statusOptions } from "@/lib/format";
import type { TicketRead } from "@/lib/tickets/read";
import { DIRECTION_OPTIONS, DIRECTION_SHORT } from "@/lib/tickets/labels";

/** A ticket's read row as the table shows it (lib/tickets/read.ts): its messages counted, not sent. */
export interface TicketRow extends Pick<TicketRead, "id" | "number" | "subject" | "direction" | "workingStatus" | "department" | "updatedAt"> {
  messageCount: number;
}

export const TicketsTable = listTable<TicketRow, { departments: FilterOption[] }>(({ departments }, t) => ({
  label: "Tickets",
  columns: [
    t.text("friendly_ticket_id", "#", "number", { numeric: true }),
    t.link(
      "subject",
      "Subject",
      (tk) => `tickets/${tk.id}`,
      (tk) => tk.subject,
    ),
    t.badge("working_status", "Status", "workingStatus", { kind: "ticket", sort: false }),
    t.text("direction", "Direction", (tk) => DIRECTION_SHORT[tk.direction], { sort: false }),
    t.text("department", "Department", (tk) => tk.department ?? "—", { sort: false }),
    t.text("messages", "Messages", "messageCount", { sort: false, numeric: true }),
    t.instant("updated_at", "Updated", "updatedAt"),
  ],
  getRowId: (r) => r.id,
  searchPlaceholder: "Subject, number or guest email",
  filters: [
    { name: "working_status", label: "Status", options: statusOptions("ticket") },
    { name: "direction", label: "Direction", options: DIRECTION_OPTIONS },
    ...(departments.length ? [{ name: "department", label: "Department", options: departments }] : []),
  ],
  empty: t.empty("No tickets match.", "tickets/new", "Open a ticket"),
}));
