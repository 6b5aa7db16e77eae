import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { paymentDetail } from "@/lib/payments/read";
import { formatInstant, formatMoney, invoiceName, shortId } from "@/lib/format";
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
  const title = `Payment …${shortId(p.id)}`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={`${dash}/payments`}>Payments</Link> / {title}
      </p>
      <div className="page-head">
        <h1>
          {title} <PaymentStatus status={p.status} />
        </h1>
        <div className="actions">
          {p.status === "succeeded" && (
            <RefundButton
              brandId={brandId}
              payment={{
                payment_id: p.id,
                customer_account_id: p.customerAccountId,
                invoice_id: p.invoiceId,
                amount: formatMoney(p.amountCents, p.currency),
                through_gateway: p.processedBy !== "recorded" && Boolean(p.gatewayId),
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
            <strong>{formatMoney(p.amountCents, p.currency)}</strong>
          </dd>
          <dt>Customer</dt>
          <dd>
            <Link href={`${dash}/accounts/${p.customerAccountId}`}>{p.customerName}</Link>
          </dd>
          <dt>Paid to</dt>
          <dd>{p.invoiceId ? <Link href={`${dash}/invoices/${p.invoiceId}`}>{invoiceName({ number: p.invoiceNumber })}</Link> : "Prepaid balance"}</dd>
          {p.subscriptionId && (
            <>
              <dt>Subscription</dt>
              <dd>
                <Link href={`${dash}/subscriptions/${p.subscriptionId}`}>View subscription</Link>
              </dd>
            </>
          )}
          <dt>How</dt>
          <dd>{paymentMethodLabel(p)}</dd>
          {p.payMethodId && (
            <>
              <dt>Pay method</dt>
              <dd>
                <Link href={`${dash}/pay-methods/${p.payMethodId}`}>View pay method</Link>
              </dd>
            </>
          )}
          <dt>Transaction id</dt>
          <dd>{p.paymentTransactionId ? <code>{p.paymentTransactionId}</code> : "—"}</dd>
          {p.failureReason && (
            <>
              <dt>Failure</dt>
              <dd>{p.failureReason}</dd>
            </>
          )}
          {p.reversedAt && (
            <>
              <dt>Refunded</dt>
              <dd>
                {formatInstant(p.reversedAt)}
                {p.refundTransactionId ? (
                  <>
                    {" "}
                    (gateway refund <code>{p.refundTransactionId}</code>)
                  </>
                ) : null}
              </dd>
            </>
          )}
          <dt>Date</dt>
          <dd>{formatInstant(p.createdAt)}</dd>
        </dl>
      </section>
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
