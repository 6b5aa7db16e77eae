"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { RECORD_STATUS_OPTIONS, StatusBadge } from "@/components/ui/status";
import { formatInstant } from "@/lib/format";

export interface GroupRow {
  product_group_id: string;
  name: string;
  description: string;
  variables: number;
  status: number;
  created: Date | string;
}

function columns(brandId: string): ColumnDef<GroupRow, unknown>[] {
  return [
    {
      id: "name",
      header: "Name",
      cell: ({ row: { original: g } }) => <Link href={`/dashboard/${brandId}/product-groups/${g.product_group_id}`}>{g.name}</Link>,
    },
    { id: "description", header: "Description", cell: ({ row }) => row.original.description },
    { id: "variables", header: "Variables", meta: { numeric: true }, cell: ({ row }) => row.original.variables },
    { id: "status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    { id: "created_at", header: "Created", cell: ({ row }) => formatInstant(row.original.created) },
  ];
}

export const GroupsTable = listTable<GroupRow>(({ brandId }) => ({
  label: "Product groups",
  columns: columns(brandId),
  getRowId: (r) => r.product_group_id,
  searchPlaceholder: "Name",
  filters: [{ name: "status", label: "Status", options: RECORD_STATUS_OPTIONS }],
  empty: (
    <>
      No product groups yet. <Link href={`/dashboard/${brandId}/product-groups/new`}>Create the first one</Link>: products and components belong to a group.
    </>
  ),
}));
