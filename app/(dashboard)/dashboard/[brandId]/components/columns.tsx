"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import type { FilterOption } from "@/components/data-table/data-table";
import { RECORD_STATUS_OPTIONS, StatusBadge } from "@/components/ui/status";
import type { ComponentRead } from "@/lib/catalog/read";
import { COMPONENT_TYPE_OPTIONS, componentTypeLabel } from "./_components/types";

/** A component's read row as the table shows it (lib/catalog/read.ts), its price formatted and its group named. */
export interface ComponentRow extends Pick<ComponentRead, "id" | "name" | "type" | "productGroupId" | "status"> {
  groupName: string;
  price: string;
}

function columns(brandId: string): ColumnDef<ComponentRow, unknown>[] {
  return [
    { id: "name", header: "Name", cell: ({ row: { original: c } }) => <Link href={`/dashboard/${brandId}/components/${c.id}`}>{c.name}</Link> },
    { id: "component_type", header: "Type", cell: ({ row }) => componentTypeLabel(row.original.type) },
    {
      id: "group",
      header: "Group",
      cell: ({ row: { original: c } }) => <Link href={`/dashboard/${brandId}/product-groups/${c.productGroupId}`}>{c.groupName}</Link>,
    },
    { id: "unit_price", header: "Unit price", meta: { numeric: true }, cell: ({ row }) => row.original.price },
    { id: "status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  ];
}

export const ComponentsTable = listTable<ComponentRow, { groups: FilterOption[] }>(({ brandId, groups }) => ({
  label: "Components",
  columns: columns(brandId),
  getRowId: (r) => r.id,
  searchPlaceholder: "Name",
  filters: [
    { name: "group", label: "Group", options: groups },
    { name: "type", label: "Type", options: COMPONENT_TYPE_OPTIONS.map((o) => ({ value: o.value, label: componentTypeLabel(o.value) })) },
    { name: "status", label: "Status", options: RECORD_STATUS_OPTIONS },
  ],
  empty: (
    <>
      No components yet. <Link href={`/dashboard/${brandId}/components/new`}>Create the first one</Link>: add-ons a subscription of the group&apos;s products
      can have.
    </>
  ),
}));
