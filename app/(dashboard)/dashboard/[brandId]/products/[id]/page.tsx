import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { subscriptionsUsing } from "@/lib/catalog/usage";
import { StatusBadge } from "@/components/ui/status";
import { formatMoney, formatPeriod } from "@/lib/format";
import { RecordActions } from "@/components/dashboard/record-actions";
import { ledgerSteps, plural } from "@/components/dashboard/ledger-steps";
import { listProductsPage } from "@/lib/catalog/list-products";
import { loadInGroup } from "../../_components/load-record";
import { deleteProduct, restoreProduct, suspendProduct } from "../actions";
import { RecordAbout } from "../../_components/record-about";
import { RecordHistory } from "@/components/dashboard/record-history";
import { STATUS } from "@/lib/lifecycle";

export const metadata = { title: "Product · Recurring Billing" };

const yesNo = (v: boolean) => (v ? "Yes" : "No");

export default async function ProductPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const { record: p, groupName } = await loadInGroup(ctx, id, listProductsPage);
  const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents, p.currency));
  const subs = await subscriptionsUsing(ctx, { productId: p.id });
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
            <Link href={`${base}/${p.id}/edit`} className="button secondary">
              Edit
            </Link>
          )}
          <RecordActions
            brandId={brandId}
            input={{ product_id: p.id }}
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
            <Link href={`${dash}/product-groups/${p.productGroupId}`}>{groupName}</Link>
          </dd>
          <dt>Recurring price</dt>
          <dd className="num">{money(p.recurringPriceCents)}</dd>
          <dt>Billing period</dt>
          <dd>{p.expirationInterval === 0 ? "One-time purchase (never renews)" : formatPeriod(p.intervalUnit, p.expirationInterval)}</dd>
          <dt>Setup fee</dt>
          <dd className="num">{money(p.setupFeeCents)}</dd>
          <dt>Trial</dt>
          <dd>{p.trial ? `${plural(p.trialIntervalDays ?? 0, "day")} at ${p.trialPriceCents ? money(p.trialPriceCents) : "no charge"}` : "No"}</dd>
          <dt>Auto pay discount</dt>
          <dd>{p.autoPayDiscount ? `${money(p.autoPayDiscountCents)} off each period` : "No"}</dd>
          <dt>Tax exempt</dt>
          <dd>{yesNo(p.taxExempt)}</dd>
          <dt>Asks for variables</dt>
          <dd>{yesNo(p.promptForVariables)}</dd>
          <dt>Active subscriptions</dt>
          <dd className="num">{subs.active}</dd>
        </dl>
      </section>

      <RecordAbout noun="Product" record={p} />
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
