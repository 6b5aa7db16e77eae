import Link from "next/link";
import { portalInvoice, portalPayMethods } from "@/lib/portal/queries";
import { scheduledRetry } from "@/lib/invoices/read";
import { customerPage, orNotFound } from "../../../_lib/data";
import { InvoiceStatus } from "../../../_components/status";
import { payMethodLabel } from "../../../_components/pay-method-label";
import { PayNow } from "./_components/pay-now";
import { CreditNoteList } from "../../../_components/credit-notes";
import { taxAmounts, taxLineName } from "@/lib/tax/compute";
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
  const row = (label: string, amount: number, key?: string | number) => (
    <tr key={key ?? label}>
      <td>{label}</td>
      <td className="wide-only" />
      <td className="wide-only" />
      <td className="num">{f.money(amount)}</td>
    </tr>
  );
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
          <div className="p-table-wrap">
            <table className="p-table">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col" className="num wide-only">
                    Qty
                  </th>
                  <th scope="col" className="num wide-only">
                    Unit price
                  </th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((l, n) => (
                  <tr key={n}>
                    <td>
                      {l.itemName}
                      {l.quantity > 1 ? <span className="muted"> × {l.quantity}</span> : null}
                    </td>
                    <td className="num wide-only">{l.quantity}</td>
                    <td className="num wide-only">{f.money(l.itemPrice)}</td>
                    <td className="num">{f.money(amount(l))}</td>
                  </tr>
                ))}
              </tbody>
              {discounts.length ? (
                <tbody aria-label="Discounts">
                  <tr>
                    <th scope="rowgroup" colSpan={4}>
                      Discounts
                    </th>
                  </tr>
                  {discounts.map((l, n) => row(l.itemName, amount(l), n))}
                </tbody>
              ) : null}
              <tfoot>
                {discounts.length || tax.taxes.length ? row("Subtotal", subtotal) : null}
                {discounts.length ? row("Discounts", tax.subtotal - subtotal) : null}
                {tax.taxes.map((t) => row(taxLineName(t), t.amount, t.taxRateId))}
                {row("Total", invoice.totalCents)}
              </tfoot>
            </table>
          </div>
        )}
      </section>
      {tax.taxes.length || tax.notes.length || taxIds.length ? (
        <section className="p-card" aria-labelledby="tax">
          <h2 id="tax">Tax</h2>
          {tax.taxes.length ? (
            <div className="p-table-wrap">
              <table className="p-table">
                <thead>
                  <tr>
                    <th scope="col">Tax</th>
                    <th scope="col" className="num">
                      Taxed amount
                    </th>
                    <th scope="col" className="num">
                      Tax
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tax.taxes.map((t) => (
                    <tr key={t.taxRateId}>
                      <td>{taxLineName(t)}</td>
                      <td className="num">{f.money(t.taxedAmount)}</td>
                      <td className="num">{f.money(t.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
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
