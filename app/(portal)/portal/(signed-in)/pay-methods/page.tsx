import { portalPayMethods } from "@/lib/portal/queries";
import { customerPage } from "../../_lib/data";
import { expiry, payMethodLabel } from "../../_components/pay-method-label";
import { AddPayMethod } from "./_components/add-pay-method";
import { PayMethodActions } from "./_components/pay-method-actions";
import "../../_components/billing.css";

export const metadata = { title: "Pay methods" };

export default async function PayMethods() {
  const { ctx } = await customerPage();
  const methods = await portalPayMethods(ctx);
  return (
    <>
      <h1>Pay methods</h1>
      <p className="lede">The cards and bank accounts you pay with. Your default one pays renewals when automatic payment is on.</p>
      <section className="p-card" aria-labelledby="saved">
        <h2 id="saved">Saved pay methods</h2>
        {methods.length === 0 ? (
          <div className="p-empty">
            <strong>No pay methods yet</strong>
            Add a card or a bank account below to pay invoices and renew automatically.
          </div>
        ) : (
          <ul className="p-list p-methods">
            {methods.map((m) => {
              const label = payMethodLabel(m);
              const expires = expiry(m);
              return (
                <li key={m.id} data-pay-method={m.id}>
                  <span className="p-method-name">
                    <strong>
                      {label} {m.isDefault ? <span className="p-badge ok">Default</span> : null}{" "}
                      {m.verified ? null : <span className="p-badge warn">Needs verification</span>}
                    </strong>
                    <span className="muted">{[m.holderName, expires ? `Expires ${expires}` : null].filter(Boolean).join(" · ") || "\u00a0"}</span>
                  </span>
                  <PayMethodActions method={{ id: m.id, type: m.type, verified: m.verified, isDefault: m.isDefault, label }} />
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className="p-card" aria-labelledby="add">
        <h2 id="add">Add a pay method</h2>
        <p className="p-section-note">Card and account numbers go straight to our payment processor; we keep only the last four digits.</p>
        <AddPayMethod />
      </section>
    </>
  );
}
