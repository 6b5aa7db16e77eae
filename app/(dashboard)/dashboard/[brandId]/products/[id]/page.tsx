import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { subscriptionsUsing } from "@/lib/catalog/usage";
import { StatusBadge } from "@/components/ui/status";
import { formatInstant, formatPeriod, formatWireMoney } from "@/lib/format";
import { RecordActions } from "@/components/dashboard/record-actions";
import { ledgerSteps, plural } from "@/components/dashboard/ledger-steps";
import { loadProduct } from "../_components/load-product";
import { deleteProduct, restoreProduct, suspendProduct } from "../actions";
import { RecordHistory } from "@/components/dashboard/record-history";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Product · Recurring Billing" };

const yesNo = (v: string) => (v === "Y" ? "Yes" : "No");

export default async function ProductPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const { product: p, groupName } = await loadProduct(ctx, id);
  const subs = await subscriptionsUsing(ctx, { productId: p.product_id });
  const dash = `/dashboard/${brandId}`;
  const base = `${dash}/products`;
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Products</Link> / {p.name}
      </p>
      <div className="page-head">
        <h1>
          {p.name} <StatusBadge status={p.status} />
        </h1>
        <div className="actions">
          {p.status !== STATUS.DELETED && (
            <Link href={`${base}/${p.product_id}/edit`} className="button secondary">
              Edit
            </Link>
          )}
          <RecordActions
            brandId={brandId}
            input={{ product_id: p.product_id }}
            steps={ledgerSteps({
              status: p.status,
              name: p.name,
              noun: "product",
              suspend: {
                action: suspendProduct,
                body: <p>No new subscriptions can start on this product; its {plural(subs.active, "active subscription")} keep being billed.</p>,
              },
              restore: {
                action: restoreProduct,
                body: (
                  <p>
                    The product can be subscribed to again.
                    {p.status === STATUS.DELETED
                      ? " A deleted product can be restored within 90 days; the subscriptions it was removed from do not get it back."
                      : ""}
                  </p>
                ),
              },
              delete: {
                action: deleteProduct,
                body: (
                  <>
                    <p>The product is removed from its {plural(subs.live, "subscription")} and no new subscriptions can start on it.</p>
                    <p>You can restore it within 90 days, but it is not put back on those subscriptions.</p>
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
            <Link href={`${dash}/product-groups/${p.product_group_id}`}>{groupName}</Link>
          </dd>
          <dt>Recurring price</dt>
          <dd className="num">{formatWireMoney(p.recurring_price, ctx.brand.currency)}</dd>
          <dt>Billing period</dt>
          <dd>{p.expiration_interval === 0 ? "One-time purchase (never renews)" : formatPeriod(p.interval_unit, p.expiration_interval)}</dd>
          <dt>Setup fee</dt>
          <dd className="num">{formatWireMoney(p.setup_fee, ctx.brand.currency)}</dd>
          <dt>Trial</dt>
          <dd>
            {p.trial === "Y"
              ? `${plural(p.trial_interval ?? 0, "day")} at ${p.trial_price ? formatWireMoney(p.trial_price, ctx.brand.currency) : "no charge"}`
              : "No"}
          </dd>
          <dt>Auto pay discount</dt>
          <dd>{p.auto_pay_discount === "Y" ? `${formatWireMoney(p.auto_pay_discount_amount, ctx.brand.currency)} off each period` : "No"}</dd>
          <dt>Tax exempt</dt>
          <dd>{yesNo(p.tax_exempt)}</dd>
          <dt>Asks for variables</dt>
          <dd>{yesNo(p.prompt_for_variables)}</dd>
          <dt>Active subscriptions</dt>
          <dd className="num">{subs.active}</dd>
        </dl>
      </section>

      <section className="card" aria-labelledby="about">
        <h2 id="about">About</h2>
        <dl className="details">
          <dt>Description</dt>
          <dd style={{ whiteSpace: "pre-line" }}>{p.description}</dd>
          <dt>Custom field 1</dt>
          <dd>{p.custom_field_1 ?? "—"}</dd>
          <dt>Custom field 2</dt>
          <dd>{p.custom_field_2 ?? "—"}</dd>
          <dt>Product id</dt>
          <dd>
            <code>{p.product_id}</code>
          </dd>
          <dt>Created</dt>
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
