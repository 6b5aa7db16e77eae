"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import type { FilterOption } from "@/components/data-table/data-table";
import { RECORD_STATUS_OPTIONS, StatusBadge } from "@/components/ui/status";
import { formatPeriod } from "@/lib/format";
import type { ProductRead } from "@/lib/catalog/read";

/** A product's read row as the table shows it (lib/catalog/read.ts), its price formatted and its group named. */
export interface ProductRow extends Pick<ProductRead, "id" | "name" | "productGroupId" | "expirationInterval" | "intervalUnit" | "trial" | "status"> {
  groupName: string;
  price: string;
}

function columns(brandId: string): ColumnDef<ProductRow, unknown>[] {
  return [
    { id: "name", header: "Name", cell: ({ row: { original: p } }) => <Link href={`/dashboard/${brandId}/products/${p.id}`}>{p.name}</Link> },
    {
      id: "group",
      header: "Group",
      cell: ({ row: { original: p } }) => <Link href={`/dashboard/${brandId}/product-groups/${p.productGroupId}`}>{p.groupName}</Link>,
    },
    { id: "recurring_price", header: "Price", meta: { numeric: true }, cell: ({ row }) => row.original.price },
    {
      id: "expiration_interval",
      header: "Period",
      meta: { numeric: true },
      cell: ({ row: { original: p } }) => formatPeriod(p.intervalUnit, p.expirationInterval),
    },
    { id: "trial", header: "Trial", cell: ({ row }) => (row.original.trial ? "Yes" : "No") },
    { id: "status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  ];
}

export const ProductsTable = listTable<ProductRow, { groups: FilterOption[] }>(({ brandId, groups }) => ({
  label: "Products",
  columns: columns(brandId),
  getRowId: (r) => r.id,
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
