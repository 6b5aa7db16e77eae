import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { formatInstant, formatWireMoney } from "@/lib/format";
import { RecordActions } from "@/components/dashboard/record-actions";
import { loadRule } from "../_components/load-rule";
import { enforcementLabel } from "../_components/enforcement";
import { deleteDunningRule } from "../actions";

export const metadata = { title: "Dunning rule · Recurring Billing" };

export default async function DunningRulePage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const { rule: r, groupName } = await loadRule(ctx, id);
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
          <Link href={`${base}/${r.rule_id}/edit`} className="button secondary">
            Edit
          </Link>
          <RecordActions
            brandId={brandId}
            input={{ rule_id: r.rule_id }}
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
            <Link href={`${dash}/product-groups/${r.product_group_id}`}>{groupName}</Link>
          </dd>
          <dt>Applies</dt>
          <dd>
            {r.overdue_days} days after the due date, when at least {formatWireMoney(r.overdue_amount, ctx.brand.currency)} is unpaid
          </dd>
          <dt>Action</dt>
          <dd>{enforcementLabel(r.enforcement_action)}</dd>
          {r.post_url && (
            <>
              <dt>Posts to</dt>
              <dd style={{ overflowWrap: "anywhere" }}>{r.post_url}</dd>
            </>
          )}
          <dt>Description</dt>
          <dd style={{ whiteSpace: "pre-line" }}>{r.description}</dd>
          <dt>Created</dt>
          <dd>{formatInstant(r.created)}</dd>
        </dl>
      </section>
    </>
  );
}
