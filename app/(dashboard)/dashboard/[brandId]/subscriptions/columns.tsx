"use client";

import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import type { TableQuery } from "@/components/data-table/search-params";
import { RECORD_STATUS_OPTIONS, StatusBadge } from "@/components/ui/status";
import { formatInstant } from "@/lib/format";

export interface SubscriptionRow {
  subscription_id: string;
  customer_account_id: string;
  customer_name: string;
  product_name: string | null;
  status: number;
  start_date: string | null;
  renewal_date: string | null;
  next_renewal_amount: string | null;
  auto_pay: string;
  created: Date | string;
}

function columns(brandId: string): ColumnDef<SubscriptionRow, unknown>[] {
  return [
    {
      id: "product",
      header: "Subscription",
      enableSorting: false,
      meta: { wrap: true },
      cell: ({ row: { original: s } }) => (
        <Link href={`/dashboard/${brandId}/subscriptions/${s.subscription_id}`}>{s.product_name ?? "(product deleted)"}</Link>
      ),
    },
    {
      id: "account",
      header: "Customer",
      enableSorting: false,
      meta: { wrap: true },
      cell: ({ row: { original: s } }) => <Link href={`/dashboard/${brandId}/accounts/${s.customer_account_id}`}>{s.customer_name}</Link>,
    },
    { id: "status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    { id: "start_date", header: "Started", cell: ({ row }) => row.original.start_date ?? "—" },
    { id: "renewal_date", header: "Renews", cell: ({ row }) => row.original.renewal_date ?? "—" },
    { id: "next", header: "Next charge", enableSorting: false, meta: { numeric: true }, cell: ({ row }) => row.original.next_renewal_amount ?? "—" },
    { id: "auto_pay", header: "Auto pay", enableSorting: false, cell: ({ row }) => (row.original.auto_pay === "Y" ? "Yes" : "No") },
    { id: "created_at", header: "Created", cell: ({ row }) => formatInstant(row.original.created) },
  ];
}

export function SubscriptionsTable({
  brandId,
  rows,
  total,
  query,
  sortKeys,
}: {
  brandId: string;
  rows: SubscriptionRow[];
  total: number;
  query: TableQuery<string>;
  sortKeys: readonly string[];
}) {
  return (
    <DataTable
      exportName="subscriptions"
      label="Subscriptions"
      columns={columns(brandId)}
      sortKeys={sortKeys}
      rows={rows}
      total={total}
      query={query}
      getRowId={(r) => r.subscription_id}
      searchPlaceholder="Customer name or email, product"
      filters={[
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
      ]}
      dateRanges={[
        { name: "created", label: "Created", more: true },
        { name: "ended", label: "Ended", more: true },
        { name: "renews", label: "Renews", more: true },
      ]}
      empty={
        <>
          No subscriptions yet. <Link href={`/dashboard/${brandId}/subscriptions/new`}>Create the first one</Link>.
        </>
      }
    />
  );
}
