import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { formatInstant, formatMoney } from "@/lib/format";
import { RecordActions } from "@/components/dashboard/record-actions";
import { listDunningRulesPage } from "@/lib/dunning/list-dunning-rules";
import { loadInGroup } from "../../_components/load-record";
import { enforcementLabel } from "../_components/enforcement";
import { deleteDunningRule } from "../actions";

export const metadata = { title: "Dunning rule · Recurring Billing" };

export default async function DunningRulePage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const { record: r, groupName } = await loadInGroup(ctx, id, listDunningRulesPage);
  const dash = `/dashboard/${brandId}`;
  const base = `${dash}/dunning-rules`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Dunning rules</Link> / {r.name}
      </p>
      <div className="page-head">
        <h1>{r.name}</h1>
        <div className="actions">
          <Link href={`${base}/${r.id}/edit`} className="button secondary">
            Edit
          </Link>
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
        </div>
      </div>

      <section className="card" aria-labelledby="rule">
        <h2 id="rule">When and what</h2>
        <dl className="details">
          <dt>Product group</dt>
          <dd>
            <Link href={`${dash}/product-groups/${r.productGroupId}`}>{groupName}</Link>
          </dd>
          <dt>Applies</dt>
          <dd>
            {r.overdueDays} days after the due date, when at least {formatMoney(r.overdueAmountCents, r.currency)} is unpaid
          </dd>
          <dt>Action</dt>
          <dd>{enforcementLabel(r.action)}</dd>
          {r.postUrl && (
            <>
              <dt>Posts to</dt>
              <dd style={{ overflowWrap: "anywhere" }}>{r.postUrl}</dd>
            </>
          )}
          <dt>Description</dt>
          <dd style={{ whiteSpace: "pre-line" }}>{r.description}</dd>
          <dt>Created</dt>
          <dd>{formatInstant(r.createdAt)}</dd>
        </dl>
      </section>
    </>
  );
}
