"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { RECORD_STATUS_OPTIONS, StatusBadge } from "@/components/ui/status";
import { formatInstant, formatMoney } from "@/lib/format";
import type { AccountRead } from "@/lib/accounts/read";

/** The fields of a customer account's read row this list shows (only these cross to the browser). */
export type AccountRow = Pick<
  AccountRead,
  "id" | "firstName" | "lastName" | "emailAddress" | "companyName" | "prepaidBalanceCents" | "currency" | "status" | "createdAt"
>;

function columns(brandId: string): ColumnDef<AccountRow, unknown>[] {
  return [
    {
      id: "last_name",
      header: "Name",
      cell: ({ row: { original: a } }) => (
        <Link href={`/dashboard/${brandId}/accounts/${a.id}`}>
          {a.firstName} {a.lastName}
        </Link>
      ),
    },
    { id: "email_address", header: "Email", cell: ({ row }) => row.original.emailAddress },
    { id: "company_name", header: "Company", cell: ({ row }) => row.original.companyName ?? "—" },
    { id: "status", header: "Status", enableSorting: false, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    {
      id: "prepaid_balance",
      header: "Prepaid balance",
      enableSorting: false,
      meta: { numeric: true },
      cell: ({ row }) => formatMoney(row.original.prepaidBalanceCents, row.original.currency),
    },
    { id: "created_at", header: "Created", cell: ({ row }) => formatInstant(row.original.createdAt) },
  ];
}

export const AccountsTable = listTable<AccountRow>(({ brandId }) => ({
  exportName: "accounts",
  label: "Customer accounts",
  columns: columns(brandId),
  getRowId: (r) => r.id,
  searchPlaceholder: "Name, company or email",
  filters: [{ name: "status", label: "Status", options: RECORD_STATUS_OPTIONS }],
  empty: (
    <>
      No customer accounts yet. <Link href={`/dashboard/${brandId}/accounts/new`}>Create the first one</Link>.
    </>
  ),
}));
