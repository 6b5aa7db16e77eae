import Link from "next/link";
import { CompactSection, type CompactColumn } from "@/components/dashboard/compact-table";
import { StatusBadge } from "@/components/ui/status";
import type { CreditNoteRead } from "@/lib/credit-notes/read";
import { formatInstant, formatMoney, invoiceName } from "@/lib/format";
import { CreditNotePdfLink } from "./pdf-link";

/**
 * A record page's credit notes (issue 31): an invoice's (against it) or a customer's (the hub), the
 * number linking to the PDF, the reason, where the money went, the amount and its tax part, the date; the rest on
 * the Credit notes list with the same filter.
 */
export function CreditNoteSection({
  brandId,
  rows,
  total,
  of,
}: {
  brandId: string;
  rows: CreditNoteRead[];
  total: number;
  of: { invoiceId: string } | { customerAccountId: string };
}) {
  const dash = `/dashboard/${brandId}`;
  const forInvoice = "invoiceId" in of;
  const columns: CompactColumn<CreditNoteRead>[] = [
    {
      header: "Credit note",
      cell: (n) => <CreditNotePdfLink brandId={brandId} id={n.id} number={n.number} />,
    },
    ...(forInvoice
      ? []
      : [{ header: "Credits", cell: (n: CreditNoteRead) => <Link href={`${dash}/invoices/${n.invoiceId}`}>{invoiceName({ number: n.invoiceNumber })}</Link> }]),
    { header: "Reason", cell: (n) => <StatusBadge kind="credit_reason" status={n.reason} /> },
    { header: "Money to", cell: (n) => <StatusBadge kind="credit_destination" status={n.destination} /> },
    { header: "Amount", numeric: true, cell: (n) => formatMoney(n.amountCents, n.currency) },
    { header: "Tax", numeric: true, cell: (n) => formatMoney(n.taxCents, n.currency) },
    { header: "Date", cell: (n) => formatInstant(n.createdAt) },
  ];
  const filter = forInvoice ? `invoice_id=${of.invoiceId}` : `customer_account_id=${of.customerAccountId}`;
  return (
    <CompactSection
      id="credit-notes"
      title="Credit notes"
      regionLabel={forInvoice ? "Credit notes against this invoice" : "Credit notes of this account"}
      list={{ rows, total }}
      empty={forInvoice ? "No credit notes against this invoice." : "No credit notes."}
      columns={columns}
      more={{ href: `${dash}/credit-notes?${filter}`, label: "All of them" }}
    />
  );
}
