import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { subscriptionDetail } from "@/lib/subscriptions/page-queries";
import { listInvoicesPage } from "@/lib/invoices/list-invoices";
import { StatusBadge } from "@/components/ui/status";
import { formatInstant } from "@/lib/format";
import { SimpleTable } from "@/components/ui/simple-table";
import { SubscriptionActions } from "../_components/subscription-actions";
import { RecordHistory } from "@/components/dashboard/record-history";

export const metadata = { title: "Subscription · Recurring Billing" };

const MAX_SHOWN = 100;

export default async function SubscriptionPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const s = await subscriptionDetail(ctx, id);
  if (!s) notFound();
  const invoices = await listInvoicesPage(ctx, { filters: { subscriptionId: s.subscription_id }, pageSize: MAX_SHOWN });
  const dash = `/dashboard/${brandId}`;
  const base = `${dash}/subscriptions/${s.subscription_id}`;
  const name = `${s.product_name ?? "Subscription"} for ${s.customer_name}`;
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
          {s.status !== 3 && (
            <>
              <Link href={`${base}/edit`} className="button secondary">
                Edit
              </Link>
              <Link href={`${base}/change-product`} className="button secondary">
                Change product
              </Link>
            </>
          )}
          <SubscriptionActions brandId={brandId} id={s.subscription_id} name={name} status={s.status} />
        </div>
      </div>

      <section className="card" aria-labelledby="terms">
        <h2 id="terms">Terms</h2>
        <dl className="details">
          <dt>Customer</dt>
          <dd>
            <Link href={`${dash}/accounts/${s.customer_account_id}`}>{s.customer_name}</Link>
          </dd>
          <dt>Product</dt>
          <dd>{s.product_name ?? "— (deleted)"}</dd>
          <dt>Started</dt>
          <dd>{s.start_date ?? "—"}</dd>
          <dt>Current period from</dt>
          <dd>{s.period_start ?? "—"}</dd>
          <dt>Renews</dt>
          <dd>{s.renewal_date ?? "Never (one-time)"}</dd>
          <dt>In trial</dt>
          <dd>{s.in_trial === "Y" ? "Yes" : "No"}</dd>
          <dt>Auto pay</dt>
          <dd>{s.auto_pay === "Y" ? "Yes" : "No"}</dd>
          <dt>Pay method</dt>
          <dd>{s.pay_method_id ? <Link href={`${dash}/pay-methods/${s.pay_method_id}`}>View pay method</Link> : "The customer's default"}</dd>
          {s.override_initial_billing === "Y" && (
            <>
              <dt>Initial billing</dt>
              <dd>
                Recorded as paid{s.payment_gateway ? ` via ${s.payment_gateway}` : ""}
                {s.payment_transaction_id ? ` (${s.payment_transaction_id})` : ""}
              </dd>
            </>
          )}
          <dt>Custom fields</dt>
          <dd>{[s.custom_field_1, s.custom_field_2].filter(Boolean).join(" · ") || "—"}</dd>
          <dt>Created</dt>
          <dd>{formatInstant(s.created)}</dd>
          {s.deleted && (
            <>
              <dt>Deleted</dt>
              <dd>{formatInstant(s.deleted)}</dd>
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
            rows={s.components.map((c) => [c.name, c.component_type, String(c.units), c.component_type === "metered" ? String(c.usage) : "—"])}
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
            rows={s.coupons.map((c) => [
              c.coupon_code,
              c.name,
              String(c.cycles_applied),
              c.qualification_status === "qualified" ? "Yes" : `No: ${c.disqualification_reason ?? "disqualified"}`,
            ])}
          />
        )}
      </section>

      <section className="card" aria-labelledby="upcoming">
        <h2 id="upcoming">Upcoming invoice</h2>
        {s.status !== 1 || !s.renewal_date ? (
          <p className="muted">{s.status === 1 ? "A one-time purchase: nothing more is billed." : "Not billed while the subscription is not active."}</p>
        ) : (
          <>
            <p>
              Renews on <strong>{s.renewal_date}</strong> for <strong className="num">{s.next_total}</strong>
              {s.auto_pay === "Y" ? ", charged automatically" : ""}. The invoice is generated 72 hours before.
            </p>
            <SimpleTable
              label="Lines of the upcoming invoice"
              head={["Line", "Qty", "Amount"]}
              numeric={[1, 2]}
              rows={s.next_lines.map((l) => [l.name, String(l.quantity), l.amount])}
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
                  <tr key={i.invoice_id}>
                    <td>
                      <Link href={`${dash}/invoices/${i.invoice_id}`}>Invoice …{i.invoice_id.slice(-8)}</Link>
                    </td>
                    <td>{i.due_date}</td>
                    <td>
                      <StatusBadge status={i.status} kind="invoice" />
                    </td>
                    <td className="num">{i.total}</td>
                    <td className="num">{i.balance}</td>
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
