"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import type { FilterOption } from "@/components/data-table/data-table";
import { ENFORCEMENT_OPTIONS, enforcementLabel } from "./_components/enforcement";

export interface RuleRow {
  rule_id: string;
  name: string;
  product_group_id: string;
  group_name: string;
  overdue_days: number;
  overdue_amount: string;
  enforcement_action: string;
}

function columns(brandId: string): ColumnDef<RuleRow, unknown>[] {
  return [
    { id: "name", header: "Name", cell: ({ row: { original: r } }) => <Link href={`/dashboard/${brandId}/dunning-rules/${r.rule_id}`}>{r.name}</Link> },
    {
      id: "group",
      header: "Group",
      cell: ({ row: { original: r } }) => <Link href={`/dashboard/${brandId}/product-groups/${r.product_group_id}`}>{r.group_name}</Link>,
    },
    { id: "overdue_days", header: "Days overdue", meta: { numeric: true }, cell: ({ row }) => row.original.overdue_days },
    { id: "overdue_amount", header: "Amount at least", meta: { numeric: true }, cell: ({ row }) => row.original.overdue_amount },
    { id: "enforcement_action", header: "Action", cell: ({ row }) => enforcementLabel(row.original.enforcement_action) },
  ];
}

export const RulesTable = listTable<RuleRow, { groups: FilterOption[] }>(({ brandId, groups }) => ({
  label: "Dunning rules",
  columns: columns(brandId),
  getRowId: (r) => r.rule_id,
  searchPlaceholder: "Name",
  filters: [
    { name: "group", label: "Group", options: groups },
    { name: "action", label: "Action", options: ENFORCEMENT_OPTIONS },
  ],
  empty: (
    <>
      No dunning rules yet. <Link href={`/dashboard/${brandId}/dunning-rules/new`}>Create the first one</Link> to remind, suspend or cancel when invoices stay
      unpaid.
    </>
  ),
}));
