"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import type { FilterOption } from "@/components/data-table/data-table";
import type { DunningRuleRead } from "@/lib/dunning/read";
import { ENFORCEMENT_OPTIONS, enforcementLabel } from "./_components/enforcement";

/** A dunning rule's read row as the table shows it (lib/dunning/read.ts), its amount formatted and its group named. */
export interface RuleRow extends Pick<DunningRuleRead, "id" | "name" | "productGroupId" | "overdueDays" | "action"> {
  groupName: string;
  overdueAmount: string;
}

function columns(brandId: string): ColumnDef<RuleRow, unknown>[] {
  return [
    { id: "name", header: "Name", cell: ({ row: { original: r } }) => <Link href={`/dashboard/${brandId}/dunning-rules/${r.id}`}>{r.name}</Link> },
    {
      id: "group",
      header: "Group",
      cell: ({ row: { original: r } }) => <Link href={`/dashboard/${brandId}/product-groups/${r.productGroupId}`}>{r.groupName}</Link>,
    },
    { id: "overdue_days", header: "Days overdue", meta: { numeric: true }, cell: ({ row }) => row.original.overdueDays },
    { id: "overdue_amount", header: "Amount at least", meta: { numeric: true }, cell: ({ row }) => row.original.overdueAmount },
    { id: "enforcement_action", header: "Action", cell: ({ row }) => enforcementLabel(row.original.action) },
  ];
}

export const RulesTable = listTable<RuleRow, { groups: FilterOption[] }>(({ brandId, groups }) => ({
  label: "Dunning rules",
  columns: columns(brandId),
  getRowId: (r) => r.id,
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
