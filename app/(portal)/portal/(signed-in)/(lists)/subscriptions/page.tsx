import Link from "next/link";
import { portalSubscriptions } from "@/lib/portal/queries";
import { customerPage } from "../../../_lib/data";
import { SubscriptionStatus, planName } from "../../../_components/status";

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
          <div className="p-table-wrap">
            <table className="p-table">
              <caption className="skip">Subscriptions</caption>
              <thead>
                <tr>
                  <th scope="col">Plan</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="wide-only">
                    Since
                  </th>
                  <th scope="col" className="wide-only">
                    Renews
                  </th>
                  <th scope="col" className="num">
                    Next charge
                  </th>
                </tr>
              </thead>
              <tbody>
                {subs.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <Link href={`/portal/subscriptions/${s.id}`}>{planName(s)}</Link>
                      {s.nextRenewalCents !== null ? <span className="narrow-only muted">Renews {f.date(s.renewalDate)}</span> : null}
                    </td>
                    <td>
                      <SubscriptionStatus status={s.status} />
                    </td>
                    <td className="wide-only date">{f.date(s.startDate)}</td>
                    <td className="wide-only date">{s.nextRenewalCents !== null ? f.date(s.renewalDate) : <span className="muted">—</span>}</td>
                    <td className="num">{s.nextRenewalCents === null ? "—" : f.money(s.nextRenewalCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
