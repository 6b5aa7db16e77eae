"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { StatusBadge } from "@/components/ui/status";

/** The fields of the API's notification view this list shows. */
export interface NotificationRow {
  notification_id: string;
  notification_event: string;
  default_notify_customer: string;
  default_notify_brand: string;
  default_notify_brand_email: string | null;
  from_email: string;
  subject_customer: string | null;
  status: number;
}

const recipients = (n: NotificationRow) =>
  [n.default_notify_customer === "Y" && "Customer", n.default_notify_brand === "Y" && `Brand (${n.default_notify_brand_email ?? "—"})`]
    .filter(Boolean)
    .join(", ") || "Nobody";

function columns(brandId: string): ColumnDef<NotificationRow, unknown>[] {
  return [
    {
      id: "event",
      header: "Event",
      cell: ({ row: { original: n } }) => <Link href={`/dashboard/${brandId}/notifications/${n.notification_id}`}>{n.notification_event}</Link>,
    },
    {
      id: "subject",
      header: "Customer's subject",
      enableSorting: false,
      cell: ({ row }) => row.original.subject_customer || <span className="muted">Default</span>,
    },
    { id: "to", header: "Sent to", enableSorting: false, cell: ({ row }) => recipients(row.original) },
    { id: "from", header: "From", enableSorting: false, cell: ({ row }) => row.original.from_email },
    { id: "status", header: "Status", enableSorting: false, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  ];
}

export const NotificationsTable = listTable<NotificationRow>(({ brandId, query }) => ({
  label: "Notifications",
  columns: columns(brandId),
  getRowId: (r) => r.notification_id,
  searchPlaceholder: "Event or subject",
  filters: [{ name: "deleted", label: "Show", options: [{ value: "Y", label: "Deleted notifications" }] }],
  empty: query.filters.deleted ? (
    <>No deleted notifications.</>
  ) : (
    <>
      No notifications yet. <Link href={`/dashboard/${brandId}/notifications/new`}>Set up the first email</Link>.
    </>
  ),
}));
