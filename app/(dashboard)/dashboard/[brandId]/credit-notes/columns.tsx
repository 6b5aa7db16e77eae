"use client";

import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import type { TableQuery } from "@/components/data-table/search-params";
import { formatInstant, formatMoney, invoiceName, statusOptions } from "@/lib/format";
import type { CreditNoteRead } from "@/lib/credit-notes/read";
import { StatusBadge } from "@/components/ui/status";

const REASON_OPTIONS = statusOptions("credit_reason");

export type CreditNoteRow = CreditNoteRead & { customerName: string };

function columns(brandId: string): ColumnDef<CreditNoteRow, unknown>[] {
  const dash = `/dashboard/${brandId}`;
  return [
    {
      id: "number",
      header: "Credit note",
      enableSorting: false,
      cell: ({ row: { original: n } }) => (
        // A download: a plain link (prefetching it would fetch the PDF).
        <a href={`${dash}/credit-notes/${n.id}/pdf`} download title="Download the PDF">
          {n.number}
        </a>
      ),
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
    { id: "created_at", header: "Date", cell: ({ row }) => formatInstant(row.original.createdAt) },
  ];
}

export function CreditNotesTable({
  brandId,
  rows,
  total,
  query,
  sortKeys,
}: {
  brandId: string;
  rows: CreditNoteRow[];
  total: number;
  query: TableQuery<string>;
  sortKeys: readonly string[];
}) {
  return (
    <DataTable
      label="Credit notes"
      columns={columns(brandId)}
      sortKeys={sortKeys}
      rows={rows}
      total={total}
      query={query}
      getRowId={(r) => r.id}
      exportName="credit-notes"
      searchPlaceholder="Credit note or invoice number, customer name or email"
      accountFilter={{ name: "customer_account_id", label: "Customer" }}
      filters={[{ name: "reason", label: "Reason", options: REASON_OPTIONS }]}
      dateRanges={[{ name: "created", label: "Created" }]}
      empty={
        <>
          No credit notes yet. One is issued when money is taken off an invoice that was paid: a refund (
          <Link href={`/dashboard/${brandId}/payments`}>Payments</Link>
          ), a voided invoice, or a price change after payment.
        </>
      }
    />
  );
}
