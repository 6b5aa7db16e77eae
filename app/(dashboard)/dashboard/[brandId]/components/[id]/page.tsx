import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { subscriptionsUsing } from "@/lib/catalog/usage";
import { StatusBadge } from "@/components/ui/status";
import { formatInstant, formatWireMoney } from "@/lib/format";
import { RecordActions } from "@/components/dashboard/record-actions";
import { ledgerSteps, plural } from "@/components/dashboard/ledger-steps";
import { loadComponent } from "../_components/load-component";
import { componentTypeLabel } from "../_components/types";
import { deleteComponent, restoreComponent, suspendComponent } from "../actions";
import { RecordHistory } from "@/components/dashboard/record-history";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Component · Recurring Billing" };

export default async function ComponentPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const { component: c, groupName } = await loadComponent(ctx, id);
  const subs = await subscriptionsUsing(ctx, { componentId: c.component_id });
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
            <Link href={`${base}/${c.component_id}/edit`} className="button secondary">
              Edit
            </Link>
          )}
          <RecordActions
            brandId={brandId}
            input={{ component_id: c.component_id }}
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
            <Link href={`${dash}/product-groups/${c.product_group_id}`}>{groupName}</Link>
          </dd>
          <dt>Type</dt>
          <dd>{componentTypeLabel(c.component_type)}</dd>
          <dt>{c.component_type === "traditional" ? "Price per period" : "Price per unit"}</dt>
          <dd className="num">{formatWireMoney(c.unit_price, ctx.brand.currency)}</dd>
          <dt>Setup fee</dt>
          <dd className="num">{formatWireMoney(c.setup_fee, ctx.brand.currency)}</dd>
          {c.component_type !== "traditional" && (
            <>
              <dt>Units included free</dt>
              <dd className="num">{c.starting_quantity ?? 0}</dd>
            </>
          )}
          {c.component_type === "quantitative" && (
            <>
              <dt>Most units</dt>
              <dd className="num">{c.maximum_units ?? "No limit"}</dd>
            </>
          )}
          <dt>Taxable</dt>
          <dd>{c.taxable === "Y" ? "Yes" : "No"}</dd>
          <dt>Subscriptions with it</dt>
          <dd className="num">{subs.live}</dd>
        </dl>
      </section>

      <section className="card" aria-labelledby="about">
        <h2 id="about">About</h2>
        <dl className="details">
          <dt>Description</dt>
          <dd style={{ whiteSpace: "pre-line" }}>{c.description}</dd>
          <dt>Custom field 1</dt>
          <dd>{c.custom_field_1 ?? "—"}</dd>
          <dt>Custom field 2</dt>
          <dd>{c.custom_field_2 ?? "—"}</dd>
          <dt>Component id</dt>
          <dd>
            <code>{c.component_id}</code>
          </dd>
          <dt>Created</dt>
          <dd>{formatInstant(c.created)}</dd>
          {c.deleted && (
            <>
              <dt>Deleted</dt>
              <dd>{formatInstant(c.deleted)}</dd>
            </>
          )}
        </dl>
      </section>
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
