"use client";

import { listTable } from "@/components/data-table/list-table";
import { choices } from "@/components/data-table/filters";
import { invoiceName, shortId, statusOptions } from "@/lib/format";
import type { PaymentRead } from "@/lib/payments/read";
import { StatusBadge } from "@/components/ui/status";

// "collected": what the overview's Collected counts, payments that went through (refunded since or not).
const PAYMENT_STATUS_OPTIONS = [...statusOptions("payment"), { value: "collected", label: "Collected (refunded later too)" }];

export const PaymentStatus = ({ status }: { status: string }) => <StatusBadge kind="payment" status={status} />;

export type PaymentRow = Pick<PaymentRead, "id" | "customerAccountId" | "invoiceId" | "invoiceNumber" | "amountCents" | "currency" | "status" | "createdAt"> & {
  customerName: string;
  method: string;
};

export const PaymentsTable = listTable<PaymentRow>((_, t) => ({
  label: "Payments",
  columns: [
    t.link(
      "payment",
      "Payment",
      (p) => `payments/${p.id}`,
      (p) => `Payment …${shortId(p.id)}`,
      { sort: false },
    ),
    t.customer(
      (p) => p.customerAccountId,
      (p) => p.customerName,
    ),
    t.link(
      "to",
      "Paid to",
      (p) => p.invoiceId && `invoices/${p.invoiceId}`,
      (p) => invoiceName({ number: p.invoiceNumber }),
      {
        sort: false,
        otherwise: "Prepaid balance",
      },
    ),
    t.text("method", "How", "method", { sort: false }),
    t.status({ sort: false, kind: "payment" }),
    t.money("amount", "Amount", "amountCents"),
    t.created("createdAt", "Date"),
  ],
  getRowId: (r) => r.id,
  exportName: "payments",
  searchPlaceholder: "Transaction id, customer name or email",
  filters: [
    { name: "status", label: "Status", options: PAYMENT_STATUS_OPTIONS },
    {
      name: "source",
      label: "Source",
      options: choices({ received: "Money received (not prepaid)", gateway: "Gateway charge", recorded: "Recorded", prepaid_balance: "Prepaid balance" }),
    },
  ],
  dateRanges: [
    { name: "created", label: "Created" },
    { name: "reversed", label: "Reversed", more: true },
  ],
  empty: t.empty("No payments yet.", "payments/new", "Record one"),
}));
