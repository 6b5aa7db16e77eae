import Link from "next/link";
import { notFound } from "next/navigation";
import { DetailHead, FactsCard, Section, recordDates } from "@/components/dashboard/detail";
import { openRecord, type RecordPageProps } from "../../_components/load-record";
import { payMethodDetail } from "@/lib/pay-methods/page-queries";
import { gatewayChoices } from "@/lib/gateways/page-queries";
import { payMethodLabel } from "../_components/labels";
import { PayMethodActions, VerifyBankForm } from "../_components/pay-method-actions";
import { RecordHistory } from "@/components/dashboard/record-history";

export const metadata = { title: "Pay method · Recurring Billing" };

export default async function PayMethodPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const [p, gateways] = await Promise.all([payMethodDetail(ctx, id), gatewayChoices(ctx)]);
  if (!p) notFound();
  const gateway = gateways.find((g) => g.value === p.gateway_id)?.label ?? "A deleted gateway";
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
  const badges = (
    <>
      {!live ? (
        <span className="badge bad">Deleted</span>
      ) : (
        <span className={`badge ${p.verified === "Y" ? "ok" : "warn"}`}>{p.verified === "Y" ? "Verified" : "Unverified"}</span>
      )}
      {p.is_default === "Y" && live && <span className="badge info">Default</span>}
    </>
  );
  return (
    <>
      <DetailHead list={{ href: `${dash}/pay-methods`, label: "Pay methods" }} title={label} badge={badges}>
        {live && <PayMethodActions brandId={brandId} method={method} />}
      </DetailHead>
      {live && p.verified !== "Y" && p.pay_method_type === "BA" && (
        <Section id="verify" title="Verify the bank account">
          <p className="muted">Two small deposits were sent to the account; enter their amounts as the customer sees them.</p>
          <VerifyBankForm brandId={brandId} method={method} />
        </Section>
      )}
      <FactsCard
        id="details"
        title="Details"
        facts={[
          ["Customer", <Link href={`${dash}/accounts/${p.customer_account_id}`}>{p.customer_name}</Link>],
          ["Type", p.pay_method_type === "CC" ? "Card" : `Bank account (${p.account_type ?? "checking"})`],
          ["Holder", p.holder_name ?? "—"],
          p.pay_method_type === "CC" && [
            "Expires",
            p.expiration_month && p.expiration_year ? `${String(p.expiration_month).padStart(2, "0")}/${p.expiration_year}` : "—",
          ],
          ["Gateway", gateway],
          ...recordDates(p.created, p.deleted, "Added"),
        ]}
      />
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
