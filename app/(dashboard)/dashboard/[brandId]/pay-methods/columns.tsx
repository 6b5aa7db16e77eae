"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { formatInstant } from "@/lib/format";
import { payMethodLabel } from "./_components/labels";

export interface PayMethodRow {
  pay_method_id: string;
  customer_account_id: string;
  customer_name: string;
  pay_method_type: string;
  brand: string | null;
  last_four: string;
  expires: string;
  verified: string;
  is_default: string;
  created: Date | string;
}

function columns(brandId: string): ColumnDef<PayMethodRow, unknown>[] {
  return [
    {
      id: "method",
      header: "Pay method",
      enableSorting: false,
      cell: ({ row: { original: p } }) => <Link href={`/dashboard/${brandId}/pay-methods/${p.pay_method_id}`}>{payMethodLabel(p)}</Link>,
    },
    {
      id: "account",
      header: "Customer",
      enableSorting: false,
      cell: ({ row: { original: p } }) => <Link href={`/dashboard/${brandId}/accounts/${p.customer_account_id}`}>{p.customer_name}</Link>,
    },
    { id: "expires", header: "Expires", enableSorting: false, cell: ({ row }) => row.original.expires },
    {
      id: "verified",
      header: "Verified",
      enableSorting: false,
      cell: ({ row }) => (
        <span className={`badge ${row.original.verified === "Y" ? "ok" : "warn"}`}>{row.original.verified === "Y" ? "Verified" : "Unverified"}</span>
      ),
    },
    { id: "default", header: "Default", enableSorting: false, cell: ({ row }) => (row.original.is_default === "Y" ? "Default" : "") },
    { id: "created_at", header: "Added", cell: ({ row }) => formatInstant(row.original.created) },
  ];
}

export const PayMethodsTable = listTable<PayMethodRow>(({ brandId }) => ({
  label: "Pay methods",
  columns: columns(brandId),
  getRowId: (r) => r.pay_method_id,
  searchPlaceholder: "Holder name or last four digits",
  filters: [
    {
      name: "type",
      label: "Type",
      options: [
        { value: "CC", label: "Cards" },
        { value: "BA", label: "Bank accounts" },
      ],
    },
  ],
  empty: (
    <>
      No pay methods yet. <Link href={`/dashboard/${brandId}/pay-methods/new`}>Add one</Link>.
    </>
  ),
}));
