import Link from "next/link";
import { notFound } from "next/navigation";
import { DetailHead, FactsCard, Section, recordDates } from "@/components/dashboard/detail";
import { openRecord, type RecordPageProps } from "../../_components/load-record";
import { payMethodDetail } from "@/lib/pay-methods/read";
import { STATUS } from "@/lib/lifecycle";
import { gatewayChoices } from "@/lib/gateways/list-gateways";
import { expiresText, payMethodLabel } from "../_components/labels";
import { PayMethodActions, VerifyBankForm } from "../_components/pay-method-actions";
import { RecordHistory } from "@/components/dashboard/record-history";

export const metadata = { title: "Pay method · Recurring Billing" };

export default async function PayMethodPage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const [p, gateways] = await Promise.all([payMethodDetail(ctx, id), gatewayChoices(ctx)]);
  if (!p) notFound();
  const gateway = gateways.find((g) => g.value === p.gatewayId)?.label ?? "A deleted gateway";
  const label = payMethodLabel(p);
  const live = p.status !== STATUS.DELETED;
  const method = { id: p.id, customerAccountId: p.customerAccountId, type: p.type, verified: p.verified, isDefault: p.isDefault, label };
  const badges = (
    <>
      {!live ? (
        <span className="badge bad">Deleted</span>
      ) : (
        <span className={`badge ${p.verified ? "ok" : "warn"}`}>{p.verified ? "Verified" : "Unverified"}</span>
      )}
      {p.isDefault && live && <span className="badge info">Default</span>}
    </>
  );
  return (
    <>
      <DetailHead list={{ href: `${dash}/pay-methods`, label: "Pay methods" }} title={label} badge={badges}>
        {live && <PayMethodActions brandId={brandId} method={method} />}
      </DetailHead>
      {live && !p.verified && p.type === "BA" && (
        <Section id="verify" title="Verify the bank account">
          <p className="muted">Two small deposits were sent to the account; enter their amounts as the customer sees them.</p>
          <VerifyBankForm brandId={brandId} method={method} />
        </Section>
      )}
      <FactsCard
        id="details"
        title="Details"
        facts={[
          ["Customer", <Link href={`${dash}/accounts/${p.customerAccountId}`}>{p.customerName}</Link>],
          ["Type", p.type === "CC" ? "Card" : `Bank account (${p.accountType ?? "checking"})`],
          ["Holder", p.holderName ?? "—"],
          p.type === "CC" && ["Expires", expiresText(p)],
          ["Gateway", gateway],
          ...recordDates(p.createdAt, p.deletedAt, "Added"),
        ]}
      />
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
