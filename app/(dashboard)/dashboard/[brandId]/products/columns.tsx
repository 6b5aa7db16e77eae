"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import type { FilterOption } from "@/components/data-table/data-table";
import { RECORD_STATUS_OPTIONS, StatusBadge } from "@/components/ui/status";
import { formatPeriod } from "@/lib/format";
import type { IntervalUnit } from "@/lib/pricing/periods";

export interface ProductRow {
  product_id: string;
  name: string;
  product_group_id: string;
  group_name: string;
  recurring_price: string;
  expiration_interval: number;
  interval_unit: IntervalUnit;
  trial: string;
  status: number;
}

function columns(brandId: string): ColumnDef<ProductRow, unknown>[] {
  return [
    { id: "name", header: "Name", cell: ({ row: { original: p } }) => <Link href={`/dashboard/${brandId}/products/${p.product_id}`}>{p.name}</Link> },
    {
      id: "group",
      header: "Group",
      cell: ({ row: { original: p } }) => <Link href={`/dashboard/${brandId}/product-groups/${p.product_group_id}`}>{p.group_name}</Link>,
    },
    { id: "recurring_price", header: "Price", meta: { numeric: true }, cell: ({ row }) => row.original.recurring_price },
    {
      id: "expiration_interval",
      header: "Period",
      meta: { numeric: true },
      cell: ({ row: { original: p } }) => formatPeriod(p.interval_unit, p.expiration_interval),
    },
    { id: "trial", header: "Trial", cell: ({ row }) => (row.original.trial === "Y" ? "Yes" : "No") },
    { id: "status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  ];
}

export const ProductsTable = listTable<ProductRow, { groups: FilterOption[] }>(({ brandId, groups }) => ({
  label: "Products",
  columns: columns(brandId),
  getRowId: (r) => r.product_id,
  searchPlaceholder: "Name",
  filters: [
    { name: "group", label: "Group", options: groups },
    { name: "status", label: "Status", options: RECORD_STATUS_OPTIONS },
  ],
  empty: (
    <>
      No products yet. <Link href={`/dashboard/${brandId}/products/new`}>Create the first one</Link>.
    </>
  ),
}));
