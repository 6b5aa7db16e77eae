import Link from "next/link";
import { notFound } from "next/navigation";
import { invoiceDetail, scheduledRetry } from "@/lib/invoices/read";
import { listPaymentsPage } from "@/lib/payments/list-payments";
import { listCreditNotesPage } from "@/lib/credit-notes/list";
import { CreditNoteSection } from "../../credit-notes/_components/credit-note-section";
import { StatusBadge } from "@/components/ui/status";
import { formatDate, formatInstant, formatMoney, invoiceName, shortId, statusLabel } from "@/lib/format";
import { isOwed } from "@/lib/invoices/read";
import { INVOICE_STATUS } from "@/lib/invoices/amounts";
import { SimpleTable } from "@/components/ui/table";
import { LinesTable } from "@/components/ui/lines-table";
import { CompactSection } from "@/components/dashboard/compact-table";
import { DetailHead, EditLink, FactsCard, Section, recordDates } from "@/components/dashboard/detail";
import { openRecord, type RecordPageProps } from "../../_components/load-record";
import { InvoiceActions } from "../_components/invoice-actions";
import { RecordHistory } from "@/components/dashboard/record-history";
import { taxAmounts, taxName } from "@/lib/tax/compute";
import { formatPercentage } from "@/lib/percentage";

export const metadata = { title: "Invoice · Recurring Billing" };

const KIND: Record<string, string> = {
  item: "Item",
  setup_fee: "Setup fee",
  recurring: "Subscription",
  component: "Component",
  usage: "Usage",
  discount: "Discount",
  credit: "Credit",
};

export default async function InvoicePage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const i = await invoiceDetail(ctx, id);
  if (!i) notFound();
  const [payments, credits] = await Promise.all([
    listPaymentsPage(ctx, { filters: { invoiceId: i.id }, pageSize: 100 }),
    listCreditNotesPage(ctx, { filters: { invoiceId: i.id }, sort: { key: "created_at", dir: "asc" }, pageSize: 10 }),
  ]);
  const title = invoiceName(i);
  const money = (cents: number) => formatMoney(cents, i.currency);
  const discounts = i.lines.filter((l) => l.kind === "discount");
  // Tax lines (lib/tax) are shown as the invoice's taxes, not among its lines.
  const lines = i.lines.filter((l) => l.kind !== "tax");
  const tax = taxAmounts(i.lines);
  const open = isOwed(i);
  const retry = open ? await scheduledRetry(ctx, i.id) : null;
  return (
    <>
      <DetailHead list={{ href: `${dash}/invoices`, label: "Invoices" }} title={title} badge={<StatusBadge status={i.status} kind="invoice" />}>
        {open && (
          <Link href={`${dash}/payments/new?invoice_id=${i.id}`} className="button primary">
            Record payment
          </Link>
        )}
        {i.status !== INVOICE_STATUS.DELETED && !i.subscriptionId && <EditLink href={`${dash}/invoices/${i.id}/edit`} />}
        {/* A download, not a page: a plain link (prefetching it would fetch the PDF). */}
        <a href={`${dash}/invoices/${i.id}/pdf`} className="button secondary" download>
          Download PDF
        </a>
        <InvoiceActions brandId={brandId} id={i.id} accountId={i.customerAccountId} status={i.status} overdue={i.daysOverdue >= 1} email={null} />
      </DetailHead>

      <FactsCard
        id="summary"
        title="Summary"
        facts={[
          ["Customer", <Link href={`${dash}/accounts/${i.customerAccountId}`}>{i.customerName}</Link>],
          ["Subscription", i.subscriptionId ? <Link href={`${dash}/subscriptions/${i.subscriptionId}`}>View subscription</Link> : "— (manual invoice)"],
          i.billingPeriodStart && ["Billing period from", formatDate(i.billingPeriodStart)],
          ["Due", `${formatDate(i.dueDate)}${open && i.daysOverdue >= 1 ? ` (${i.daysOverdue} day${i.daysOverdue === 1 ? "" : "s"} overdue)` : ""}`],
          retry && ["Next retry", `${formatDate(retry.on)} (retry ${retry.retry} of ${retry.of} of the declined renewal charge)`],
          tax.taxes.length > 0 && ["Subtotal", money(tax.subtotal), "num"],
          tax.taxes.length > 0 && ["Tax", money(tax.taxTotal), "num"],
          ["Total", money(i.totalCents), "num"],
          ["Paid", money(i.paidCents), "num"],
          ["Balance", <strong>{money(i.balanceCents)}</strong>, "num"],
          ...recordDates(i.createdAt, i.deletedAt),
        ]}
      />

      <Section id="lines" title={`Lines (${lines.length})`}>
        {lines.length === 0 ? (
          <p className="muted">No lines.</p>
        ) : (
          <LinesTable
            label="Lines of this invoice"
            kinds
            unitPrices
            lines={lines.map((l) => ({
              name: l.itemName,
              kind: KIND[l.kind] ?? l.kind,
              quantity: l.quantity,
              unitPrice: money(l.itemPrice),
              amount: money(l.itemPrice * l.quantity),
            }))}
          />
        )}
        {discounts.length > 0 && <p>Discounts: {discounts.map((d) => `${d.itemName} (${money(d.itemPrice)})`).join(", ")}</p>}
      </Section>

      {(tax.taxes.length > 0 || tax.notes.length > 0) && (
        <Section id="taxes" title="Tax">
          {tax.taxes.length > 0 && (
            <SimpleTable
              label="Taxes of this invoice"
              head={["Tax", "Rate", "Taxed amount", "Tax"]}
              numeric={[1, 2, 3]}
              rows={tax.taxes.map((t) => [taxName(t), `${formatPercentage(t.percentage)}%`, money(t.taxedAmount), money(t.amount)])}
            />
          )}
          {/* What the invoice states, as when it was priced: the exemption and its reason, or the reverse charge with both tax ids. */}
          {tax.notes.map((n) => (
            <p key={n}>{n}</p>
          ))}
        </Section>
      )}

      <CompactSection
        id="payments"
        title="Payments"
        regionLabel="Payments to this invoice"
        empty="No payments yet."
        list={payments}
        columns={[
          { header: "Payment", cell: (p) => <Link href={`${dash}/payments/${p.id}`}>Payment …{shortId(p.id)}</Link> },
          { header: "Status", cell: (p) => statusLabel("payment", p.status) },
          {
            header: "Taken by",
            cell: (p) => (p.processedBy === "recorded" ? (p.paymentGateway ?? "Recorded") : p.retry ? `Gateway charge (retry ${p.retry})` : "Gateway charge"),
          },
          { header: "Amount", numeric: true, cell: (p) => formatMoney(p.amountCents, p.currency) },
          { header: "Date", cell: (p) => formatInstant(p.createdAt) },
        ]}
      />
      <CreditNoteSection brandId={brandId} rows={credits.rows} total={credits.total} of={{ invoiceId: i.id }} />
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
