"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import type { FilterOption } from "@/components/data-table/data-table";
import { formatInstant } from "@/lib/format";
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

function columns(brandId: string): ColumnDef<TicketRow, unknown>[] {
  return [
    { id: "friendly_ticket_id", header: "#", meta: { numeric: true }, cell: ({ row }) => row.original.friendly_ticket_id },
    {
      id: "subject",
      header: "Subject",
      cell: ({ row: { original: t } }) => <Link href={`/dashboard/${brandId}/tickets/${t.ticket_id}`}>{t.subject}</Link>,
    },
    { id: "working_status", header: "Status", enableSorting: false, cell: ({ row }) => <TicketStatus status={row.original.working_status} /> },
    { id: "direction", header: "Direction", enableSorting: false, cell: ({ row }) => DIRECTION_SHORT[row.original.direction] },
    { id: "department", header: "Department", enableSorting: false, cell: ({ row }) => row.original.department ?? "—" },
    { id: "messages", header: "Messages", enableSorting: false, meta: { numeric: true }, cell: ({ row }) => row.original.message_count },
    { id: "updated_at", header: "Updated", cell: ({ row }) => formatInstant(row.original.updated) },
  ];
}

export const TicketsTable = listTable<TicketRow, { departments: FilterOption[] }>(({ brandId, departments }) => ({
  label: "Tickets",
  columns: columns(brandId),
  getRowId: (r) => r.ticket_id,
  searchPlaceholder: "Subject, number or guest email",
  filters: [
    { name: "working_status", label: "Status", options: STATUS_OPTIONS },
    { name: "direction", label: "Direction", options: DIRECTION_OPTIONS },
    ...(departments.length ? [{ name: "department", label: "Department", options: departments }] : []),
  ],
  empty: (
    <>
      No tickets match. <Link href={`/dashboard/${brandId}/tickets/new`}>Open a ticket</Link>.
    </>
  ),
}));
