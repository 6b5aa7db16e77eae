"use client";

import { listTable } from "@/components/data-table/list-table";
import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { formatInstant, formatMoney, invoiceName, shortId, statusOptions } from "@/lib/format";
import type { PaymentRead } from "@/lib/payments/read";
import { StatusBadge } from "@/components/ui/status";

// "collected": what the overview's Collected counts, payments that went through (refunded since or not).
const PAYMENT_STATUS_OPTIONS = [...statusOptions("payment"), { value: "collected", label: "Collected (refunded later too)" }];

export const PaymentStatus = ({ status }: { status: string }) => <StatusBadge kind="payment" status={status} />;

export type PaymentRow = Pick<PaymentRead, "id" | "customerAccountId" | "invoiceId" | "invoiceNumber" | "amountCents" | "currency" | "status" | "createdAt"> & {
  customerName: string;
  method: string;
};

function columns(brandId: string): ColumnDef<PaymentRow, unknown>[] {
  return [
    {
      id: "payment",
      header: "Payment",
      enableSorting: false,
      cell: ({ row: { original: p } }) => <Link href={`/dashboard/${brandId}/payments/${p.id}`}>Payment …{shortId(p.id)}</Link>,
    },
    {
      id: "account",
      header: "Customer",
      enableSorting: false,
      cell: ({ row: { original: p } }) => <Link href={`/dashboard/${brandId}/accounts/${p.customerAccountId}`}>{p.customerName}</Link>,
    },
    {
      id: "to",
      header: "Paid to",
      enableSorting: false,
      cell: ({ row: { original: p } }) =>
        p.invoiceId ? <Link href={`/dashboard/${brandId}/invoices/${p.invoiceId}`}>{invoiceName({ number: p.invoiceNumber })}</Link> : "Prepaid balance",
    },
    { id: "method", header: "How", enableSorting: false, cell: ({ row }) => row.original.method },
    { id: "status", header: "Status", enableSorting: false, cell: ({ row }) => <PaymentStatus status={row.original.status} /> },
    { id: "amount", header: "Amount", meta: { numeric: true }, cell: ({ row }) => formatMoney(row.original.amountCents, row.original.currency) },
    { id: "created_at", header: "Date", cell: ({ row }) => formatInstant(row.original.createdAt) },
  ];
}

export const PaymentsTable = listTable<PaymentRow>(({ brandId }) => ({
  label: "Payments",
  columns: columns(brandId),
  getRowId: (r) => r.id,
  exportName: "payments",
  searchPlaceholder: "Transaction id, customer name or email",
  filters: [
    { name: "status", label: "Status", options: PAYMENT_STATUS_OPTIONS },
    {
      name: "source",
      label: "Source",
      options: [
        { value: "received", label: "Money received (not prepaid)" },
        { value: "gateway", label: "Gateway charge" },
        { value: "recorded", label: "Recorded" },
        { value: "prepaid_balance", label: "Prepaid balance" },
      ],
    },
  ],
  dateRanges: [
    { name: "created", label: "Created" },
    { name: "reversed", label: "Reversed", more: true },
  ],
  empty: (
    <>
      No payments yet. <Link href={`/dashboard/${brandId}/payments/new`}>Record one</Link>.
    </>
  ),
}));
