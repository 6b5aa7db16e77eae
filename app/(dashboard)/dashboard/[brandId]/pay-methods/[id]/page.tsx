import Link from "next/link";
import { notFound } from "next/navigation";
import { dashboardContext } from "@/app/_auth/session";
import { payMethodDetail } from "@/lib/pay-methods/page-queries";
import { gatewayChoices } from "@/lib/gateways/page-queries";
import { formatInstant } from "@/lib/format";
import { payMethodLabel } from "../_components/labels";
import { PayMethodActions, VerifyBankForm } from "../_components/pay-method-actions";
import { RecordHistory } from "@/components/dashboard/record-history";

export const metadata = { title: "Pay method · Recurring Billing" };

export default async function PayMethodPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const [p, gateways] = await Promise.all([payMethodDetail(ctx, id), gatewayChoices(ctx)]);
  if (!p) notFound();
  const gateway = gateways.find((g) => g.value === p.gateway_id)?.label ?? "A deleted gateway";
  const dash = `/dashboard/${brandId}`;
  const label = payMethodLabel(p);
  const live = !p.deleted;
  const method = {
    pay_method_id: p.pay_method_id,
    customer_account_id: p.customer_account_id,
    pay_method_type: p.pay_method_type,
    verified: p.verified,
    is_default: p.is_default,
    label,
  };
  return (
    <>
      <p className="breadcrumb">
        <Link href={`${dash}/pay-methods`}>Pay methods</Link> / {label}
      </p>
      <div className="page-head">
        <h1>
          {label}{" "}
          {!live ? (
            <span className="badge bad">Deleted</span>
          ) : (
            <span className={`badge ${p.verified === "Y" ? "ok" : "warn"}`}>{p.verified === "Y" ? "Verified" : "Unverified"}</span>
          )}
          {p.is_default === "Y" && live && <span className="badge info">Default</span>}
        </h1>
        <div className="actions">{live && <PayMethodActions brandId={brandId} method={method} />}</div>
      </div>
      {live && p.verified !== "Y" && p.pay_method_type === "BA" && (
        <section className="card" aria-labelledby="verify">
          <h2 id="verify">Verify the bank account</h2>
          <p className="muted">Two small deposits were sent to the account; enter their amounts as the customer sees them.</p>
          <VerifyBankForm brandId={brandId} method={method} />
        </section>
      )}
      <section className="card" aria-labelledby="details">
        <h2 id="details">Details</h2>
        <dl className="details">
          <dt>Customer</dt>
          <dd>
            <Link href={`${dash}/accounts/${p.customer_account_id}`}>{p.customer_name}</Link>
          </dd>
          <dt>Type</dt>
          <dd>{p.pay_method_type === "CC" ? "Card" : `Bank account (${p.account_type ?? "checking"})`}</dd>
          <dt>Holder</dt>
          <dd>{p.holder_name ?? "—"}</dd>
          {p.pay_method_type === "CC" && (
            <>
              <dt>Expires</dt>
              <dd>{p.expiration_month && p.expiration_year ? `${String(p.expiration_month).padStart(2, "0")}/${p.expiration_year}` : "—"}</dd>
            </>
          )}
          <dt>Gateway</dt>
          <dd>{gateway}</dd>
          <dt>Added</dt>
          <dd>{formatInstant(p.created)}</dd>
          {p.deleted && (
            <>
              <dt>Deleted</dt>
              <dd>{formatInstant(p.deleted)}</dd>
            </>
          )}
        </dl>
      </section>
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
