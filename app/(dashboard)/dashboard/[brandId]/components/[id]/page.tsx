import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { subscriptionsUsing } from "@/lib/catalog/usage";
import { StatusBadge } from "@/components/ui/status";
import { formatMoney } from "@/lib/format";
import { RecordActions } from "@/components/dashboard/record-actions";
import { ledgerSteps, plural } from "@/components/dashboard/ledger-steps";
import { listComponentsPage } from "@/lib/catalog/list-components";
import { loadInGroup } from "../../_components/load-record";
import { componentTypeLabel } from "../_components/types";
import { deleteComponent, restoreComponent, suspendComponent } from "../actions";
import { RecordAbout } from "../../_components/record-about";
import { RecordHistory } from "@/components/dashboard/record-history";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Component · Recurring Billing" };

export default async function ComponentPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const { record: c, groupName } = await loadInGroup(ctx, id, listComponentsPage);
  const subs = await subscriptionsUsing(ctx, { componentId: c.id });
  const dash = `/dashboard/${brandId}`;
  const base = `${dash}/components`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Components</Link> / {c.name}
      </p>
      <div className="page-head">
        <h1>
          {c.name} <StatusBadge status={c.status} />
        </h1>
        <div className="actions">
          {c.status !== STATUS.DELETED && (
            <Link href={`${base}/${c.id}/edit`} className="button secondary">
              Edit
            </Link>
          )}
          <RecordActions
            brandId={brandId}
            input={{ component_id: c.id }}
            steps={ledgerSteps({
              status: c.status,
              name: c.name,
              noun: "component",
              suspend: {
                action: suspendComponent,
                body: (
                  <p>It can no longer be added to subscriptions; the {plural(subs.active, "active subscription")} that have it keep being billed for it.</p>
                ),
              },
              restore: {
                action: restoreComponent,
                body: <p>It can be added to subscriptions again.{c.status === STATUS.DELETED ? " A deleted component can be restored within 90 days." : ""}</p>,
              },
              delete: {
                action: deleteComponent,
                body: (
                  <>
                    <p>It becomes unavailable to its {plural(subs.live, "subscription")} (no longer billed for it) and to new ones.</p>
                    <p>You can restore it within 90 days.</p>
                  </>
                ),
              },
            })}
          />
        </div>
      </div>

      <section className="card" aria-labelledby="pricing">
        <h2 id="pricing">Pricing</h2>
        <dl className="details">
          <dt>Product group</dt>
          <dd>
            <Link href={`${dash}/product-groups/${c.productGroupId}`}>{groupName}</Link>
          </dd>
          <dt>Type</dt>
          <dd>{componentTypeLabel(c.type)}</dd>
          <dt>{c.type === "traditional" ? "Price per period" : "Price per unit"}</dt>
          <dd className="num">{formatMoney(c.unitPriceCents, c.currency)}</dd>
          <dt>Setup fee</dt>
          <dd className="num">{c.setupFeeCents === null ? "—" : formatMoney(c.setupFeeCents, c.currency)}</dd>
          {c.type !== "traditional" && (
            <>
              <dt>Units included free</dt>
              <dd className="num">{c.startingQuantity ?? 0}</dd>
            </>
          )}
          {c.type === "quantitative" && (
            <>
              <dt>Most units</dt>
              <dd className="num">{c.maximumUnits ?? "No limit"}</dd>
            </>
          )}
          <dt>Taxable</dt>
          <dd>{c.taxable ? "Yes" : "No"}</dd>
          <dt>Subscriptions with it</dt>
          <dd className="num">{subs.live}</dd>
        </dl>
      </section>

      <RecordAbout noun="Component" record={c} />
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
