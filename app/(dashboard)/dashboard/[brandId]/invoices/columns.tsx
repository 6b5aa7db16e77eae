"use client";

import Link from "next/link";
import { listTable } from "@/components/data-table/list-table";
import { choices } from "@/components/data-table/filters";
import { INVOICE_STATUS_OPTIONS } from "@/components/ui/status";
import { invoiceName } from "@/lib/format";
import type { InvoiceRead } from "@/lib/invoices/read";

export type InvoiceRow = Pick<
  InvoiceRead,
  "id" | "number" | "customerAccountId" | "dueDate" | "status" | "totalCents" | "paidCents" | "balanceCents" | "currency" | "createdAt"
> & {
  customerName: string;
};

export const InvoicesTable = listTable<InvoiceRow>((_, t) => ({
  exportName: "invoices",
  label: "Invoices",
  columns: [
    t.text(
      "invoice",
      "Invoice",
      (i) => (
        <Link href={t.href(`invoices/${i.id}`)} title={i.id}>
          {invoiceName(i)}
        </Link>
      ),
      { sort: false },
    ),
    t.customer(
      (i) => i.customerAccountId,
      (i) => i.customerName,
    ),
    t.date("due_date", "Due", "dueDate"),
    t.status({ sort: false, kind: "invoice" }),
    t.money("total", "Total", "totalCents", { sort: false }),
    t.money("paid", "Paid", "paidCents", { sort: false }),
    t.money("balance", "Balance", "balanceCents", { sort: false }),
    t.created("createdAt"),
  ],
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
      options: choices({ current: "Not yet due", "0-30": "0–30 days", "31-60": "31–60 days", "61-90": "61–90 days", "90+": "Over 90 days" }),
    },
  ],
  dateRanges: [{ name: "created", label: "Created" }],
  empty: t.empty("No invoices yet. Billing generates them for subscriptions, or", "invoices/new", "create one by hand"),
}));
