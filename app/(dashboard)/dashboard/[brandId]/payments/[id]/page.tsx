import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { paymentDetail } from "@/lib/payments/page-queries";
import { formatInstant, shortId } from "@/lib/format";
import { PaymentStatus } from "../columns";
import { paymentMethodLabel } from "../_components/labels";
import { RefundButton } from "../_components/refund-button";
import { RecordHistory } from "@/components/dashboard/record-history";

export const metadata = { title: "Payment · Recurring Billing" };

export default async function PaymentPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const p = await paymentDetail(ctx, id);
  if (!p) notFound();
  const dash = `/dashboard/${brandId}`;
  const title = `Payment …${shortId(p.payment_id)}`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={`${dash}/payments`}>Payments</Link> / {title}
      </p>
      <div className="page-head">
        <h1>
          {title} <PaymentStatus status={p.payment_status} />
        </h1>
        <div className="actions">
          {p.payment_status === "succeeded" && (
            <RefundButton
              brandId={brandId}
              payment={{
                payment_id: p.payment_id,
                customer_account_id: p.customer_account_id,
                invoice_id: p.invoice_id,
                amount: p.amount,
                through_gateway: p.override_billing === "N" && Boolean(p.gateway_id),
              }}
            />
          )}
        </div>
      </div>
      <section className="card" aria-labelledby="details">
        <h2 id="details">Details</h2>
        <dl className="details">
          <dt>Amount</dt>
          <dd className="num">
            <strong>{p.amount}</strong>
          </dd>
          <dt>Customer</dt>
          <dd>
            <Link href={`${dash}/accounts/${p.customer_account_id}`}>{p.customer_name}</Link>
          </dd>
          <dt>Paid to</dt>
          <dd>{p.invoice_id ? <Link href={`${dash}/invoices/${p.invoice_id}`}>Invoice …{shortId(p.invoice_id)}</Link> : "Prepaid balance"}</dd>
          {p.subscription_id && (
            <>
              <dt>Subscription</dt>
              <dd>
                <Link href={`${dash}/subscriptions/${p.subscription_id}`}>View subscription</Link>
              </dd>
            </>
          )}
          <dt>How</dt>
          <dd>{paymentMethodLabel(p)}</dd>
          {p.pay_method_id && (
            <>
              <dt>Pay method</dt>
              <dd>
                <Link href={`${dash}/pay-methods/${p.pay_method_id}`}>View pay method</Link>
              </dd>
            </>
          )}
          <dt>Transaction id</dt>
          <dd>{p.payment_transaction_id ? <code>{p.payment_transaction_id}</code> : "—"}</dd>
          {p.failure_reason && (
            <>
              <dt>Failure</dt>
              <dd>{p.failure_reason}</dd>
            </>
          )}
          {p.reversed && (
            <>
              <dt>Refunded</dt>
              <dd>
                {formatInstant(p.reversed)}
                {p.refund_transaction_id ? (
                  <>
                    {" "}
                    (gateway refund <code>{p.refund_transaction_id}</code>)
                  </>
                ) : null}
              </dd>
            </>
          )}
          <dt>Date</dt>
          <dd>{formatInstant(p.created)}</dd>
        </dl>
      </section>
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
