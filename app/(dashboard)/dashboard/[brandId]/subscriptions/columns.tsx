"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { RECORD_STATUS_OPTIONS, StatusBadge } from "@/components/ui/status";
import { formatDate, formatInstant, formatMoney } from "@/lib/format";
import type { SubscriptionRead } from "@/lib/subscriptions/read";

export type SubscriptionRow = Pick<
  SubscriptionRead,
  "id" | "customerAccountId" | "productName" | "status" | "startDate" | "renewalDate" | "nextRenewalCents" | "currency" | "autoPay" | "createdAt"
> & { customerName: string };

function columns(brandId: string): ColumnDef<SubscriptionRow, unknown>[] {
  return [
    {
      id: "product",
      header: "Subscription",
      enableSorting: false,
      meta: { wrap: true },
      cell: ({ row: { original: s } }) => <Link href={`/dashboard/${brandId}/subscriptions/${s.id}`}>{s.productName ?? "(product deleted)"}</Link>,
    },
    {
      id: "account",
      header: "Customer",
      enableSorting: false,
      meta: { wrap: true },
      cell: ({ row: { original: s } }) => <Link href={`/dashboard/${brandId}/accounts/${s.customerAccountId}`}>{s.customerName}</Link>,
    },
    { id: "status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    { id: "start_date", header: "Started", cell: ({ row }) => formatDate(row.original.startDate) },
    { id: "renewal_date", header: "Renews", cell: ({ row }) => formatDate(row.original.renewalDate) },
    {
      id: "next",
      header: "Next charge",
      enableSorting: false,
      meta: { numeric: true },
      cell: ({ row: { original: s } }) => (s.nextRenewalCents === null ? "—" : formatMoney(s.nextRenewalCents, s.currency)),
    },
    { id: "auto_pay", header: "Auto pay", enableSorting: false, cell: ({ row }) => (row.original.autoPay ? "Yes" : "No") },
    { id: "created_at", header: "Created", cell: ({ row }) => formatInstant(row.original.createdAt) },
  ];
}

export const SubscriptionsTable = listTable<SubscriptionRow>(({ brandId }) => ({
  exportName: "subscriptions",
  label: "Subscriptions",
  columns: columns(brandId),
  getRowId: (r) => r.id,
  searchPlaceholder: "Customer name or email, product",
  filters: [
    { name: "status", label: "Status", options: RECORD_STATUS_OPTIONS },
    {
      name: "trial",
      label: "Trial",
      more: true,
      options: [
        { value: "Y", label: "In a trial" },
        { value: "N", label: "Not in a trial" },
      ],
    },
    {
      name: "returning",
      label: "Customer",
      more: true,
      options: [
        { value: "N", label: "New" },
        { value: "Y", label: "Returning (had cancelled)" },
      ],
    },
  ],
  dateRanges: [
    { name: "created", label: "Created", more: true },
    { name: "ended", label: "Ended", more: true },
    { name: "renews", label: "Renews", more: true },
  ],
  empty: (
    <>
      No subscriptions yet. <Link href={`/dashboard/${brandId}/subscriptions/new`}>Create the first one</Link>.
    </>
  ),
}));
