"use client";

import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { listTable } from "@/components/data-table/list-table";
import { formatInstant, formatMoney, invoiceName, statusOptions } from "@/lib/format";
import type { CreditNoteRead } from "@/lib/credit-notes/read";
import { StatusBadge } from "@/components/ui/status";
import { CreditNotePdfLink } from "./_components/pdf-link";

const REASON_OPTIONS = statusOptions("credit_reason");

export type CreditNoteRow = Pick<
  CreditNoteRead,
  "id" | "number" | "customerAccountId" | "invoiceId" | "invoiceNumber" | "reason" | "destination" | "amountCents" | "taxCents" | "currency" | "createdAt"
> & { customerName: string };

function columns(brandId: string): ColumnDef<CreditNoteRow, unknown>[] {
  const dash = `/dashboard/${brandId}`;
  return [
    {
      id: "number",
      header: "Credit note",
      enableSorting: false,
      cell: ({ row: { original: n } }) => <CreditNotePdfLink brandId={brandId} id={n.id} number={n.number} />,
    },
    {
      id: "account",
      header: "Customer",
      enableSorting: false,
      cell: ({ row: { original: n } }) => <Link href={`${dash}/accounts/${n.customerAccountId}`}>{n.customerName}</Link>,
    },
    {
      id: "invoice",
      header: "Credits",
      enableSorting: false,
      cell: ({ row: { original: n } }) => <Link href={`${dash}/invoices/${n.invoiceId}`}>{invoiceName({ number: n.invoiceNumber })}</Link>,
    },
    { id: "reason", header: "Reason", enableSorting: false, cell: ({ row }) => <StatusBadge kind="credit_reason" status={row.original.reason} /> },
    {
      id: "destination",
      header: "Money to",
      enableSorting: false,
      cell: ({ row }) => <StatusBadge kind="credit_destination" status={row.original.destination} />,
    },
    { id: "amount", header: "Amount", meta: { numeric: true }, cell: ({ row }) => formatMoney(row.original.amountCents, row.original.currency) },
    // Its tax part (issue 33), included in the amount.
    { id: "tax", header: "Tax", enableSorting: false, meta: { numeric: true }, cell: ({ row }) => formatMoney(row.original.taxCents, row.original.currency) },
    { id: "created_at", header: "Date", cell: ({ row }) => formatInstant(row.original.createdAt) },
  ];
}

export const CreditNotesTable = listTable<CreditNoteRow>(({ brandId }) => ({
  label: "Credit notes",
  columns: columns(brandId),
  getRowId: (r) => r.id,
  exportName: "credit-notes",
  searchPlaceholder: "Number or customer",
  accountFilter: { name: "customer_account_id", label: "Customer" },
  filters: [{ name: "reason", label: "Reason", options: REASON_OPTIONS }],
  dateRanges: [{ name: "created", label: "Created" }],
  empty:
    "No credit notes yet. One is issued when money comes off an invoice with payments on it: a payment refunded, an invoice voided, or a price lowered after payment.",
}));
