import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { invoiceDetail, scheduledRetry } from "@/lib/invoices/read";
import { listPaymentsPage } from "@/lib/payments/list-payments";
import { listCreditNotesPage } from "@/lib/credit-notes/list";
import { CreditNoteSection } from "../../credit-notes/_components/credit-note-section";
import { StatusBadge } from "@/components/ui/status";
import { formatDate, formatInstant, formatMoney, invoiceName, shortId, statusLabel } from "@/lib/format";
import { isOwed } from "@/lib/invoices/read";
import { INVOICE_STATUS } from "@/lib/invoices/amounts";
import { SimpleTable } from "@/components/ui/simple-table";
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

export default async function InvoicePage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const i = await invoiceDetail(ctx, id);
  if (!i) notFound();
  const [payments, credits] = await Promise.all([
    listPaymentsPage(ctx, { filters: { invoiceId: i.id }, pageSize: 100 }),
    listCreditNotesPage(ctx, { filters: { invoiceId: i.id }, sort: { key: "created_at", dir: "asc" }, pageSize: 10 }),
  ]);
  const dash = `/dashboard/${brandId}`;
  const title = invoiceName(i);
  const discounts = i.lines.filter((l) => l.kind === "discount");
  // Tax lines (lib/tax) are shown as the invoice's taxes, not among its lines.
  const lines = i.lines.filter((l) => l.kind !== "tax");
  const tax = taxAmounts(i.lines);
  const open = isOwed(i);
  const retry = open ? await scheduledRetry(ctx, i.id) : null;
  return (
    <>
      <p className="breadcrumb">
        <Link href={`${dash}/invoices`}>Invoices</Link> / {title}
      </p>
      <div className="page-head">
        <h1>
          {title} <StatusBadge status={i.status} kind="invoice" />
        </h1>
        <div className="actions">
          {open && (
            <Link href={`${dash}/payments/new?invoice_id=${i.id}`} className="button primary">
              Record payment
            </Link>
          )}
          {i.status !== INVOICE_STATUS.DELETED && !i.subscriptionId && (
            <Link href={`${dash}/invoices/${i.id}/edit`} className="button secondary">
              Edit
            </Link>
          )}
          {/* A download, not a page: a plain link (prefetching it would fetch the PDF). */}
          <a href={`${dash}/invoices/${i.id}/pdf`} className="button secondary" download>
            Download PDF
          </a>
          <InvoiceActions brandId={brandId} id={i.id} accountId={i.customerAccountId} status={i.status} overdue={i.daysOverdue >= 1} email={null} />
        </div>
      </div>

      <section className="card" aria-labelledby="summary">
        <h2 id="summary">Summary</h2>
        <dl className="details">
          <dt>Customer</dt>
          <dd>
            <Link href={`${dash}/accounts/${i.customerAccountId}`}>{i.customerName}</Link>
          </dd>
          <dt>Subscription</dt>
          <dd>{i.subscriptionId ? <Link href={`${dash}/subscriptions/${i.subscriptionId}`}>View subscription</Link> : "— (manual invoice)"}</dd>
          {i.billingPeriodStart && (
            <>
              <dt>Billing period from</dt>
              <dd>{formatDate(i.billingPeriodStart)}</dd>
            </>
          )}
          <dt>Due</dt>
          <dd>
            {formatDate(i.dueDate)}
            {open && i.daysOverdue >= 1 ? ` (${i.daysOverdue} day${i.daysOverdue === 1 ? "" : "s"} overdue)` : ""}
          </dd>
          {retry && (
            <>
              <dt>Next retry</dt>
              <dd>
                {formatDate(retry.on)} (retry {retry.retry} of {retry.of} of the declined renewal charge)
              </dd>
            </>
          )}
          {tax.taxes.length > 0 && (
            <>
              <dt>Subtotal</dt>
              <dd className="num">{formatMoney(tax.subtotal, i.currency)}</dd>
              <dt>Tax</dt>
              <dd className="num">{formatMoney(tax.taxTotal, i.currency)}</dd>
            </>
          )}
          <dt>Total</dt>
          <dd className="num">{formatMoney(i.totalCents, i.currency)}</dd>
          <dt>Paid</dt>
          <dd className="num">{formatMoney(i.paidCents, i.currency)}</dd>
          <dt>Balance</dt>
          <dd className="num">
            <strong>{formatMoney(i.balanceCents, i.currency)}</strong>
          </dd>
          <dt>Created</dt>
          <dd>{formatInstant(i.createdAt)}</dd>
          {i.deletedAt && (
            <>
              <dt>Deleted</dt>
              <dd>{formatInstant(i.deletedAt)}</dd>
            </>
          )}
        </dl>
      </section>

      <section className="card" aria-labelledby="lines">
        <h2 id="lines">Lines ({lines.length})</h2>
        {lines.length === 0 ? (
          <p className="muted">No lines.</p>
        ) : (
          <SimpleTable
            label="Lines of this invoice"
            head={["Item", "Kind", "Qty", "Unit price", "Amount"]}
            numeric={[2, 3, 4]}
            rows={lines.map((l) => [
              l.itemName,
              KIND[l.kind] ?? l.kind,
              String(l.quantity),
              formatMoney(l.itemPrice, i.currency),
              formatMoney(l.itemPrice * l.quantity, i.currency),
            ])}
          />
        )}
        {discounts.length > 0 && <p>Discounts: {discounts.map((d) => `${d.itemName} (${formatMoney(d.itemPrice, i.currency)})`).join(", ")}</p>}
      </section>

      {(tax.taxes.length > 0 || tax.notes.length > 0) && (
        <section className="card" aria-labelledby="taxes">
          <h2 id="taxes">Tax</h2>
          {tax.taxes.length > 0 && (
            <SimpleTable
              label="Taxes of this invoice"
              head={["Tax", "Rate", "Taxed amount", "Tax"]}
              numeric={[1, 2, 3]}
              rows={tax.taxes.map((t) => [
                taxName(t),
                `${formatPercentage(t.percentage)}%`,
                formatMoney(t.taxedAmount, i.currency),
                formatMoney(t.amount, i.currency),
              ])}
            />
          )}
          {/* What the invoice states, as when it was priced: the exemption and its reason, or the reverse charge with both tax ids. */}
          {tax.notes.map((n) => (
            <p key={n}>{n}</p>
          ))}
        </section>
      )}

      <section className="card" aria-labelledby="payments">
        <h2 id="payments">Payments ({payments.total})</h2>
        {payments.rows.length === 0 ? (
          <p className="muted">No payments yet.</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Payments to this invoice">
            <table>
              <thead>
                <tr>
                  <th scope="col">Payment</th>
                  <th scope="col">Status</th>
                  <th scope="col">Taken by</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">Date</th>
                </tr>
              </thead>
              <tbody>
                {payments.rows.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <Link href={`${dash}/payments/${p.id}`}>Payment …{shortId(p.id)}</Link>
                    </td>
                    <td>{statusLabel("payment", p.status)}</td>
                    <td>
                      {p.processedBy === "recorded" ? (p.paymentGateway ?? "Recorded") : p.retry ? `Gateway charge (retry ${p.retry})` : "Gateway charge"}
                    </td>
                    <td className="num">{formatMoney(p.amountCents, p.currency)}</td>
                    <td>{formatInstant(p.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <CreditNoteSection brandId={brandId} rows={credits.rows} total={credits.total} of={{ invoiceId: i.id }} />
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
