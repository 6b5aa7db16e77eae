"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { INVOICE_STATUS_OPTIONS, StatusBadge } from "@/components/ui/status";
import { formatDate, formatInstant, formatMoney, invoiceName } from "@/lib/format";
import type { InvoiceRead } from "@/lib/invoices/read";

export type InvoiceRow = Pick<
  InvoiceRead,
  "id" | "number" | "customerAccountId" | "dueDate" | "status" | "totalCents" | "paidCents" | "balanceCents" | "currency" | "createdAt"
> & {
  customerName: string;
};

function columns(brandId: string): ColumnDef<InvoiceRow, unknown>[] {
  return [
    {
      id: "invoice",
      header: "Invoice",
      enableSorting: false,
      cell: ({ row: { original: i } }) => (
        <Link href={`/dashboard/${brandId}/invoices/${i.id}`} title={i.id}>
          {invoiceName(i)}
        </Link>
      ),
    },
    {
      id: "account",
      header: "Customer",
      enableSorting: false,
      cell: ({ row: { original: i } }) => <Link href={`/dashboard/${brandId}/accounts/${i.customerAccountId}`}>{i.customerName}</Link>,
    },
    { id: "due_date", header: "Due", cell: ({ row }) => formatDate(row.original.dueDate) },
    { id: "status", header: "Status", enableSorting: false, cell: ({ row }) => <StatusBadge status={row.original.status} kind="invoice" /> },
    {
      id: "total",
      header: "Total",
      enableSorting: false,
      meta: { numeric: true },
      cell: ({ row }) => formatMoney(row.original.totalCents, row.original.currency),
    },
    {
      id: "paid",
      header: "Paid",
      enableSorting: false,
      meta: { numeric: true },
      cell: ({ row }) => formatMoney(row.original.paidCents, row.original.currency),
    },
    {
      id: "balance",
      header: "Balance",
      enableSorting: false,
      meta: { numeric: true },
      cell: ({ row }) => formatMoney(row.original.balanceCents, row.original.currency),
    },
    { id: "created_at", header: "Created", cell: ({ row }) => formatInstant(row.original.createdAt) },
  ];
}

export const InvoicesTable = listTable<InvoiceRow>(({ brandId }) => ({
  exportName: "invoices",
  label: "Invoices",
  columns: columns(brandId),
  getRowId: (r) => r.id,
  searchPlaceholder: "Invoice number, customer name or email",
  filters: [
    {
      name: "status",
      label: "Status",
      options: [...INVOICE_STATUS_OPTIONS, { value: "owed", label: "Owed (unpaid or partly)" }, { value: "live", label: "Not deleted" }],
    },
    {
      name: "age",
      label: "Past due",
      options: [
        { value: "current", label: "Not yet due" },
        { value: "0-30", label: "0–30 days" },
        { value: "31-60", label: "31–60 days" },
        { value: "61-90", label: "61–90 days" },
        { value: "90+", label: "Over 90 days" },
      ],
    },
  ],
  dateRanges: [{ name: "created", label: "Created" }],
  empty: (
    <>
      No invoices yet. Billing generates them for subscriptions, or <Link href={`/dashboard/${brandId}/invoices/new`}>create one by hand</Link>.
    </>
  ),
}));
