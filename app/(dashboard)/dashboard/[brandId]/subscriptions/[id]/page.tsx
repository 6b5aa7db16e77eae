import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { subscriptionDetail } from "@/lib/subscriptions/read";
import { listInvoicesPage } from "@/lib/invoices/list-invoices";
import { StatusBadge } from "@/components/ui/status";
import { formatDate, formatInstant, formatMoney, invoiceName } from "@/lib/format";
import { SimpleTable } from "@/components/ui/simple-table";
import { STATUS } from "@/lib/lifecycle";
import { SubscriptionActions } from "../_components/subscription-actions";
import { RecordHistory } from "@/components/dashboard/record-history";

export const metadata = { title: "Subscription · Recurring Billing" };

const MAX_SHOWN = 100;

export default async function SubscriptionPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const s = await subscriptionDetail(ctx, id);
  if (!s) notFound();
  const invoices = await listInvoicesPage(ctx, { filters: { subscriptionId: s.id }, pageSize: MAX_SHOWN });
  const dash = `/dashboard/${brandId}`;
  const base = `${dash}/subscriptions/${s.id}`;
  const name = `${s.productName ?? "Subscription"} for ${s.customerName}`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={`${dash}/subscriptions`}>Subscriptions</Link> / {name}
      </p>
      <div className="page-head">
        <h1>
          {name} <StatusBadge status={s.status} />
        </h1>
        <div className="actions">
          {s.status !== STATUS.DELETED && (
            <>
              <Link href={`${base}/edit`} className="button secondary">
                Edit
              </Link>
              <Link href={`${base}/change-product`} className="button secondary">
                Change product
              </Link>
            </>
          )}
          <SubscriptionActions brandId={brandId} id={s.id} name={name} status={s.status} />
        </div>
      </div>

      <section className="card" aria-labelledby="terms">
        <h2 id="terms">Terms</h2>
        <dl className="details">
          <dt>Customer</dt>
          <dd>
            <Link href={`${dash}/accounts/${s.customerAccountId}`}>{s.customerName}</Link>
          </dd>
          <dt>Product</dt>
          <dd>{s.productName ?? "— (deleted)"}</dd>
          <dt>Started</dt>
          <dd>{formatDate(s.startDate)}</dd>
          <dt>Current period from</dt>
          <dd>{formatDate(s.periodStart)}</dd>
          <dt>Renews</dt>
          <dd>{s.renewalDate ? formatDate(s.renewalDate) : "Never (one-time)"}</dd>
          <dt>In trial</dt>
          <dd>{s.inTrial ? "Yes" : "No"}</dd>
          <dt>Auto pay</dt>
          <dd>{s.autoPay ? "Yes" : "No"}</dd>
          <dt>Pay method</dt>
          <dd>{s.payMethodId ? <Link href={`${dash}/pay-methods/${s.payMethodId}`}>View pay method</Link> : "The customer's default"}</dd>
          {s.overrideInitialBilling && (
            <>
              <dt>Initial billing</dt>
              <dd>
                Recorded as paid{s.paymentGateway ? ` via ${s.paymentGateway}` : ""}
                {s.paymentTransactionId ? ` (${s.paymentTransactionId})` : ""}
              </dd>
            </>
          )}
          <dt>Custom fields</dt>
          <dd>{[s.customField1, s.customField2].filter(Boolean).join(" · ") || "—"}</dd>
          <dt>Created</dt>
          <dd>{formatInstant(s.createdAt)}</dd>
          {s.deletedAt && (
            <>
              <dt>Deleted</dt>
              <dd>{formatInstant(s.deletedAt)}</dd>
            </>
          )}
        </dl>
      </section>

      <section className="card" aria-labelledby="components">
        <h2 id="components">Components ({s.components.length})</h2>
        {s.components.length === 0 ? (
          <p className="muted">No components.</p>
        ) : (
          <SimpleTable
            label="Components of this subscription"
            head={["Component", "Type", "Units", "Usage this period"]}
            numeric={[2, 3]}
            rows={s.components.map((c) => [c.name, c.type, String(c.units), c.type === "metered" ? String(c.usage) : "—"])}
          />
        )}
      </section>

      <section className="card" aria-labelledby="coupons">
        <h2 id="coupons">Coupons ({s.coupons.length})</h2>
        {s.coupons.length === 0 ? (
          <p className="muted">No coupons.</p>
        ) : (
          <SimpleTable
            label="Coupons of this subscription"
            head={["Code", "Name", "Cycles applied", "Applies"]}
            numeric={[2]}
            rows={s.coupons.map((c) => [c.couponCode, c.name, String(c.cyclesApplied), c.disqualifiedBy ? `No: ${c.disqualifiedBy}` : "Yes"])}
          />
        )}
      </section>

      <section className="card" aria-labelledby="upcoming">
        <h2 id="upcoming">Upcoming invoice</h2>
        {s.nextRenewalCents === null ? (
          <p className="muted">
            {s.status === STATUS.ACTIVE ? "A one-time purchase: nothing more is billed." : "Not billed while the subscription is not active."}
          </p>
        ) : (
          <>
            <p>
              Renews on <strong>{formatDate(s.renewalDate)}</strong> for <strong className="num">{formatMoney(s.nextRenewalCents, s.currency)}</strong>
              {s.autoPay ? ", charged automatically" : ""}. The invoice is generated 72 hours before.
            </p>
            <SimpleTable
              label="Lines of the upcoming invoice"
              head={["Line", "Qty", "Amount"]}
              numeric={[1, 2]}
              rows={s.nextLines.map((l) => [l.name, String(l.quantity), formatMoney(l.amountCents, s.currency)])}
            />
          </>
        )}
      </section>

      <section className="card" aria-labelledby="invoices">
        <h2 id="invoices">Invoices ({invoices.total})</h2>
        {invoices.rows.length === 0 ? (
          <p className="muted">No invoices yet.</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Invoices of this subscription">
            <table>
              <thead>
                <tr>
                  <th scope="col">Invoice</th>
                  <th scope="col">Due</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Total
                  </th>
                  <th scope="col" className="num">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoices.rows.map((i) => (
                  <tr key={i.id}>
                    <td>
                      <Link href={`${dash}/invoices/${i.id}`}>{invoiceName(i)}</Link>
                    </td>
                    <td>{formatDate(i.dueDate)}</td>
                    <td>
                      <StatusBadge status={i.status} kind="invoice" />
                    </td>
                    <td className="num">{formatMoney(i.totalCents, i.currency)}</td>
                    <td className="num">{formatMoney(i.balanceCents, i.currency)}</td>
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
