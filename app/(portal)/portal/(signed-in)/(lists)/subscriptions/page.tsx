import Link from "next/link";
import { portalSubscriptions } from "@/lib/portal/queries";
import { customerPage } from "../../../_lib/data";
import { SubscriptionStatus, planName } from "../../../_components/status";
import { Table } from "@/components/ui/table";

export const metadata = { title: "Subscriptions" };

export default async function Subscriptions() {
  const { ctx, f } = await customerPage();
  const subs = await portalSubscriptions(ctx);
  return (
    <>
      <h1>Subscriptions</h1>
      <p className="lede">Your plans, when they renew and what the next renewal costs.</p>
      <section className="p-card">
        {subs.length === 0 ? (
          <div className="p-empty">
            <strong>No subscriptions</strong>
            When you subscribe to a plan, it shows here.
          </div>
        ) : (
          <Table
            look="portal"
            caption="Subscriptions"
            rows={subs}
            rowKey={(s) => s.id}
            columns={[
              {
                header: "Plan",
                cell: (s) => (
                  <>
                    <Link href={`/portal/subscriptions/${s.id}`}>{planName(s)}</Link>
                    {s.nextRenewalCents !== null ? <span className="narrow-only muted">Renews {f.date(s.renewalDate)}</span> : null}
                  </>
                ),
              },
              { header: "Status", cell: (s) => <SubscriptionStatus status={s.status} /> },
              { header: "Since", wideOnly: true, className: "date", cell: (s) => f.date(s.startDate) },
              {
                header: "Renews",
                wideOnly: true,
                className: "date",
                cell: (s) => (s.nextRenewalCents !== null ? f.date(s.renewalDate) : <span className="muted">—</span>),
              },
              { header: "Next charge", numeric: true, cell: (s) => (s.nextRenewalCents === null ? "—" : f.money(s.nextRenewalCents)) },
            ]}
          />
        )}
      </section>
    </>
  );
}
