import Link from "next/link";
import { portalOverview } from "@/lib/portal/queries";
import { customerPage } from "../../_lib/data";
import { InvoiceStatus, planName } from "../../_components/status";
import { TicketForm } from "../../_components/ticket-form";
import "../../_components/billing.css";

export const metadata = { title: "Overview" };

export default async function Overview() {
  const { ctx, profile, f } = await customerPage();
  const o = await portalOverview(ctx);
  // "Pay now" opens the invoice due first; each open invoice below has its own.
  const dueFirst = [...o.openInvoices].sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0];
  return (
    <>
      <h1>Hello, {profile.user.firstName}</h1>
      <p className="lede">{profile.account.name}</p>
      <div className="p-grid">
        <section className="p-card" aria-labelledby="due">
          <p className="p-stat-label" id="due">
            Balance due
          </p>
          <p className="p-stat">{f.money(o.balanceDueCents)}</p>
          <p className="muted" style={{ margin: 0 }}>
            {o.openInvoices.length === 0 ? "You're all paid up." : `${o.openInvoices.length} open invoice${o.openInvoices.length === 1 ? "" : "s"}`}
          </p>
          {dueFirst ? (
            <p className="p-actions" style={{ marginTop: 8 }}>
              <Link className="p-button" href={`/portal/invoices/${dueFirst.id}#pay`} aria-label={`Pay now: invoice ${dueFirst.number}`}>
                Pay now
              </Link>
            </p>
          ) : null}
        </section>
        <section className="p-card" aria-labelledby="subs">
          <p className="p-stat-label" id="subs">
            Active subscriptions
          </p>
          <p className="p-stat">{o.subscriptions.length}</p>
          <Link href="/portal/subscriptions">See subscriptions</Link>
        </section>
        <section className="p-card" aria-labelledby="tickets">
          <p className="p-stat-label" id="tickets">
            Open support tickets
          </p>
          <p className="p-stat">{o.tickets.length}</p>
          {profile.brand.supportEmail ? <a href={`mailto:${profile.brand.supportEmail}`}>Contact support</a> : null}
        </section>
      </div>

      <section className="p-card">
        <h2>Your subscriptions</h2>
        {o.subscriptions.length === 0 ? (
          <div className="p-empty">
            <strong>No active subscriptions</strong>
            When you subscribe to a plan, it shows here with its next renewal.
          </div>
        ) : (
          <ul className="p-list">
            {o.subscriptions.map((s) => (
              <li key={s.id}>
                <span>
                  <Link href={`/portal/subscriptions/${s.id}`}>{planName(s)}</Link>
                  {s.inTrial ? <span className="muted"> · trial</span> : null}
                </span>
                <span>
                  {s.nextRenewalCents !== null ? (
                    <>
                      Renews {f.date(s.renewalDate)} · <strong>{f.money(s.nextRenewalCents)}</strong>
                    </>
                  ) : (
                    <span className="muted">Does not renew</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="p-card">
        <h2>Open invoices</h2>
        {o.openInvoices.length === 0 ? (
          <div className="p-empty">
            <strong>Nothing to pay</strong>
            <Link href="/portal/invoices">See all invoices</Link>
          </div>
        ) : (
          <ul className="p-list">
            {o.openInvoices.map((i) => (
              <li key={i.id}>
                <span>
                  <Link href={`/portal/invoices/${i.id}`}>Invoice {i.number}</Link> <InvoiceStatus status={i.status} />
                </span>
                <span>
                  Due {f.date(i.dueDate)} · <strong>{f.money(i.balanceCents)}</strong> ·{" "}
                  <Link href={`/portal/invoices/${i.id}#pay`} aria-label={`Pay invoice ${i.number}`}>
                    Pay
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="p-card">
        <h2>Open support tickets</h2>
        {o.tickets.length === 0 ? (
          <div className="p-empty">
            <strong>No open tickets</strong>
            {profile.brand.supportEmail ? (
              <>
                Need help? Write to <a href={`mailto:${profile.brand.supportEmail}`}>{profile.brand.supportEmail}</a>.
              </>
            ) : (
              "Questions you send to support show here until they are answered."
            )}
          </div>
        ) : (
          <ul className="p-list">
            {o.tickets.map((t) => (
              <li key={t.id}>
                <span>
                  #{t.number} {t.subject}
                </span>
                <span className="muted">
                  {f.status("ticket", t.workingStatus)} · updated {f.day(t.updatedAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <details>
          <summary>Ask support a question</summary>
          <TicketForm />
        </details>
      </section>
    </>
  );
}
