"use client";

import { listTable } from "@/components/data-table/list-table";
import { invoiceName, statusOptions } from "@/lib/format";
import type { CreditNoteRead } from "@/lib/credit-notes/read";
import { CreditNotePdfLink } from "./_components/pdf-link";

const REASON_OPTIONS = statusOptions("credit_reason");

export type CreditNoteRow = Pick<
  CreditNoteRead,
  "id" | "number" | "customerAccountId" | "invoiceId" | "invoiceNumber" | "reason" | "destination" | "amountCents" | "taxCents" | "currency" | "createdAt"
> & { customerName: string };

export const CreditNotesTable = listTable<CreditNoteRow>(({ brandId }, t) => ({
  label: "Credit notes",
  columns: [
    t.text("number", "Credit note", (n) => <CreditNotePdfLink brandId={brandId} id={n.id} number={n.number} />, { sort: false }),
    t.customer(
      (n) => n.customerAccountId,
      (n) => n.customerName,
    ),
    t.link(
      "invoice",
      "Credits",
      (n) => `invoices/${n.invoiceId}`,
      (n) => invoiceName({ number: n.invoiceNumber }),
      { sort: false },
    ),
    t.badge("reason", "Reason", "reason", { sort: false, kind: "credit_reason" }),
    t.badge("destination", "Money to", "destination", { sort: false, kind: "credit_destination" }),
    t.money("amount", "Amount", "amountCents"),
    // Its tax part (issue 33), included in the amount.
    t.money("tax", "Tax", "taxCents", { sort: false }),
    t.created("createdAt", "Date"),
  ],
  getRowId: (r) => r.id,
  exportName: "credit-notes",
  searchPlaceholder: "Number or customer",
  accountFilter: { name: "customer_account_id", label: "Customer" },
  filters: [{ name: "reason", label: "Reason", options: REASON_OPTIONS }],
  dateRanges: [{ name: "created", label: "Created" }],
  empty:
    "No credit notes yet. One is issued when money comes off an invoice with payments on it: a payment refunded, an invoice voided, or a price lowered after payment.",
}));
