"use client";

import { listTable } from "@/components/data-table/list-table";
import type { FilterOption } from "@/components/data-table/data-table";
import { DIRECTION_OPTIONS, DIRECTION_SHORT, STATUS_OPTIONS, statusLabel, statusTone } from "@/lib/tickets/labels";

/** The fields of the API's ticket view this list shows (its messages counted, not sent). */
export interface TicketRow {
  ticket_id: string;
  friendly_ticket_id: number;
  subject: string;
  direction: keyof typeof DIRECTION_SHORT;
  working_status: "OPEN" | "ANSWERED" | "WORKING" | "ON HOLD" | "CLOSED";
  department: string | null;
  message_count: number;
  updated: Date | string;
}

export const TicketStatus = ({ status }: { status: string }) => <span className={`badge ${statusTone(status)}`}>{statusLabel(status)}</span>;

export const TicketsTable = listTable<TicketRow, { departments: FilterOption[] }>(({ departments }, t) => ({
  label: "Tickets",
  columns: [
    t.text("friendly_ticket_id", "#", "friendly_ticket_id", { numeric: true }),
    t.link(
      "subject",
      "Subject",
      (tk) => `tickets/${tk.ticket_id}`,
      (tk) => tk.subject,
    ),
    t.text("working_status", "Status", (tk) => <TicketStatus status={tk.working_status} />, { sort: false }),
    t.text("direction", "Direction", (tk) => DIRECTION_SHORT[tk.direction], { sort: false }),
    t.text("department", "Department", (tk) => tk.department ?? "—", { sort: false }),
    t.text("messages", "Messages", "message_count", { sort: false, numeric: true }),
    t.instant("updated_at", "Updated", "updated"),
  ],
  getRowId: (r) => r.ticket_id,
  searchPlaceholder: "Subject, number or guest email",
  filters: [
    { name: "working_status", label: "Status", options: STATUS_OPTIONS },
    { name: "direction", label: "Direction", options: DIRECTION_OPTIONS },
    ...(departments.length ? [{ name: "department", label: "Department", options: departments }] : []),
  ],
  empty: t.empty("No tickets match.", "tickets/new", "Open a ticket"),
}));
