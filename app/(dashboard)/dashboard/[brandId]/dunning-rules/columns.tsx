"use client";

import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable, type FilterOption } from "@/components/data-table/data-table";
import type { TableQuery } from "@/components/data-table/search-params";
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

export function RulesTable({
  brandId,
  rows,
  total,
  query,
  sortKeys,
  groups,
}: {
  brandId: string;
  rows: RuleRow[];
  total: number;
  query: TableQuery<string>;
  sortKeys: readonly string[];
  groups: FilterOption[];
}) {
  return (
    <DataTable
      label="Dunning rules"
      columns={columns(brandId)}
      sortKeys={sortKeys}
      rows={rows}
      total={total}
      query={query}
      getRowId={(r) => r.rule_id}
      searchPlaceholder="Name"
      filters={[
        { name: "group", label: "Group", options: groups },
        { name: "action", label: "Action", options: ENFORCEMENT_OPTIONS },
      ]}
      empty={
        <>
          No dunning rules yet. <Link href={`/dashboard/${brandId}/dunning-rules/new`}>Create the first one</Link> to remind, suspend or cancel when invoices
          stay unpaid.
        </>
      }
    />
  );
}
