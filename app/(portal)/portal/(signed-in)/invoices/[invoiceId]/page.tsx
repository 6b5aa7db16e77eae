import Link from "next/link";
import { portalInvoice, portalPayMethods } from "@/lib/portal/queries";
import { scheduledRetry } from "@/lib/invoices/read";
import { customerPage, orNotFound } from "../../../_lib/data";
import { InvoiceStatus } from "../../../_components/status";
import { payMethodLabel } from "../../../_components/pay-method-label";
import { PayNow } from "./_components/pay-now";
import { CreditNoteList } from "../../../_components/credit-notes";
import { taxAmounts, taxLineName } from "@/lib/tax/compute";
import { LinesTable } from "@/components/ui/lines-table";
import { Table, type SumRow } from "@/components/ui/table";
import "../../../_components/billing.css";

export const metadata = { title: "Invoice" };

export default async function InvoicePage({ params }: { params: Promise<{ invoiceId: string }> }) {
  const { invoiceId } = await params;
  const { ctx, f, profile } = await customerPage();
  const { invoice, payments, credits } = await orNotFound(portalInvoice(ctx, invoiceId));
  // Tax lines (lib/tax) are the invoice's tax section, not items.
  const tax = taxAmounts(invoice.lines);
  const lines = invoice.lines.filter((l) => l.kind !== "tax");
  const amount = (l: (typeof lines)[number]) => l.itemPrice * l.quantity;
  const methods = invoice.balanceCents > 0 ? await portalPayMethods(ctx) : [];
  const retry = invoice.balanceCents > 0 ? await scheduledRetry(ctx, invoice.id) : null;
  const items = lines.filter((l) => l.kind !== "discount");
  const discounts = lines.filter((l) => l.kind === "discount");
  const taxIds = [ctx.brand.taxId ? `Seller tax ID ${ctx.brand.taxId}` : null, profile.account.taxId ? `Your tax ID ${profile.account.taxId}` : null].filter(
    Boolean,
  );
  const subtotal = items.reduce((sum, l) => sum + amount(l), 0);
  const shown = (l: (typeof lines)[number]) => ({ name: l.itemName, quantity: l.quantity, unitPrice: f.money(l.itemPrice), amount: f.money(amount(l)) });
  const sums: SumRow[] = [
    ...(discounts.length || tax.taxes.length ? [{ label: "Subtotal", value: f.money(subtotal) }] : []),
    ...(discounts.length ? [{ label: "Discounts", value: f.money(tax.subtotal - subtotal) }] : []),
    ...tax.taxes.map((t) => ({ label: taxLineName(t), value: f.money(t.amount), key: t.taxRateId })),
    { label: "Total", value: f.money(invoice.totalCents) },
  ];
  return (
    <>
      <p className="crumbs">
        <Link href="/portal/invoices">← All invoices</Link>
      </p>
      <div className="p-title-row">
        <h1>
          Invoice {invoice.number} <InvoiceStatus status={invoice.status} />
        </h1>
        <a className="p-button secondary" href={`/portal/invoices/${invoice.id}/pdf`} download>
          Download PDF
        </a>
      </div>
      <p className="lede">
        Issued {f.day(invoice.createdAt)} · due {f.date(invoice.dueDate)}
        {invoice.subscriptionId ? (
          <>
            {" · "}
            <Link href={`/portal/subscriptions/${invoice.subscriptionId}`}>subscription</Link>
          </>
        ) : null}
      </p>
      <div className="p-grid p-summary">
        <div className="p-card">
          <p className="p-stat-label">Total</p>
          <p className="p-stat">{f.money(invoice.totalCents)}</p>
        </div>
        <div className="p-card">
          <p className="p-stat-label">Paid</p>
          <p className="p-stat">{f.money(invoice.paidCents)}</p>
        </div>
        <div className="p-card">
          <p className="p-stat-label">Balance due</p>
          <p className="p-stat">{f.money(invoice.balanceCents)}</p>
        </div>
      </div>
      {retry ? (
        <p className="lede" role="note">
          Your card was declined. We will try it again on {f.date(retry.on)}, or pay now below.
        </p>
      ) : null}
      <PayNow
        invoiceId={invoice.id}
        balanceCents={invoice.balanceCents}
        currency={invoice.currency}
        balanceLabel={f.money(invoice.balanceCents)}
        methods={methods.filter((m) => m.verified).map((m) => ({ id: m.id, label: payMethodLabel(m), isDefault: m.isDefault }))}
      />
      <section className="p-card">
        <h2>Items</h2>
        {lines.length === 0 ? (
          <div className="p-empty">This invoice has no items.</div>
        ) : (
          <LinesTable
            look="portal"
            unitPrices
            lines={items.map(shown)}
            groups={discounts.length ? [{ label: "Discounts", rows: discounts.map((l, n) => ({ label: l.itemName, value: f.money(amount(l)), key: n })) }] : []}
            sums={sums}
          />
        )}
      </section>
      {tax.taxes.length || tax.notes.length || taxIds.length ? (
        <section className="p-card" aria-labelledby="tax">
          <h2 id="tax">Tax</h2>
          {tax.taxes.length ? (
            <Table
              look="portal"
              rows={tax.taxes}
              rowKey={(t) => t.taxRateId}
              columns={[
                { header: "Tax", cell: (t) => taxLineName(t) },
                { header: "Taxed amount", numeric: true, cell: (t) => f.money(t.taxedAmount) },
                { header: "Tax", numeric: true, cell: (t) => f.money(t.amount) },
              ]}
            />
          ) : null}
          {tax.notes.map((n) => (
            <p key={n}>{n}</p>
          ))}
          {taxIds.length ? <p className="muted">{taxIds.join(" · ")}</p> : null}
        </section>
      ) : null}
      <section className="p-card">
        <h2>Payments</h2>
        {payments.length === 0 ? (
          <div className="p-empty">
            <strong>No payments yet</strong>
            {invoice.balanceCents > 0 ? `${f.money(invoice.balanceCents)} is due by ${f.date(invoice.dueDate)}.` : null}
          </div>
        ) : (
          <ul className="p-list">
            {payments.map((p) => (
              <li key={p.id}>
                <span>
                  {f.instant(p.date)} · {p.payMethod ? payMethodLabel(p.payMethod) : p.method}
                </span>
                <span>
                  <strong>{f.money(p.amountCents)}</strong> <span className="muted">{f.status("payment", p.status)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {credits.length ? (
        <section className="p-card">
          <h2>Credit notes</h2>
          <p className="muted">Money taken off this invoice, and where it went.</p>
          <CreditNoteList rows={credits} f={f} />
        </section>
      ) : null}
    </>
  );
}
