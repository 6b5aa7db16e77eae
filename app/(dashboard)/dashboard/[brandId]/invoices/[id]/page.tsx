import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { invoiceDetail } from "@/lib/invoices/page-queries";
import { listPaymentsPage } from "@/lib/payments/list-payments";
import { StatusBadge } from "@/components/ui/status";
import { formatInstant, shortId, statusLabel } from "@/lib/format";
import { SimpleTable } from "@/components/ui/simple-table";
import { InvoiceActions } from "../_components/invoice-actions";
import { RecordHistory } from "@/components/dashboard/record-history";

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
  const payments = await listPaymentsPage(ctx, { filters: { invoiceId: i.invoice_id }, pageSize: 100 });
  const dash = `/dashboard/${brandId}`;
  const title = `Invoice …${shortId(i.invoice_id)}`;
  const discounts = i.items.filter((l) => l.kind === "discount");
  const open = i.status === 0 || i.status === 2;
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
            <Link href={`${dash}/payments/new?invoice_id=${i.invoice_id}`} className="button primary">
              Record payment
            </Link>
          )}
          {i.status !== 3 && !i.subscription_id && (
            <Link href={`${dash}/invoices/${i.invoice_id}/edit`} className="button secondary">
              Edit
            </Link>
          )}
          {/* A download, not a page: a plain link (prefetching it would fetch the PDF). */}
          <a href={`${dash}/invoices/${i.invoice_id}/pdf`} className="button secondary" download>
            Download PDF
          </a>
          <InvoiceActions brandId={brandId} id={i.invoice_id} accountId={i.customer_account_id} status={i.status} overdue={i.days_overdue >= 1} email={null} />
        </div>
      </div>

      <section className="card" aria-labelledby="summary">
        <h2 id="summary">Summary</h2>
        <dl className="details">
          <dt>Customer</dt>
          <dd>
            <Link href={`${dash}/accounts/${i.customer_account_id}`}>{i.customer_name}</Link>
          </dd>
          <dt>Subscription</dt>
          <dd>{i.subscription_id ? <Link href={`${dash}/subscriptions/${i.subscription_id}`}>View subscription</Link> : "— (manual invoice)"}</dd>
          {i.billing_period_start && (
            <>
              <dt>Billing period from</dt>
              <dd>{i.billing_period_start}</dd>
            </>
          )}
          <dt>Due</dt>
          <dd>
            {i.due_date}
            {open && i.days_overdue >= 1 ? ` (${i.days_overdue} day${i.days_overdue === 1 ? "" : "s"} overdue)` : ""}
          </dd>
          <dt>Total</dt>
          <dd className="num">{i.total}</dd>
          <dt>Paid</dt>
          <dd className="num">{i.amount_paid}</dd>
          <dt>Balance</dt>
          <dd className="num">
            <strong>{i.balance}</strong>
          </dd>
          <dt>Created</dt>
          <dd>{formatInstant(i.created)}</dd>
          {i.deleted && (
            <>
              <dt>Deleted</dt>
              <dd>{formatInstant(i.deleted)}</dd>
            </>
          )}
        </dl>
      </section>

      <section className="card" aria-labelledby="lines">
        <h2 id="lines">Lines ({i.items.length})</h2>
        {i.items.length === 0 ? (
          <p className="muted">No lines.</p>
        ) : (
          <SimpleTable
            label="Lines of this invoice"
            head={["Item", "Kind", "Qty", "Unit price", "Amount"]}
            numeric={[2, 3, 4]}
            rows={i.items.map((l) => [
              l.item_name,
              KIND[l.kind] ?? l.kind,
              String(l.quantity),
              l.item_price,
              ((Math.round(Number(l.item_price) * 100) * l.quantity) / 100).toFixed(2),
            ])}
          />
        )}
        {discounts.length > 0 && <p>Discounts: {discounts.map((d) => `${d.item_name} (${d.item_price})`).join(", ")}</p>}
      </section>

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
                  <tr key={p.payment_id}>
                    <td>
                      <Link href={`${dash}/payments/${p.payment_id}`}>Payment …{shortId(p.payment_id)}</Link>
                    </td>
                    <td>{statusLabel("payment", p.payment_status)}</td>
                    <td>{p.override_billing === "Y" ? (p.payment_gateway ?? "Recorded") : "Gateway charge"}</td>
                    <td className="num">{p.amount}</td>
                    <td>{formatInstant(p.created)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
