"use client";

import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import type { TableQuery } from "@/components/data-table/search-params";
import { formatInstant } from "@/lib/format";
import type { StaffUserView } from "@/lib/staff/staff-users";
import { StaffStatusBadge } from "./_components/staff-status";

function columns(brandId: string, me: string): ColumnDef<StaffUserView, unknown>[] {
  return [
    {
      id: "name",
      header: "Name",
      cell: ({ row: { original: s } }) => (
        <Link href={`/dashboard/${brandId}/staff/${s.staff_user_id}`}>
          {s.name}
          {s.staff_user_id === me ? " (you)" : ""}
        </Link>
      ),
    },
    { id: "email", header: "Email", cell: ({ row }) => row.original.email },
    { id: "access_level", header: "Role", cell: ({ row }) => (row.original.access_level === "ADMIN" ? "Admin" : "User") },
    { id: "status", header: "Status", cell: ({ row }) => <StaffStatusBadge status={row.original.status} /> },
    { id: "two_factor", header: "Two-factor", cell: ({ row }) => (row.original.two_factor ? "On" : "Off") },
    { id: "created", header: "Added", cell: ({ row }) => formatInstant(row.original.created) },
  ];
}

export function StaffTable({
  brandId,
  me,
  rows,
  total,
  query,
}: {
  brandId: string;
  me: string;
  rows: StaffUserView[];
  total: number;
  query: TableQuery<string>;
}) {
  return (
    <DataTable
      label="Staff users"
      columns={columns(brandId, me)}
      sortKeys={[]}
      rows={rows}
      total={total}
      query={query}
      getRowId={(r) => r.staff_user_id}
      empty="No staff users."
    />
  );
}
