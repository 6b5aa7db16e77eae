import Link from "next/link";
import { notFound } from "next/navigation";
import { subscriptionDetail } from "@/lib/subscriptions/read";
import { listInvoicesPage } from "@/lib/invoices/list-invoices";
import { StatusBadge } from "@/components/ui/status";
import { formatDate, formatMoney, invoiceName } from "@/lib/format";
import { LinesTable } from "@/components/ui/lines-table";
import { CompactSection } from "@/components/dashboard/compact-table";
import { DetailHead, EditLink, FactsCard, Section, recordDates } from "@/components/dashboard/detail";
import { STATUS } from "@/lib/lifecycle";
import { openRecord, type RecordPageProps } from "../../_components/load-record";
import { SubscriptionActions } from "../_components/subscription-actions";
import { RecordHistory } from "@/components/dashboard/record-history";

export const metadata = { title: "Subscription · Recurring Billing" };

const MAX_SHOWN = 100;

export default async function SubscriptionPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const s = await subscriptionDetail(ctx, id);
  if (!s) notFound();
  const invoices = await listInvoicesPage(ctx, { filters: { subscriptionId: s.id }, pageSize: MAX_SHOWN });
  const base = `${dash}/subscriptions/${s.id}`;
  const name = `${s.productName ?? "Subscription"} for ${s.customerName}`;
  return (
    <>
      <DetailHead list={{ href: `${dash}/subscriptions`, label: "Subscriptions" }} title={name} badge={<StatusBadge status={s.status} />}>
        {s.status !== STATUS.DELETED && (
          <>
            <EditLink href={`${base}/edit`} />
            <EditLink href={`${base}/change-product`}>Change product</EditLink>
          </>
        )}
        <SubscriptionActions brandId={brandId} id={s.id} name={name} status={s.status} />
      </DetailHead>

      <FactsCard
        id="terms"
        title="Terms"
        facts={[
          ["Customer", <Link href={`${dash}/accounts/${s.customerAccountId}`}>{s.customerName}</Link>],
          ["Product", s.productName ?? "— (deleted)"],
          ["Started", formatDate(s.startDate)],
          ["Current period from", formatDate(s.periodStart)],
          ["Renews", s.renewalDate ? formatDate(s.renewalDate) : "Never (one-time)"],
          ["In trial", s.inTrial ? "Yes" : "No"],
          ["Auto pay", s.autoPay ? "Yes" : "No"],
          ["Pay method", s.payMethodId ? <Link href={`${dash}/pay-methods/${s.payMethodId}`}>View pay method</Link> : "The customer's default"],
          s.overrideInitialBilling && [
            "Initial billing",
            `Recorded as paid${s.paymentGateway ? ` via ${s.paymentGateway}` : ""}${s.paymentTransactionId ? ` (${s.paymentTransactionId})` : ""}`,
          ],
          ["Custom fields", [s.customField1, s.customField2].filter(Boolean).join(" · ") || "—"],
          ...recordDates(s.createdAt, s.deletedAt),
        ]}
      />

      <CompactSection
        id="components"
        title="Components"
        regionLabel="Components of this subscription"
        empty="No components."
        list={{ rows: s.components }}
        columns={[
          { header: "Component", cell: (c) => c.name },
          { header: "Type", cell: (c) => c.type },
          { header: "Units", numeric: true, cell: (c) => c.units },
          { header: "Usage this period", numeric: true, cell: (c) => (c.type === "metered" ? c.usage : "—") },
        ]}
      />
      <CompactSection
        id="coupons"
        title="Coupons"
        regionLabel="Coupons of this subscription"
        empty="No coupons."
        list={{ rows: s.coupons }}
        columns={[
          { header: "Code", cell: (c) => c.couponCode },
          { header: "Name", cell: (c) => c.name },
          { header: "Cycles applied", numeric: true, cell: (c) => c.cyclesApplied },
          { header: "Applies", cell: (c) => (c.disqualifiedBy ? `No: ${c.disqualifiedBy}` : "Yes") },
        ]}
      />

      <Section id="upcoming" title="Upcoming invoice">
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
            <LinesTable
              label="Lines of the upcoming invoice"
              item="Line"
              lines={s.nextLines.map((l) => ({ name: l.name, quantity: l.quantity, amount: formatMoney(l.amountCents, s.currency) }))}
            />
          </>
        )}
      </Section>

      <CompactSection
        id="invoices"
        title="Invoices"
        regionLabel="Invoices of this subscription"
        empty="No invoices yet."
        list={invoices}
        columns={[
          { header: "Invoice", cell: (i) => <Link href={`${dash}/invoices/${i.id}`}>{invoiceName(i)}</Link> },
          { header: "Due", cell: (i) => formatDate(i.dueDate) },
          { header: "Status", cell: (i) => <StatusBadge status={i.status} kind="invoice" /> },
          { header: "Total", numeric: true, cell: (i) => formatMoney(i.totalCents, i.currency) },
          { header: "Balance", numeric: true, cell: (i) => formatMoney(i.balanceCents, i.currency) },
        ]}
      />
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
