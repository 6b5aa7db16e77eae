import Link from "next/link";
import { portalPayMethods, portalSubscription } from "@/lib/portal/queries";
import { STATUS } from "@/lib/lifecycle";
import { customerPage, orNotFound } from "../../../_lib/data";
import { InvoiceStatus, SubscriptionStatus, planName } from "../../../_components/status";
import { payMethodLabel } from "../../../_components/pay-method-label";
import { ManageSubscription } from "./_components/manage-subscription";
import "../../../_components/billing.css";

export const metadata = { title: "Subscription" };

export default async function SubscriptionPage({ params }: { params: Promise<{ subscriptionId: string }> }) {
  const { subscriptionId } = await params;
  const { ctx, f } = await customerPage();
  const { subscription: s, invoices, choices } = await orNotFound(portalSubscription(ctx, subscriptionId));
  const methods = (await portalPayMethods(ctx)).filter((m) => m.verified).map((m) => ({ id: m.id, label: payMethodLabel(m), isDefault: m.isDefault }));
  const paysWith = methods.find((m) => (s.payMethodId ? m.id === s.payMethodId : m.isDefault));
  return (
    <>
      <p className="crumbs">
        <Link href="/portal/subscriptions">← All subscriptions</Link>
      </p>
      <h1>
        {planName(s)} <SubscriptionStatus status={s.status} />
      </h1>
      <p className="lede">{s.inTrial ? "In its trial period." : `Subscribed since ${f.date(s.startDate)}.`}</p>
      <section className="p-card">
        <h2>Details</h2>
        <dl className="p-dl">
          <dt>Current period began</dt>
          <dd>{f.date(s.periodStart)}</dd>
          <dt>Next renewal</dt>
          <dd>{s.nextRenewalCents !== null ? f.date(s.renewalDate) : s.status === STATUS.ACTIVE ? "Does not renew" : "Not while suspended"}</dd>
          <dt>Next charge</dt>
          <dd>{s.nextRenewalCents === null ? "—" : f.money(s.nextRenewalCents)}</dd>
          <dt>Automatic payment</dt>
          <dd>{s.autoPay ? `On: renewals are charged to ${paysWith ? paysWith.label : "your default pay method"}` : "Off: you pay each invoice yourself"}</dd>
          {s.components.length ? (
            <>
              <dt>Add-ons</dt>
              <dd>{s.components.map((c) => `${c.name} × ${c.units}`).join(", ")}</dd>
            </>
          ) : null}
          {s.coupons.length ? (
            <>
              <dt>Coupons</dt>
              <dd>{s.coupons.map((c) => c.couponCode).join(", ")}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className="p-card">
        <h2>Recent invoices</h2>
        {invoices.length === 0 ? (
          <div className="p-empty">No invoices for this subscription yet.</div>
        ) : (
          <ul className="p-list">
            {invoices.map((i) => (
              <li key={i.id}>
                <span>
                  <Link href={`/portal/invoices/${i.id}`}>Invoice {i.number}</Link> <InvoiceStatus status={i.status} />
                </span>
                <span>
                  Due {f.date(i.dueDate)} · {f.money(i.totalCents)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ManageSubscription subscription={s} choices={choices} methods={methods} locale={f.locale} timeZone={f.timeZone} today={f.day(ctx.now())} />
    </>
  );
}
