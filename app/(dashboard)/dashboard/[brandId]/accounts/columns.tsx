"use client";

import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import type { TableQuery } from "@/components/data-table/search-params";
import { RECORD_STATUS_OPTIONS, StatusBadge } from "@/components/ui/status";
import { formatInstant } from "@/lib/format";

/** The fields of the API's customer_account view this list shows. */
export interface AccountRow {
  customer_account_id: string;
  first_name: string;
  last_name: string;
  email_address: string;
  company_name: string | null;
  prepaid_balance: string;
  status: number;
  created: Date | string;
}

function columns(brandId: string): ColumnDef<AccountRow, unknown>[] {
  return [
    {
      id: "last_name",
      header: "Name",
      cell: ({ row: { original: a } }) => (
        <Link href={`/dashboard/${brandId}/accounts/${a.customer_account_id}`}>
          {a.first_name} {a.last_name}
        </Link>
      ),
    },
    { id: "email_address", header: "Email", cell: ({ row }) => row.original.email_address },
    { id: "company_name", header: "Company", cell: ({ row }) => row.original.company_name ?? "—" },
    { id: "status", header: "Status", enableSorting: false, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    { id: "prepaid_balance", header: "Prepaid balance", enableSorting: false, meta: { numeric: true }, cell: ({ row }) => row.original.prepaid_balance },
    { id: "created_at", header: "Created", cell: ({ row }) => formatInstant(row.original.created) },
  ];
}

export function AccountsTable({
  brandId,
  rows,
  total,
  query,
  sortKeys,
}: {
  brandId: string;
  rows: AccountRow[];
  total: number;
  query: TableQuery<string>;
  sortKeys: readonly string[];
}) {
  return (
    <DataTable
      exportName="accounts"
      label="Customer accounts"
      columns={columns(brandId)}
      sortKeys={sortKeys}
      rows={rows}
      total={total}
      query={query}
      getRowId={(r) => r.customer_account_id}
      searchPlaceholder="Name, company or email"
      filters={[{ name: "status", label: "Status", options: RECORD_STATUS_OPTIONS }]}
      empty={
        <>
          No customer accounts yet. <Link href={`/dashboard/${brandId}/accounts/new`}>Create the first one</Link>.
        </>
      }
    />
  );
}
