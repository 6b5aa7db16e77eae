"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { RECORD_STATUS_OPTIONS, StatusBadge } from "@/components/ui/status";
import { formatInstant } from "@/lib/format";

/** The fields of the API's user view this list shows. */
export interface UserRow {
  user_id: string;
  customer_account_id: string;
  username: string;
  first_name: string;
  last_name: string;
  email_address: string;
  access_level: string;
  status: number;
  created: Date | string;
}

function columns(brandId: string): ColumnDef<UserRow, unknown>[] {
  return [
    {
      id: "last_name",
      header: "Name",
      cell: ({ row: { original: u } }) => (
        <Link href={`/dashboard/${brandId}/users/${u.user_id}`}>
          {u.first_name} {u.last_name}
        </Link>
      ),
    },
    { id: "email_address", header: "Email", cell: ({ row }) => row.original.email_address },
    { id: "username", header: "Username", cell: ({ row }) => row.original.username },
    { id: "access_level", header: "Access", enableSorting: false, cell: ({ row }) => (row.original.access_level === "ADMIN" ? "Admin" : "User") },
    { id: "status", header: "Status", enableSorting: false, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    { id: "created_at", header: "Created", cell: ({ row }) => formatInstant(row.original.created) },
  ];
}

export const UsersTable = listTable<UserRow>(({ brandId }) => ({
  label: "Users",
  columns: columns(brandId),
  getRowId: (r) => r.user_id,
  searchPlaceholder: "Name, username or email",
  filters: [
    { name: "status", label: "Status", options: RECORD_STATUS_OPTIONS },
    {
      name: "access_level",
      label: "Access",
      options: [
        { value: "ADMIN", label: "Admin" },
        { value: "USER", label: "User" },
      ],
    },
  ],
  empty: (
    <>
      No users match. <Link href={`/dashboard/${brandId}/users/new`}>Add a user</Link>.
    </>
  ),
}));
