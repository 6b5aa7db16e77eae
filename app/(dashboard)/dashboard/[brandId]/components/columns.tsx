"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import type { FilterOption } from "@/components/data-table/data-table";
import { RECORD_STATUS_OPTIONS, StatusBadge } from "@/components/ui/status";
import { COMPONENT_TYPE_OPTIONS, componentTypeLabel } from "./_components/types";

export interface ComponentRow {
  component_id: string;
  name: string;
  component_type: string;
  product_group_id: string;
  group_name: string;
  unit_price: string;
  status: number;
}

function columns(brandId: string): ColumnDef<ComponentRow, unknown>[] {
  return [
    { id: "name", header: "Name", cell: ({ row: { original: c } }) => <Link href={`/dashboard/${brandId}/components/${c.component_id}`}>{c.name}</Link> },
    { id: "component_type", header: "Type", cell: ({ row }) => componentTypeLabel(row.original.component_type) },
    {
      id: "group",
      header: "Group",
      cell: ({ row: { original: c } }) => <Link href={`/dashboard/${brandId}/product-groups/${c.product_group_id}`}>{c.group_name}</Link>,
    },
    { id: "unit_price", header: "Unit price", meta: { numeric: true }, cell: ({ row }) => row.original.unit_price },
    { id: "status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  ];
}

export const ComponentsTable = listTable<ComponentRow, { groups: FilterOption[] }>(({ brandId, groups }) => ({
  label: "Components",
  columns: columns(brandId),
  getRowId: (r) => r.component_id,
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
