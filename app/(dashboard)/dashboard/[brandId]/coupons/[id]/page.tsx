import Link from "next/link";
import { dashboardContext } from "@/app/_auth/session";
import { productNames } from "@/lib/catalog/group-names";
import { subscriptionsUsing } from "@/lib/catalog/usage";
import { formatDate } from "@/lib/format";
import { RecordActions, type RecordStep } from "@/components/dashboard/record-actions";
import { plural } from "@/components/dashboard/ledger-steps";
import { listCouponsPage } from "@/lib/catalog/list-coupons";
import { loadRecord } from "../../_components/load-record";
import { CouponStatusBadge, discountText, durationText } from "../_components/words";
import { deleteCoupon, updateCoupon } from "../actions";
import { RecordDates } from "../../_components/record-about";
import { RecordHistory } from "@/components/dashboard/record-history";

export const metadata = { title: "Coupon · Recurring Billing" };

export default async function CouponPage({ params }: { params: Promise<{ brandId: string; id: string }> }) {
  const { brandId, id } = await params;
  const ctx = await dashboardContext(brandId);
  const c = await loadRecord(ctx, id, listCouponsPage);
  const productIds = c.productIds;
  const [names, subs] = await Promise.all([productNames(ctx, productIds), subscriptionsUsing(ctx, { couponId: c.id })]);
  const dash = `/dashboard/${brandId}`;
  const base = `${dash}/coupons`;
  const steps: RecordStep[] = [];
  // Coupons have no suspend: inactive stops them qualifying (Coupon/Update status), delete frees the code for good.
  if (c.status === "active" || c.status === "expired")
    steps.push({
      label: "Deactivate",
      title: `Deactivate ${c.code}?`,
      confirmLabel: "Deactivate coupon",
      action: updateCoupon,
      extra: { status: "inactive" },
      body: (
        <p>
          The coupon stops qualifying: it cannot be redeemed, and its {plural(subs.live, "subscription")} no longer get the discount, until you activate it
          again.
        </p>
      ),
    });
  if (c.status === "inactive")
    steps.push({
      label: "Activate",
      title: `Activate ${c.code}?`,
      confirmLabel: "Activate coupon",
      action: updateCoupon,
      extra: { status: "active" },
      body: <p>The coupon qualifies again: customers can redeem it and the subscriptions that carry it get the discount.</p>,
    });
  if (c.status !== "deleted")
    steps.push({
      label: "Delete",
      title: `Delete ${c.code}?`,
      confirmLabel: "Delete coupon",
      danger: true,
      action: deleteCoupon,
      body: (
        <>
          <p>
            The coupon stops qualifying on its {plural(subs.live, "subscription")} and can no longer be redeemed; its code {c.code} can be used for a new
            coupon.
          </p>
          <p>A deleted coupon cannot be restored.</p>
        </>
      ),
    });
  return (
    <>
      <p className="breadcrumb">
        <Link href={base}>Coupons</Link> / {c.code}
      </p>
      <div className="page-head">
        <h1>
          <code>{c.code}</code> <CouponStatusBadge status={c.status} />
        </h1>
        <div className="actions">
          {c.status !== "deleted" && (
            <Link href={`${base}/${c.id}/edit`} className="button secondary">
              Edit
            </Link>
          )}
          <RecordActions brandId={brandId} input={{ coupon_id: c.id }} steps={steps} />
        </div>
      </div>

      <section className="card" aria-labelledby="terms">
        <h2 id="terms">{c.name}</h2>
        <dl className="details">
          <dt>Discount</dt>
          <dd>{discountText(c)}</dd>
          <dt>Applies to</dt>
          <dd>{durationText(c)}</dd>
          <dt>Last day</dt>
          <dd>{c.expirationDate ? formatDate(c.expirationDate) : "No end"}</dd>
          <dt>Redeemed</dt>
          <dd>
            {c.redemptionCount}
            {c.maxRedemptions ? ` of at most ${c.maxRedemptions}` : " (no limit)"}
          </dd>
          <dt>Combines with others</dt>
          <dd>{c.stackable ? "Yes" : "No"}</dd>
          <dt>Products</dt>
          <dd>
            {productIds.length === 0
              ? "Any product"
              : productIds.map((p, i) => (
                  <span key={p}>
                    {i > 0 && ", "}
                    <Link href={`${dash}/products/${p}`}>{names.get(p) ?? p}</Link>
                  </span>
                ))}
          </dd>
          <dt>Subscriptions with it</dt>
          <dd className="num">{subs.live}</dd>
          <RecordDates createdAt={c.createdAt} deletedAt={c.deletedAt} />
        </dl>
      </section>
      <RecordHistory ctx={ctx} recordId={id} brandId={brandId} />
    </>
  );
}
