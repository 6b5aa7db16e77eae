import Link from "next/link";
import { DetailHead, EditLink, FactsCard } from "@/components/dashboard/detail";
import { formatInstant, formatMoney } from "@/lib/format";
import { RecordActions } from "@/components/dashboard/record-actions";
import { listDunningRulesPage } from "@/lib/dunning/list-dunning-rules";
import { loadInGroup, openRecord, type RecordPageProps } from "../../_components/load-record";
import { enforcementLabel } from "../_components/enforcement";
import { deleteDunningRule } from "../actions";

export const metadata = { title: "Dunning rule · Recurring Billing" };

export default async function DunningRulePage({ params }: RecordPageProps) {
  const { brandId, id, ctx, dash } = await openRecord(params);
  const { record: r, groupName } = await loadInGroup(ctx, id, listDunningRulesPage);
  const base = `${dash}/dunning-rules`;
  return (
    <>
      <DetailHead list={{ href: base, label: "Dunning rules" }} title={r.name}>
        <EditLink href={`${base}/${r.id}/edit`} />
        <RecordActions
          brandId={brandId}
          input={{ rule_id: r.id }}
          steps={[
            {
              label: "Delete",
              title: `Delete ${r.name}?`,
              confirmLabel: "Delete rule",
              danger: true,
              action: deleteDunningRule,
              then: base,
              body: <p>The rule is deleted for good: overdue invoices of {groupName} are no longer checked against it. What it already did stays done.</p>,
            },
          ]}
        />
      </DetailHead>

      <FactsCard
        id="rule"
        title="When and what"
        facts={[
          ["Product group", <Link href={`${dash}/product-groups/${r.productGroupId}`}>{groupName}</Link>],
          ["Applies", `${r.overdueDays} days after the due date, when at least ${formatMoney(r.overdueAmountCents, r.currency)} is unpaid`],
          ["Action", enforcementLabel(r.action)],
          r.postUrl && ["Posts to", r.postUrl],
          ["Description", r.description, "prose"],
          ["Created", formatInstant(r.createdAt)],
        ]}
      />
    </>
  );
}
