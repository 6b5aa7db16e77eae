import Link from "next/link";
import { notFound } from "next/navigation";
import { DetailHead, FactsCard } from "@/components/dashboard/detail";
import { openRecord, type RecordPageProps } from "../../_components/load-record";
import { paymentDetail } from "@/lib/payments/read";
import { formatInstant, formatMoney, invoiceName, shortId } from "@/lib/format";
import { PaymentStatus } from "../columns";
import { paymentMethodLabel } from "../_components/labels";
import { RefundButton } from "../_components/refund-button";
import { RecordHistory } from "@/components/dashboard/record-history";

export const metadata = { title: "Payment · Recurring Billing" };

export default async function PaymentPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const p = await paymentDetail(ctx, id);
  if (!p) notFound();
  const title = `Payment …${shortId(p.id)}`;
  return (
    <>
      <DetailHead list={{ href: `${dash}/payments`, label: "Payments" }} title={title} badge={<PaymentStatus status={p.status} />}>
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
      </DetailHead>
      <FactsCard
        id="details"
        title="Details"
        facts={[
          ["Amount", <strong>{formatMoney(p.amountCents, p.currency)}</strong>, "num"],
          ["Customer", <Link href={`${dash}/accounts/${p.customerAccountId}`}>{p.customerName}</Link>],
          ["Paid to", p.invoiceId ? <Link href={`${dash}/invoices/${p.invoiceId}`}>{invoiceName({ number: p.invoiceNumber })}</Link> : "Prepaid balance"],
          p.subscriptionId && ["Subscription", <Link href={`${dash}/subscriptions/${p.subscriptionId}`}>View subscription</Link>],
          ["How", paymentMethodLabel(p)],
          p.payMethodId && ["Pay method", <Link href={`${dash}/pay-methods/${p.payMethodId}`}>View pay method</Link>],
          ["Transaction id", p.paymentTransactionId ? <code>{p.paymentTransactionId}</code> : "—"],
          p.failureReason && ["Failure", p.failureReason],
          p.reversedAt && [
            "Refunded",
            <>
              {formatInstant(p.reversedAt)}
              {p.refundTransactionId ? (
                <>
                  {" "}
                  (gateway refund <code>{p.refundTransactionId}</code>)
                </>
              ) : null}
            </>,
          ],
          ["Date", formatInstant(p.createdAt)],
        ]}
      />
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
