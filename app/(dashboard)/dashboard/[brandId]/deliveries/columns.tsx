"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import type { FilterOption } from "@/components/data-table/data-table";
import { formatInstant, shortId } from "@/lib/format";
import { CHANNEL_OPTIONS, DeliveryStatus, STATUS_OPTIONS } from "./_components/labels";

export interface DeliveryTableRow {
  delivery_id: string;
  type: string;
  channel: "email" | "post";
  status: string;
  kept: "mailbox" | "none" | null;
  target: string;
  customer_account_id: string | null;
  customer_name: string | null;
  attempts: number;
  next_attempt_at: Date | string | null;
  created_at: Date | string;
  replay_count: number;
}

function columns(brandId: string): ColumnDef<DeliveryTableRow, unknown>[] {
  const dash = `/dashboard/${brandId}`;
  return [
    {
      id: "type",
      header: "Event",
      meta: { wrap: true },
      cell: ({ row: { original: d } }) => (
        <Link href={`${dash}/deliveries/${d.delivery_id}`}>
          {d.type} <span className="muted">…{shortId(d.delivery_id)}</span>
        </Link>
      ),
    },
    { id: "channel", header: "Kind", enableSorting: false, cell: ({ row }) => (row.original.channel === "post" ? "Post" : "Email") },
    {
      id: "target",
      header: "To",
      enableSorting: false,
      meta: { wrap: true },
      cell: ({ row }) => row.original.target || <span className="muted">—</span>,
    },
    {
      id: "customer",
      header: "Customer",
      enableSorting: false,
      meta: { wrap: true },
      cell: ({ row: { original: d } }) =>
        d.customer_account_id ? <Link href={`${dash}/accounts/${d.customer_account_id}`}>{d.customer_name ?? `…${shortId(d.customer_account_id)}`}</Link> : "—",
    },
    {
      // The next try belongs to a queued or retrying status: under it, not a column of dashes.
      id: "status",
      header: "Status",
      meta: { wrap: true },
      cell: ({ row: { original: d } }) => (
        <>
          <DeliveryStatus status={d.status} replays={d.replay_count} kept={d.kept} />
          {d.next_attempt_at && <span className="muted stacked-note">next try {formatInstant(d.next_attempt_at)}</span>}
        </>
      ),
    },
    { id: "attempts", header: "Attempts", meta: { numeric: true }, cell: ({ row }) => row.original.attempts },
    { id: "created_at", header: "Created", cell: ({ row }) => formatInstant(row.original.created_at) },
  ];
}

export const DeliveriesTable = listTable<DeliveryTableRow, { types: FilterOption[] }>(({ brandId, types }) => ({
  label: "Deliveries",
  columns: columns(brandId),
  getRowId: (r) => r.delivery_id,
  searchPlaceholder: "Address, URL, event or anything in the payload",
  filters: [
    { name: "status", label: "Status", options: STATUS_OPTIONS },
    { name: "channel", label: "Kind", options: CHANNEL_OPTIONS, more: true },
    { name: "type", label: "Event", options: types, more: true },
  ],
  accountFilter: { name: "customer", label: "Customer" },
  dateRanges: [{ name: "created", label: "Created" }],
  empty: "No emails or posts yet: each notification and action URL event sent appears here.",
}));
